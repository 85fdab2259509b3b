/**
 * The ScenariosState contract (src/scenarios/scenarios-state.contract.ts) against both implementations: in
 * memory, and in Redis with two instances (two RedisStores on one real redis-server), joined by a third.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { MemoryScenarios } from '../../src/scenarios/scenarios-state.js';
import { scenariosStateContract } from '../../src/scenarios/scenarios-state.contract.js';
import { RedisScenarios } from '../../src/scenarios/redis-scenarios.js';
import type { RedisStore } from '../../src/store/redis-store.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { syncedStores } from '../support/synced-stores.js';

describe('in memory', () => {
  scenariosStateContract(() => {
    const state = new MemoryScenarios();
    return Promise.resolve({ a: state, b: state, join: () => Promise.resolve(state) });
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

  scenariosStateContract(async () => {
    const open = async (store: RedisStore) => {
      const state = new RedisScenarios(store);
      await state.open();
      return state;
    };
    const [a, b] = await stores.fresh(2);
    return { a: await open(a), b: await open(b), join: async () => open(await stores.join()) };
  });
});
