/**
 * The webhooks area's state, picked once by the composition root from the state store: endpoints and
 * deliveries in this process, or in Redis shared by every instance (docs/scaling.md).
 */
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { StateStore } from '../store/index.js';
import { oneClock } from '../store/work-queue.js';
import { RedisStore } from '../store/redis-store.js';
import type { AttemptMaker } from './attempt-maker.js';
import type { WebhookDeliveriesState } from './deliveries-state.js';
import { MemoryEndpointsState, type WebhookEndpointsState } from './endpoints-state.js';
import { MemoryDeliveriesState } from './memory-deliveries.js';
import { RedisDeliveriesState } from './redis-deliveries.js';
import { RedisEndpointsState } from './redis-endpoints.js';

export interface WebhookState {
  endpoints: WebhookEndpointsState;
  deliveries: WebhookDeliveriesState;
}

export interface WebhookStateOptions {
  clock: Clock;
  /** Each organization's clock: its retries are due on it (core/clocks.ts); default `clock` for all. */
  clocks?: Pick<OrgClocks, 'for' | 'onChange'>;
  /** Makes the attempts the deliveries state finds due. */
  attempts: AttemptMaker;
  /** Deliveries kept in the list (default 1000, newest). */
  logLimit?: number;
  /** The emulator's seed: a load makes the secret of an endpoint without one from it (issue 25). */
  seed?: string;
}

export function createWebhookState(store: StateStore, options: WebhookStateOptions): WebhookState {
  if (!(store instanceof RedisStore)) return memoryWebhookState(options);
  const endpoints = new RedisEndpointsState(store, options.seed);
  return {
    endpoints,
    deliveries: new RedisDeliveriesState(
      store,
      clocksOf(options),
      options.attempts,
      endpoints,
      options.logLimit,
    ),
  };
}

export function memoryWebhookState(options: WebhookStateOptions): WebhookState {
  const endpoints = new MemoryEndpointsState(options.seed);
  return {
    endpoints,
    deliveries: new MemoryDeliveriesState(clocksOf(options), options.attempts, endpoints, options.logLimit),
  };
}

function clocksOf(options: WebhookStateOptions): Pick<OrgClocks, 'for' | 'onChange'> {
  return options.clocks ?? oneClock(options.clock);
}
