export { WebhookEngine, DEFAULT_RETRY_SCHEDULE_MS, DEFAULT_MAX_CONCURRENT_ATTEMPTS, } from './engine.js';
export { DEFAULT_ATTEMPT_TIMEOUT_MS, USER_AGENT, } from './attempt.js';
export { DEFAULT_DELIVERY_LOG_LIMIT } from './delivery-log.js';
export { EndpointStore, REGISTRABLE_EVENTS, isSubscribed, subscriptionFor, } from './endpoints.js';
export { signPayload, verifyWebhookSignature, computeSignature, newWebhookSecret, SIGNATURE_HEADER, DEFAULT_TOLERANCE_SECONDS, } from './signature.js';
