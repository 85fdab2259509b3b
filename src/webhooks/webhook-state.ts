/**
 * The webhooks area's state, picked once by the composition root from the state store: endpoints and
 * deliveries in this process, or in Redis shared by every instance (docs/scaling.md).
 */
import type { Clock } from '../core/clock.js';
import type { StateStore } from '../store/index.js';
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
  /** Makes the attempts the deliveries state finds due. */
  attempts: AttemptMaker;
  /** Deliveries kept in the list (default 1000, newest). */
  logLimit?: number;
}

export function createWebhookState(store: StateStore, options: WebhookStateOptions): WebhookState {
  if (!(store instanceof RedisStore)) return memoryWebhookState(options);
  const endpoints = new RedisEndpointsState(store);
  return {
    endpoints,
    deliveries: new RedisDeliveriesState(store, options.clock, options.attempts, endpoints, options.logLimit),
  };
}

export function memoryWebhookState(options: WebhookStateOptions): WebhookState {
  const endpoints = new MemoryEndpointsState();
  return {
    endpoints,
    deliveries: new MemoryDeliveriesState(options.clock, options.attempts, endpoints, options.logLimit),
  };
}
