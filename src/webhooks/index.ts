export { WebhookEngine, type WebhookEngineOptions } from './engine.js';
export {
  AttemptMaker,
  DEFAULT_RETRY_SCHEDULE_MS,
  DEFAULT_MAX_CONCURRENT_ATTEMPTS,
  type SignatureTime,
} from './attempt-maker.js';
export { createWebhookState, type WebhookState } from './webhook-state.js';
export {
  DEFAULT_ATTEMPT_TIMEOUT_MS,
  USER_AGENT,
  type AttemptPlan,
  type AttemptOutcome,
  type BeforeAttemptHook,
} from './attempt.js';
export { DEFAULT_DELIVERY_LOG_LIMIT } from './delivery-log.js';
export {
  EndpointStore,
  REGISTRABLE_EVENTS,
  isSubscribed,
  subscriptionFor,
  type RegistrableEvent,
  type WebhookEndpoint,
  type WebhookEventKind,
} from './endpoints.js';
export {
  signPayload,
  verifyWebhookSignature,
  computeSignature,
  newWebhookSecret,
  SIGNATURE_HEADER,
  DEFAULT_TOLERANCE_SECONDS,
} from './signature.js';
export type {
  DeliveryAttempt,
  DeliveryFilter,
  DeliveryStatus,
  WaitFilter,
  WebhookDelivery,
  WebhookEnvelope,
} from './types.js';
import type { Area } from '../area/area.js';
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory, Random } from '../core/random.js';
import type { StateStore } from '../store/index.js';
import { webhookAdminHandlers, type WebhookAdminDeps } from './admin.js';
import { AttemptMaker, type SignatureTime } from './attempt-maker.js';
import type { BeforeAttemptHook } from './attempt.js';
import { WebhookEngine, type WebhookEngineOptions } from './engine.js';
import type { DeliveryAttempt, WebhookDelivery } from './types.js';
import { createWebhookState } from './webhook-state.js';

declare module '../area/area.js' {
  interface AreaParts {
    /** Endpoints, events and their signed deliveries. */
    webhooks: WebhookEngine;
  }
}

export interface WebhooksAreaDeps extends Omit<WebhookAdminDeps, 'webhooks'> {
  store: StateStore;
  clock: Clock;
  clocks: OrgClocks;
  ids: IdFactory;
  random: Random;
  config: { seed: string; signatureTime: SignatureTime };
  /** Runs before each attempt (webhook faults). */
  beforeAttempt: BeforeAttemptHook;
  /** Told of each attempt and each event (journal links, the log). */
  onAttempt: (delivery: WebhookDelivery, attempt: DeliveryAttempt) => void;
  onEvent: WebhookEngineOptions['onEvent'];
}

/** Endpoints, events and deliveries, their state and admin operations; closing stops the delivery timers. */
export function createWebhooksArea(deps: WebhooksAreaDeps): Area {
  const { store, clock, clocks } = deps;
  const attempts = new AttemptMaker({
    clock,
    clocks,
    signatureTime: deps.config.signatureTime,
    beforeAttempt: deps.beforeAttempt,
    onAttempt: deps.onAttempt,
  });
  const state = createWebhookState(store, { clock, clocks, attempts, seed: deps.config.seed });
  const webhooks = new WebhookEngine({
    clock,
    clocks,
    ids: deps.ids,
    random: deps.random,
    state,
    // With a shared store every instance derives the --webhook-url endpoint from the seed alone, so all make the same one.
    bootSeed: store.shared ? deps.config.seed : undefined,
    onEvent: deps.onEvent,
  });
  return {
    name: 'webhooks',
    parts: { webhooks },
    state: [state.endpoints, state.deliveries],
    // A load put organizations back (issue 25): their pending deliveries retry at their next attempt's time.
    async onLoaded({ orgIds }) {
      for (const orgId of orgIds) await state.deliveries.resume(orgId);
    },
    adminHandlers: webhookAdminHandlers({ ...deps, webhooks }),
    close: () => webhooks.close(),
  };
}
