/**
 * The FaultRulesState contract (src/faults/fault-rules-state.contract.ts) against both implementations: in
 * memory, and in Redis with two instances (two RedisStores on one real redis-server), joined by a third.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { MemoryFaultRules, type FaultRulesState } from '../../src/faults/fault-rules-state.js';
import { faultRulesStateContract } from '../../src/faults/fault-rules-state.contract.js';
import { RedisFaultRules } from '../../src/faults/redis-fault-rules.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { syncedStores } from '../support/synced-stores.js';

describe('in memory', () => {
  faultRulesStateContract(() => {
    const state = new MemoryFaultRules();
    return Promise.resolve({
      a: state,
      b: state,
      separate: false,
      sync: () => Promise.resolve(),
      join: () => Promise.resolve(state),
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

  async function open(store: RedisStore): Promise<FaultRulesState> {
    const state = new RedisFaultRules(store);
    await state.open();
    return state;
  }

  faultRulesStateContract(async () => {
    const [a, b] = await stores.fresh(2);
    return {
      a: await open(a),
      b: await open(b),
      separate: true,
      sync: () => stores.sync(),
      join: async () => open(await stores.join()),
    };
  });
});
