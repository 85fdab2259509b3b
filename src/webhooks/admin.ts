/** The webhooks area's admin operations: endpoints, deliveries, redelivery and test events. */
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import type { Clock } from '../core/clock.js';
import { sendJson, sendNoContent } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { OrgStore } from '../orgs/store.js';
import { orgOrSandbox } from '../admin/sandbox-filter.js';
import type { SandboxLookup } from '../sandboxes/lookup.js';
import { checkEndpointUrl } from './endpoint-url.js';
import type { WebhookEndpointInput } from '../contract/admin-types.js';
import type { WebhookEndpoint } from './endpoints.js';
import type { WebhookEngine } from './engine.js';
import type { DeliveryStatus, WebhookDelivery } from './types.js';

export interface WebhookAdminDeps {
  orgs: Pick<OrgStore, 'getOrg'>;
  webhooks: WebhookEngine;
  clock: Pick<Clock, 'isoNow'>;
  /** `?sandbox=ID` on the deliveries (issue 24). */
  sandboxes: SandboxLookup;
}

export function endpointView(e: WebhookEndpoint) {
  return {
    id: e.id,
    org_id: e.orgId,
    url: e.url,
    events: e.events,
    secret: e.secret,
    created_at: e.createdAt,
  };
}

export function deliveryView(d: WebhookDelivery) {
  return {
    id: d.id,
    org_id: d.orgId,
    endpoint_id: d.endpointId,
    url: d.url,
    event_id: d.eventId,
    event: d.event,
    livemode: d.livemode,
    status: d.status,
    created_at: d.createdAt,
    next_attempt_at: d.nextAttemptAt ?? null,
    series: d.series,
    attempts: d.attempts.map((a) => ({
      at: a.at,
      url: a.url,
      status_code: a.statusCode ?? null,
      error: a.error ?? null,
      latency_ms: a.latencyMs,
      signature_header: a.signatureHeader,
      request_body: a.requestBody,
      attempt: a.attempt,
      series: a.series,
    })),
    envelope: d.envelope,
  };
}

function requireOrg(deps: WebhookAdminDeps, ctx: AdminContext): string {
  if (!deps.orgs.getOrg(ctx.params.id)) throw new ApiError('not_found', `no organization ${ctx.params.id}`);
  return ctx.params.id;
}

/** Sample `data` for `POST /webhooks/trigger` when none is given: the documented shape of each kind. */
function sampleData(clock: Pick<Clock, 'isoNow'>, orgId: string, event: string): Record<string, unknown> {
  const now = clock.isoNow();
  switch (event) {
    case 'ping':
      return { message: 'ping from svc-emulator', sent_at: now };
    case 'job.completed':
      return {
        job_id: 'job_sample',
        status: 'completed',
        result: { text: 'نص تجريبي', language: 'ar', duration_seconds: 1.5 },
      };
    case 'rag.job.completed':
      return { job_id: 'ragjob_sample', document_id: 'doc_sample', status: 'completed' };
    case 'quota.threshold':
      return {
        kind: 'credits',
        org_id: orgId,
        threshold_percent: 80,
        consumed: 800,
        granted: 1000,
        balance: 200,
        period_start: now,
        period_end: now,
      };
    case 'invoice.finalized':
      return {
        id: 'inv_sample',
        org_id: orgId,
        period_start: now,
        period_end: now,
        lines: [],
        total: 0,
        currency: 'credits',
        status: 'finalized',
        finalized_at: now,
      };
    default:
      return {
        key_id: 'key_sample',
        key: 'svc_live_…0000',
        revoked: true,
        revoked_at: now,
        source: 'public_leak',
      };
  }
}

export function webhookAdminHandlers(deps: WebhookAdminDeps): Record<string, AdminHandler> {
  return {
    'admin.createWebhookEndpoint': async (ctx: AdminContext<WebhookEndpointInput>) => {
      const orgId = requireOrg(deps, ctx);
      const endpoint = deps.webhooks.endpoints.register(orgId, {
        url: checkEndpointUrl(ctx.body.url),
        events: ctx.body.events,
      });
      // With a shared store the endpoint is in Redis before the answer (nothing to wait for in memory).
      sendJson(ctx, 201, endpointView(endpoint));
      // Decision W2: registering an endpoint that subscribes to `ping` pings that endpoint (and no other).
      if (endpoint.events.includes('ping')) {
        deps.webhooks.emit(
          orgId,
          'ping',
          { endpoint_id: endpoint.id, reason: 'endpoint_registered' },
          { livemode: true, endpointId: endpoint.id },
        );
      }
    },
    'admin.listWebhookEndpoints': async (ctx) => {
      const orgId = requireOrg(deps, ctx);
      sendJson(ctx, 200, { endpoints: (await deps.webhooks.endpoints.list(orgId)).map(endpointView) });
    },
    'admin.deleteWebhookEndpoint': async (ctx) => {
      const orgId = requireOrg(deps, ctx);
      if (!(await deps.webhooks.endpoints.delete(orgId, ctx.params.endpointId))) {
        throw new ApiError('not_found', `no webhook endpoint ${ctx.params.endpointId} in ${orgId}`);
      }
      sendNoContent(ctx);
    },
    'admin.listDeliveries': async (ctx) => {
      const q = ctx.query;
      const filter = {
        orgId: await orgOrSandbox(deps.sandboxes, q, false),
        event: q.event as string | undefined,
        status: q.status as DeliveryStatus | undefined,
        endpointId: q.endpoint_id as string | undefined,
        eventId: q.event_id as string | undefined,
      };
      if (q.wait !== undefined) {
        await deps.webhooks
          .waitFor({ ...filter, minAttempts: q.min_attempts }, q.wait * 1000, ctx.signal)
          .catch(() => undefined);
      }
      let list = await deps.webhooks.deliveries({ ...filter, limit: q.limit });
      if (q.min_attempts) list = list.filter((d) => d.attempts.length >= q.min_attempts);
      sendJson(ctx, 200, { deliveries: list.map(deliveryView) });
    },
    'admin.getDelivery': async (ctx) => {
      const d = await deps.webhooks.delivery(ctx.params.deliveryId);
      if (!d) throw new ApiError('not_found', `no webhook delivery ${ctx.params.deliveryId}`);
      sendJson(ctx, 200, deliveryView(d));
    },
    'admin.redeliver': async (ctx) => {
      const d = await deps.webhooks.redeliver(ctx.params.deliveryId);
      if (!d) throw new ApiError('not_found', `no webhook delivery ${ctx.params.deliveryId}`);
      sendJson(ctx, 202, deliveryView(d));
    },
    'admin.triggerEvent': async (
      ctx: AdminContext<{ org_id: string; event: string; data?: Record<string, unknown>; livemode: boolean }>,
    ) => {
      if (!deps.orgs.getOrg(ctx.body.org_id))
        throw new ApiError('not_found', `no organization ${ctx.body.org_id}`);
      const data = ctx.body.data ?? sampleData(deps.clock, ctx.body.org_id, ctx.body.event);
      const { event, deliveryIds } = deps.webhooks.emit(ctx.body.org_id, ctx.body.event, data, {
        livemode: ctx.body.livemode,
      });
      sendJson(ctx, 202, { event, delivery_ids: deliveryIds });
    },
  };
}
