import { sendJson } from '../http/context.js';
import { ApiError } from '../http/errors.js';
export function endpointView(e) {
    return { id: e.id, org_id: e.orgId, url: e.url, events: e.events, secret: e.secret, created_at: e.createdAt };
}
export function deliveryView(d) {
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
function requireOrg(ctx) {
    if (!ctx.emulator.orgs.getOrg(ctx.params.id))
        throw new ApiError('not_found', `no organization ${ctx.params.id}`);
    return ctx.params.id;
}
/** Sample `data` for `POST /webhooks/trigger` when none is given: the documented shape of each kind. */
function sampleData(emulator, orgId, event) {
    const now = emulator.clock.isoNow();
    switch (event) {
        case 'ping':
            return { message: 'ping from svc-emulator', sent_at: now };
        case 'job.completed':
            return { job_id: 'job_sample', status: 'completed', result: { text: 'نص تجريبي', language: 'ar', duration_seconds: 1.5 } };
        case 'rag.job.completed':
            return { job_id: 'ragjob_sample', document_id: 'doc_sample', status: 'completed' };
        case 'quota.threshold':
            return { kind: 'credits', orgId, thresholdPercent: 80, consumed: 800, granted: 1000, balance: 200 };
        case 'invoice.finalized':
            return { id: 'inv_sample', orgId, lines: [], total: 0, currency: 'credits', status: 'finalized', finalizedAt: now };
        default:
            return { key_id: 'key_sample', key: 'svc_live_…0000', revoked: true, revoked_at: now, source: 'public_leak' };
    }
}
export const webhookAdminHandlers = {
    'admin.createWebhookEndpoint': (ctx) => {
        const orgId = requireOrg(ctx);
        const endpoint = ctx.emulator.webhooks.endpoints.create(orgId, ctx.body);
        sendJson(ctx, 201, endpointView(endpoint));
        // Decision W2: registering an endpoint that subscribes to `ping` emits a ping for the organization.
        if (endpoint.events.includes('ping')) {
            ctx.emulator.webhooks.emit(orgId, 'ping', { endpoint_id: endpoint.id, reason: 'endpoint_registered' }, { livemode: true });
        }
    },
    'admin.listWebhookEndpoints': (ctx) => {
        const orgId = requireOrg(ctx);
        sendJson(ctx, 200, { endpoints: ctx.emulator.webhooks.endpoints.list(orgId).map(endpointView) });
    },
    'admin.deleteWebhookEndpoint': (ctx) => {
        const orgId = requireOrg(ctx);
        if (!ctx.emulator.webhooks.endpoints.delete(orgId, ctx.params.endpointId)) {
            throw new ApiError('not_found', `no webhook endpoint ${ctx.params.endpointId} in ${orgId}`);
        }
        ctx.res.status(204).end();
    },
    'admin.listDeliveries': async (ctx) => {
        const q = ctx.query;
        const filter = {
            orgId: q.org_id,
            event: q.event,
            status: q.status,
            endpointId: q.endpoint_id,
            eventId: q.event_id,
        };
        if (q.wait !== undefined) {
            await ctx.emulator.webhooks.waitFor({ ...filter, minAttempts: q.min_attempts }, q.wait * 1000, ctx.signal).catch(() => undefined);
        }
        let list = ctx.emulator.webhooks.deliveries({ ...filter, limit: q.limit });
        if (q.min_attempts)
            list = list.filter((d) => d.attempts.length >= q.min_attempts);
        sendJson(ctx, 200, { deliveries: list.map(deliveryView) });
    },
    'admin.getDelivery': (ctx) => {
        const d = ctx.emulator.webhooks.delivery(ctx.params.deliveryId);
        if (!d)
            throw new ApiError('not_found', `no webhook delivery ${ctx.params.deliveryId}`);
        sendJson(ctx, 200, deliveryView(d));
    },
    'admin.redeliver': (ctx) => {
        if (!ctx.emulator.webhooks.delivery(ctx.params.deliveryId)) {
            throw new ApiError('not_found', `no webhook delivery ${ctx.params.deliveryId}`);
        }
        sendJson(ctx, 202, deliveryView(ctx.emulator.webhooks.redeliver(ctx.params.deliveryId)));
    },
    'admin.triggerEvent': (ctx) => {
        if (!ctx.emulator.orgs.getOrg(ctx.body.org_id))
            throw new ApiError('not_found', `no organization ${ctx.body.org_id}`);
        const data = ctx.body.data ?? sampleData(ctx.emulator, ctx.body.org_id, ctx.body.event);
        const { event, deliveryIds } = ctx.emulator.webhooks.emit(ctx.body.org_id, ctx.body.event, data, { livemode: ctx.body.livemode });
        sendJson(ctx, 202, { event, delivery_ids: deliveryIds });
    },
};
//# sourceMappingURL=webhook-handlers.js.map