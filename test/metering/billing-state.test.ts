/**
 * One contract, two implementations: the billing state and the rate-limit state in memory, and in Redis with
 * two stores on one server acting as two instances (and a third opened later).
 */
import { afterAll, beforeAll } from 'vitest';
import { billingOrgsContract } from '../../src/metering/billing-state-orgs.contract.js';
import { billingStateContract } from '../../src/metering/billing-state.contract.js';
import { MemoryBilling } from '../../src/metering/memory-billing.js';
import { MemoryRateLimits } from '../../src/metering/rate-limit-state.js';
import { rateLimitStateContract } from '../../src/metering/rate-limit-state.contract.js';
import { RedisBilling } from '../../src/metering/redis-billing.js';
import { RedisRateLimits } from '../../src/metering/redis-rate-limit.js';
import { RedisStore } from '../../src/store/redis-store.js';
import type { StateUnit } from '../../src/store/state-unit.js';
import { startRedis, type TestRedis } from '../support/redis.js';

let redis: TestRedis;
const stores: RedisStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);

afterAll(async () => {
  for (const store of stores) await store.close();
  await redis?.stop();
});

/** A store and a state on it, opened: one instance. */
async function instance<T extends StateUnit>(
  make: (store: RedisStore) => T,
): Promise<{ store: RedisStore; state: T }> {
  const store = new RedisStore(redis.url, `i-${stores.length}`);
  stores.push(store);
  await store.open();
  const state = make(store);
  await state.open?.();
  return { store, state };
}

async function settledAll(): Promise<void> {
  for (const store of stores) await store.settled();
}

function memory<T extends StateUnit>(make: () => T) {
  return () => {
    const state = make();
    return Promise.resolve({
      a: state,
      b: state,
      settled: () => Promise.resolve(),
      late: () => Promise.resolve(state),
    });
  };
}

function shared<T extends StateUnit>(make: (store: RedisStore) => T) {
  let pair: { a: T; b: T } | undefined;
  return async () => {
    pair ??= { a: (await instance(make)).state, b: (await instance(make)).state };
    return { ...pair, settled: settledAll, late: async () => (await instance(make)).state };
  };
}

billingStateContract(
  'memory',
  memory(() => new MemoryBilling()),
);
billingStateContract(
  'redis',
  shared((store) => new RedisBilling(store)),
);
billingOrgsContract(
  'memory',
  memory(() => new MemoryBilling()),
);
billingOrgsContract(
  'redis',
  shared((store) => new RedisBilling(store)),
);
rateLimitStateContract(
  'memory',
  memory(() => new MemoryRateLimits()),
);
rateLimitStateContract(
  'redis',
  shared((store) => new RedisRateLimits(store)),
);
