/**
 * The SandboxState contract (src/sandboxes/sandbox-state.contract.ts) against both implementations: in
 * memory, and in Redis with two instances (two RedisStores on one real redis-server, test/support/redis-instances.ts),
 * joined by a third.
 */
import { afterAll, describe } from 'vitest';
import { MemorySandboxes } from '../../src/sandboxes/memory-sandboxes.js';
import { RedisSandboxes } from '../../src/sandboxes/redis-sandboxes.js';
import { CONTRACT_SEED, sandboxStateContract } from '../../src/sandboxes/sandbox-state.contract.js';
import type { SandboxState } from '../../src/sandboxes/sandbox-state.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { RedisInstances } from '../support/redis-instances.js';

// No clocks here: the records alone (test/sandboxes/sandbox-snapshot.test.ts loads sandboxes with their clocks).
const deps = { clocks: { own: () => undefined }, seed: CONTRACT_SEED };

describe('in memory', () => {
  sandboxStateContract(() => {
    const state = new MemorySandboxes(deps);
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
  let redis: TestRedis | undefined;
  let instances: RedisInstances<SandboxState> | undefined;
  afterAll(async () => {
    await instances?.close();
    await redis?.stop();
  });

  sandboxStateContract(async () => {
    await instances?.close();
    instances = new RedisInstances<SandboxState>(
      async () => (redis ??= await startRedis()).url,
      (store) => new RedisSandboxes(store, deps),
    );
    const current = instances;
    const a = await current.open();
    const b = await current.open();
    // Each case starts from an empty store: a new generation retires what the previous case left.
    await current.reset(a);
    await current.sync();
    return {
      a,
      b,
      join: () => current.open(),
      resetAll: async () => {
        await current.reset(a);
        await current.sync();
      },
    };
  });
});
