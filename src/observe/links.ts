/**
 * Ties side effects back to the requests that caused them, for the journal, and prints webhook attempts
 * and job transitions in the request log. Ledger entries carry their request id; webhook events are linked
 * to the request running when they were emitted, and a job's `job.completed` to the request that made it.
 * The composition root hands these observers to metering and the webhook engine as they are built.
 */
import type { FaultStore } from '../faults/store.js';
import type { Journal } from '../journal/journal.js';
import type { LedgerEntry } from '../metering/index.js';
import type { DeliveryAttempt, WebhookDelivery, WebhookEnvelope } from '../webhooks/index.js';
import { logJobEvent, logWebhookAttempt } from './log-events.js';
import type { RequestLog } from './request-log.js';

const JOB_EVENTS = new Set(['job.completed', 'rag.job.completed']);

export interface SideEffectLinksDeps {
  journal: Pick<Journal, 'link' | 'context'>;
  log: RequestLog;
  /** The webhook faults applied, so a logged attempt names the rule that altered it. */
  faults: Pick<FaultStore, 'webhookLog'>;
}

export interface SideEffectObservers {
  onLedgerEntry: (entry: LedgerEntry) => void;
  onWebhookEvent: (envelope: WebhookEnvelope, orgId: string) => void;
  onWebhookAttempt: (delivery: WebhookDelivery, attempt: DeliveryAttempt) => void;
}

export function sideEffectObservers({ journal, log, faults }: SideEffectLinksDeps): SideEffectObservers {
  return {
    onLedgerEntry: (entry) => {
      if (entry.requestId) journal.link(entry.requestId, 'ledger', entry.id);
    },
    onWebhookEvent: (envelope, orgId) => {
      const current = journal.context.getStore();
      if (current) journal.link(current, 'webhook', envelope.id);
      const origin = envelope.data.request_id;
      if (typeof origin === 'string' && origin !== current) journal.link(origin, 'webhook', envelope.id);
      if (JOB_EVENTS.has(envelope.event)) logJobEvent(log, envelope, orgId);
    },
    onWebhookAttempt: (delivery, attempt) => {
      const fault = faults.webhookLog.findLast(
        (r) => r.delivery_id === delivery.id && r.series === attempt.series && r.attempt === attempt.attempt,
      );
      logWebhookAttempt(log, delivery, attempt, fault?.rule_id ?? null);
    },
  };
}
