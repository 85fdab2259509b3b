import { sendJson } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { publicKeyView } from '../orgs/store.js';
import { orgViewExtensions } from './views.js';
function requireOrg(ctx) {
    if (!ctx.emulator.orgs.getOrg(ctx.params.id))
        throw new ApiError('not_found', `no organization ${ctx.params.id}`);
    return ctx.params.id;
}
function requireKey(ctx) {
    const key = ctx.emulator.orgs.getKey(ctx.params.keyId);
    if (!key)
        throw new ApiError('not_found', `no key ${ctx.params.keyId}`);
    return key;
}
export function ledgerEntryView(e) {
    return {
        id: e.id,
        org_id: e.orgId,
        key_id: e.keyId,
        key: e.keyDisplay,
        environment: e.environment,
        livemode: e.livemode,
        product: e.product,
        quantity: e.quantity,
        unit: e.unit,
        mode: e.mode ?? null,
        rate: e.rate,
        amount: e.amount,
        status: e.status,
        reason: e.reason ?? null,
        request_id: e.requestId ?? null,
        job_id: e.jobId ?? null,
        stream_id: e.streamId ?? null,
        created_at: e.createdAt,
        refunded_at: e.refundedAt ?? null,
    };
}
export function balanceView(emulator, orgId) {
    const b = emulator.metering.balance(orgId);
    return {
        balance: b.balance,
        period_grant: b.periodGrant,
        granted_in_period: b.grantedInPeriod,
        consumed_in_period: b.consumedInPeriod,
        period_start: b.periodStart,
        period_end: b.periodEnd,
    };
}
function billingView(emulator, orgId) {
    return {
        org_id: orgId,
        balance: balanceView(emulator, orgId),
        period: emulator.metering.period(orgId),
        test_quotas: emulator.metering.testQuotaStatus(orgId).map((q) => ({
            product: q.product,
            used: q.used,
            quota: q.quota,
            window_start: new Date(q.windowStart).toISOString(),
            window_end: new Date(q.windowEnd).toISOString(),
        })),
        rate_limits: emulator.orgs.listKeys(orgId).map((k) => {
            const rule = emulator.metering.rateLimiter.ruleFor(k.id, k.environment);
            return { key_id: k.id, key: k.display, limit: rule.limit, window_seconds: rule.windowSeconds };
        }),
    };
}
function ruleView(rule) {
    return { limit: rule.limit, window_seconds: rule.windowSeconds };
}
/** Prices and quotas reject impossible values (a broken tier order, a negative quota) as 422. */
function asValidation(fn) {
    try {
        return fn();
    }
    catch (err) {
        if (err instanceof RangeError)
            throw new ApiError('validation_failed', err.message);
        throw err;
    }
}
orgViewExtensions.push((emulator, org) => ({ credits: balanceView(emulator, org.id) }));
export const billingAdminHandlers = {
    'admin.getUsage': (ctx) => {
        const orgId = requireOrg(ctx);
        const q = ctx.query;
        const filter = {
            orgId,
            product: q.product,
            status: q.status,
            environment: q.environment,
            keyId: q.key_id,
            since: q.since,
            until: q.until,
        };
        const { totals, exact } = ctx.emulator.metering.totals(filter);
        sendJson(ctx, 200, {
            entries: ctx.emulator.metering.entries({ ...filter, limit: q.limit }).map(ledgerEntryView),
            totals,
            totals_exact: exact,
            balance: balanceView(ctx.emulator, orgId),
        });
    },
    'admin.getBilling': (ctx) => sendJson(ctx, 200, billingView(ctx.emulator, requireOrg(ctx))),
    'admin.updateBilling': (ctx) => {
        const orgId = requireOrg(ctx);
        const m = ctx.emulator.metering;
        asValidation(() => {
            if (ctx.body.period_grant !== undefined)
                m.setGrant(orgId, ctx.body.period_grant);
            if (ctx.body.balance !== undefined)
                m.setBalance(orgId, ctx.body.balance);
            if (ctx.body.add_credits !== undefined)
                m.addCredits(orgId, ctx.body.add_credits);
            for (const [product, quota] of Object.entries(ctx.body.test_quotas ?? {})) {
                m.setTestQuota(orgId, product, quota);
            }
        });
        sendJson(ctx, 200, billingView(ctx.emulator, orgId));
    },
    'admin.closePeriod': (ctx) => sendJson(ctx, 200, ctx.emulator.metering.closePeriod(requireOrg(ctx))),
    'admin.listInvoices': (ctx) => sendJson(ctx, 200, { invoices: ctx.emulator.metering.invoices(requireOrg(ctx)) }),
    'admin.getPrices': (ctx) => sendJson(ctx, 200, ctx.emulator.metering.priceTable()),
    'admin.updatePrices': (ctx) => {
        sendJson(ctx, 200, asValidation(() => ctx.emulator.metering.setPrices(ctx.body)));
    },
    'admin.getRateLimits': (ctx) => {
        const limiter = ctx.emulator.metering.rateLimiter;
        sendJson(ctx, 200, { live: ruleView(limiter.ruleFor('', 'live')), test: ruleView(limiter.ruleFor('', 'test')) });
    },
    'admin.updateRateLimits': (ctx) => {
        const limiter = ctx.emulator.metering.rateLimiter;
        const rules = Object.fromEntries(Object.entries(ctx.body).map(([env, r]) => [env, { limit: r.limit, windowSeconds: r.window_seconds }]));
        asValidation(() => limiter.setDefaults(rules));
        sendJson(ctx, 200, { live: ruleView(limiter.ruleFor('', 'live')), test: ruleView(limiter.ruleFor('', 'test')) });
    },
    'admin.setKeyRateLimit': (ctx) => {
        const key = requireKey(ctx);
        const limiter = ctx.emulator.metering.rateLimiter;
        asValidation(() => limiter.setKeyLimit(key.id, { limit: ctx.body.limit, windowSeconds: ctx.body.window_seconds }));
        sendJson(ctx, 200, ruleView(limiter.ruleFor(key.id, key.environment)));
    },
    'admin.clearKeyRateLimit': (ctx) => {
        const key = requireKey(ctx);
        const limiter = ctx.emulator.metering.rateLimiter;
        limiter.setKeyLimit(key.id, null);
        sendJson(ctx, 200, ruleView(limiter.ruleFor(key.id, key.environment)));
    },
    'admin.leakKey': (ctx) => {
        const key = requireKey(ctx);
        const revoked = ctx.emulator.orgs.revokeKey(key.id, 'compromised');
        const { event } = ctx.emulator.webhooks.emit(key.orgId, 'key.compromised', { key_id: key.id, key: key.display, environment: key.environment, revoked: true, revoked_at: revoked.revokedAt, source: 'public_leak' }, { livemode: key.environment === 'live' });
        sendJson(ctx, 200, { key: publicKeyView(revoked), event_id: event.id });
    },
};
//# sourceMappingURL=billing-handlers.js.map