/**
 * The request log's events, built from what the journal and the webhook engine already know. One function
 * per event, so the field names (docs/observability.md, "Request log") are written in one place.
 */
import type { JournalEntry } from '../http/journal.js';
import type { DeliveryAttempt, WebhookDelivery, WebhookEnvelope } from '../webhooks/types.js';
import type { RequestLog } from './request-log.js';
/** One line per finished HTTP request; health checks only at debug, so container probes stay quiet. */
export declare function logHttpRequest(log: RequestLog, e: JournalEntry, api: 'v1' | 'admin'): void;
export declare function logWsOpen(log: RequestLog, e: JournalEntry): void;
/** The session's end, or a refused handshake (then `status` is the refusal's and `code` its problem code). */
export declare function logWsClose(log: RequestLog, e: JournalEntry): void;
export declare function logWebhookAttempt(log: RequestLog, d: WebhookDelivery, a: DeliveryAttempt, faultRule: string | null): void;
/** Job transitions, seen through the events that announce them (`job.completed`, `rag.job.completed`). */
export declare function logJobEvent(log: RequestLog, envelope: WebhookEnvelope, orgId: string): void;
