/** Webhook faults, applied through the webhook engine's `beforeAttempt` seam. */
import { type BeforeAttemptHook, type WebhookEngine } from '../webhooks/index.js';
import type { FaultStore } from './store.js';
export declare function webhookFaultHook(faults: FaultStore, engine: WebhookEngine): BeforeAttemptHook;
