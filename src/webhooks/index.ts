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
import { webhookAdminHandlers, type WebhookAdminDeps } from './admin.js';

/** Endpoints, events and deliveries through the admin API; closing stops the delivery timers. */
export function createWebhooksArea(deps: WebhookAdminDeps): Area {
  return {
    name: 'webhooks',
    adminHandlers: webhookAdminHandlers(deps),
    close: () => deps.webhooks.close(),
  };
}
