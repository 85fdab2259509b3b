/**
 * The SandboxState contract (src/sandboxes/sandbox-state.contract.ts) against both implementations: in
 * memory, and in Redis with two instances (two RedisStores on one real redis-server), joined by a third.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { MemorySandboxes } from '../../src/sandboxes/memory-sandboxes.js';
import { RedisSandboxes } from '../../src/sandboxes/redis-sandboxes.js';
import { sandboxStateContract } from '../../src/sandboxes/sandbox-state.contract.js';
import type { RedisStore } from '../../src/store/redis-store.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { syncedStores } from '../support/synced-stores.js';

describe('in memory', () => {
  sandboxStateContract(() => {
    const state = new MemorySandboxes();
    return Promise.resolve({
      a: state,
      b: state,
      join: () => Promise.resolve(state),
      resetAll: async () => {
        await state.reset();
      },
    });
  });
});

describe('in Redis, two instances', () => {
  let redis: TestRedis;
  let stores: ReturnType<typeof syncedStores>;
  beforeAll(async () => {
    redis = await startRedis();
    stores = syncedStores(redis.url);
  });
  afterAll(async () => {
    await stores?.close();
    await redis?.stop();
  });

  sandboxStateContract(async () => {
    const open = async (store: RedisStore) => {
      const state = new RedisSandboxes(store);
      await state.open();
      return state;
    };
    const [storeA, storeB] = await stores.fresh(2);
    const a = await open(storeA);
    return {
      a,
      b: await open(storeB),
      join: async () => open(await stores.join()),
      // As Emulator.reset does: a new generation, the unit's reset, then the store's reset event.
      resetAll: async () => {
        await storeA.beginReset();
        await a.reset();
        await storeA.endReset();
        await stores.sync();
      },
    };
  });
});
