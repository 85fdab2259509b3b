import { sendJson } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { storeSettled } from '../store/index.js';
import { checkEndpointUrl } from './endpoint-url.js';
export function endpointView(e) {
    return {
        id: e.id,
        org_id: e.orgId,
        url: e.url,
        events: e.events,
        secret: e.secret,
        created_at: e.createdAt,
    };
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
function requireOrg(deps, ctx) {
    if (!deps.orgs.getOrg(ctx.params.id))
        throw new ApiError('not_found', `no organization ${ctx.params.id}`);
    return ctx.params.id;
}
/** Sample `data` for `POST /webhooks/trigger` when none is given: the documented shape of each kind. */
function sampleData(clock, orgId, event) {
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
export function webhookAdminHandlers(deps) {
    return {
        'admin.createWebhookEndpoint': async (ctx) => {
            const orgId = requireOrg(deps, ctx);
            const endpoint = deps.webhooks.endpoints.register(orgId, {
                url: checkEndpointUrl(ctx.body.url),
                events: ctx.body.events,
            });
            // With a shared store the endpoint is in Redis before the answer (nothing to wait for in memory).
            await storeSettled(ctx.emulator.store);
            sendJson(ctx, 201, endpointView(endpoint));
            // Decision W2: registering an endpoint that subscribes to `ping` pings that endpoint (and no other).
            if (endpoint.events.includes('ping')) {
                deps.webhooks.emit(orgId, 'ping', { endpoint_id: endpoint.id, reason: 'endpoint_registered' }, { livemode: true, endpointId: endpoint.id });
            }
        },
        'admin.listWebhookEndpoints': (ctx) => {
            const orgId = requireOrg(deps, ctx);
            sendJson(ctx, 200, { endpoints: deps.webhooks.endpoints.list(orgId).map(endpointView) });
        },
        'admin.deleteWebhookEndpoint': async (ctx) => {
            const orgId = requireOrg(deps, ctx);
            if (!deps.webhooks.endpoints.delete(orgId, ctx.params.endpointId)) {
                throw new ApiError('not_found', `no webhook endpoint ${ctx.params.endpointId} in ${orgId}`);
            }
            await storeSettled(ctx.emulator.store);
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
                await deps.webhooks
                    .waitFor({ ...filter, minAttempts: q.min_attempts }, q.wait * 1000, ctx.signal)
                    .catch(() => undefined);
            }
            let list = deps.webhooks.deliveries({ ...filter, limit: q.limit });
            if (q.min_attempts)
                list = list.filter((d) => d.attempts.length >= q.min_attempts);
            sendJson(ctx, 200, { deliveries: list.map(deliveryView) });
        },
        'admin.getDelivery': (ctx) => {
            const d = deps.webhooks.delivery(ctx.params.deliveryId);
            if (!d)
                throw new ApiError('not_found', `no webhook delivery ${ctx.params.deliveryId}`);
            sendJson(ctx, 200, deliveryView(d));
        },
        'admin.redeliver': async (ctx) => {
            if (!deps.webhooks.delivery(ctx.params.deliveryId)) {
                throw new ApiError('not_found', `no webhook delivery ${ctx.params.deliveryId}`);
            }
            const d = deps.webhooks.redeliver(ctx.params.deliveryId);
            sendJson(ctx, 202, deliveryView(d instanceof Promise ? await d : d));
        },
        'admin.triggerEvent': async (ctx) => {
            if (!deps.orgs.getOrg(ctx.body.org_id))
                throw new ApiError('not_found', `no organization ${ctx.body.org_id}`);
            deps.webhooks.replica?.assertWritable();
            const data = ctx.body.data ?? sampleData(deps.clock, ctx.body.org_id, ctx.body.event);
            const { event, deliveryIds } = deps.webhooks.emit(ctx.body.org_id, ctx.body.event, data, {
                livemode: ctx.body.livemode,
            });
            await storeSettled(ctx.emulator.store);
            sendJson(ctx, 202, { event, delivery_ids: deliveryIds });
        },
    };
}
