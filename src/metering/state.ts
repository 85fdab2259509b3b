/** The metering area's state, built once by the composition root from the emulator's store (issue 23). */
import type { StateStore } from '../store/state-store.js';
import { RedisStore } from '../store/redis-store.js';
import type { BillingState } from './billing-state.js';
import { MemoryBilling } from './memory-billing.js';
import { RedisBilling } from './redis-billing.js';
import { MemoryRateLimits, type RateLimitState } from './rate-limit-state.js';
import { RedisRateLimits } from './redis-rate-limit.js';

export function createBillingState(store: StateStore): BillingState {
  return store instanceof RedisStore ? new RedisBilling(store) : new MemoryBilling();
}

export function createRateLimitState(store: StateStore): RateLimitState {
  return store instanceof RedisStore ? new RedisRateLimits(store) : new MemoryRateLimits();
}
