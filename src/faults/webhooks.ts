/** Webhook faults, applied through the webhook engine's `beforeAttempt` seam. */
import { SIGNATURE_HEADER, signPayload, type BeforeAttemptHook } from '../webhooks/index.js';
import type { FaultStore } from './store.js';

const WRONG_SECRET = 'whsec_not_the_endpoint_secret_svc_emulator';

export function webhookFaultHook(faults: FaultStore): BeforeAttemptHook {
  return async (plan) => {
    const d = plan.delivery;
    const hit = await faults.take('webhook', {
      orgId: d.orgId,
      event: d.event,
      environment: d.livemode ? 'live' : 'test',
    });
    if (!hit) return;
    const rule = hit.rule;
    faults.noteWebhookFault({
      delivery_id: d.id,
      series: d.series,
      attempt: plan.attempt,
      kind: rule.kind,
      rule_id: rule.id,
    });
    switch (rule.kind) {
      case 'webhook_delay':
      case 'webhook_out_of_order':
        // Wall time: the receiver sees the delivery late, or after events emitted later.
        await new Promise((resolve) =>
          setTimeout(resolve, rule.delay_ms ?? (rule.kind === 'webhook_delay' ? 1000 : 2000)),
        );
        return;
      case 'webhook_duplicate':
        plan.copies = 2;
        return;
      case 'webhook_wrong_secret':
        plan.headers[SIGNATURE_HEADER] = signPayload(WRONG_SECRET, plan.body, plan.timestampSeconds);
        return;
      case 'webhook_stale_timestamp': {
        const stale = plan.timestampSeconds - Math.round((rule.delay_ms ?? 600_000) / 1000);
        plan.headers[SIGNATURE_HEADER] = signPayload(plan.secret, plan.body, stale);
        return;
      }
    }
  };
}
