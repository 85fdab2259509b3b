/**
 * Ties side effects back to the requests that caused them, for the journal, and prints webhook attempts
 * and job transitions in the request log. Ledger entries carry their request id; webhook events are linked
 * to the request running when they were emitted, and a job's `job.completed` to the request that made it.
 */
import type { Emulator } from '../emulator.js';
import { logJobEvent, logWebhookAttempt } from './log-events.js';

const JOB_EVENTS = new Set(['job.completed', 'rag.job.completed']);

export function observeWebhooksAndLedger(emulator: Emulator): void {
  const { journal, log, faults } = emulator;
  emulator.metering.onEntry = (entry) => {
    if (entry.requestId) journal.link(entry.requestId, 'ledger', entry.id);
  };
  emulator.webhooks.onEvent = (envelope, orgId) => {
    const current = journal.context.getStore();
    if (current) journal.link(current, 'webhook', envelope.id);
    const origin = envelope.data.request_id;
    if (typeof origin === 'string' && origin !== current) journal.link(origin, 'webhook', envelope.id);
    if (JOB_EVENTS.has(envelope.event)) logJobEvent(log, envelope, orgId);
  };
  emulator.webhooks.onAttempt = (delivery, attempt) => {
    const fault = faults.webhookLog.findLast(
      (r) => r.delivery_id === delivery.id && r.series === attempt.series && r.attempt === attempt.attempt,
    );
    logWebhookAttempt(log, delivery, attempt, fault?.rule_id ?? null);
  };
}
