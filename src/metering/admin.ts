/** The metering area's admin operations: usage, billing, invoices, prices, rate limits, leaked keys. */
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import type { OrgViewPart } from '../admin/views.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { publicKeyView, type OrgStore } from '../orgs/store.js';
import type { WebhookEngine } from '../webhooks/engine.js';
import type { LedgerEntry, Metering, PriceOverrides, RateLimitRule } from './index.js';
import type { QuotaProduct } from './quotas.js';
import { storeSettled } from '../store/index.js';

export interface MeteringAdminDeps {
  orgs: Pick<OrgStore, 'getOrg' | 'getKey' | 'listKeys' | 'revokeKey' | 'assertWritable'>;
  metering: Metering;
  webhooks: Pick<WebhookEngine, 'emit'>;
}

function requireOrg(deps: MeteringAdminDeps, ctx: AdminContext): string {
  if (!deps.orgs.getOrg(ctx.params.id)) throw new ApiError('not_found', `no organization ${ctx.params.id}`);
  return ctx.params.id;
}

function requireKey(deps: MeteringAdminDeps, ctx: AdminContext) {
  const key = deps.orgs.getKey(ctx.params.keyId);
  if (!key) throw new ApiError('not_found', `no key ${ctx.params.keyId}`);
  return key;
}

export function ledgerEntryView(e: LedgerEntry) {
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

export function balanceView(metering: Metering, orgId: string) {
  const b = metering.balance(orgId);
  return {
    balance: b.balance,
    period_grant: b.periodGrant,
    granted_in_period: b.grantedInPeriod,
    consumed_in_period: b.consumedInPeriod,
    period_start: b.periodStart,
    period_end: b.periodEnd,
  };
}

function billingView(deps: MeteringAdminDeps, orgId: string) {
  const period = deps.metering.period(orgId);
  return {
    org_id: orgId,
    balance: balanceView(deps.metering, orgId),
    period: { period_start: period.periodStart, period_end: period.periodEnd },
    test_quotas: deps.metering.testQuotaStatus(orgId).map((q) => ({
      product: q.product,
      used: q.used,
      quota: q.quota,
      window_start: new Date(q.windowStart).toISOString(),
      window_end: new Date(q.windowEnd).toISOString(),
    })),
    rate_limits: deps.orgs.listKeys(orgId).map((k) => {
      const rule = deps.metering.rateLimiter.ruleFor(k.id, k.environment);
      return { key_id: k.id, key: k.display, limit: rule.limit, window_seconds: rule.windowSeconds };
    }),
  };
}

function ruleView(rule: RateLimitRule) {
  return { limit: rule.limit, window_seconds: rule.windowSeconds };
}

/** Prices and quotas reject impossible values (a broken tier order, a negative quota) as 422. */
function asValidation<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RangeError) throw new ApiError('validation_failed', err.message);
    throw err;
  }
}

/** With a shared store, the organization's balance and quota usage as Redis holds them now. */
async function refreshed(deps: MeteringAdminDeps, orgId: string): Promise<void> {
  const pending = deps.metering.refresh(orgId);
  if (pending) await pending;
}

/** The `credits` section of an organization's admin view: with a shared store, the balance Redis holds now. */
export function creditsOrgView(metering: Metering): OrgViewPart {
  return (org) => {
    const pending = metering.refresh(org.id);
    if (!pending) return { credits: balanceView(metering, org.id) };
    return pending.then(() => ({ credits: balanceView(metering, org.id) }));
  };
}

export function meteringAdminHandlers(deps: MeteringAdminDeps): Record<string, AdminHandler> {
  return {
    'admin.getUsage': async (ctx) => {
      const orgId = requireOrg(deps, ctx);
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
      const shared = deps.metering.shared;
      // With a shared store the ledger is read where every instance writes it (after this one's writes land).
      if (shared) await storeSettled(ctx.emulator.store);
      const { totals, exact } = shared ? await shared.totals(orgId, filter) : deps.metering.totals(filter);
      const entries = shared
        ? await shared.entries(orgId, { ...filter, limit: q.limit })
        : deps.metering.entries({ ...filter, limit: q.limit });
      await refreshed(deps, orgId);
      sendJson(ctx, 200, {
        entries: entries.map(ledgerEntryView),
        totals,
        totals_exact: exact,
        balance: balanceView(deps.metering, orgId),
      });
    },
    'admin.getBilling': async (ctx) => {
      const orgId = requireOrg(deps, ctx);
      await refreshed(deps, orgId);
      sendJson(ctx, 200, billingView(deps, orgId));
    },
    'admin.updateBilling': async (
      ctx: AdminContext<{
        balance?: number;
        add_credits?: number;
        period_grant?: number;
        test_quotas?: Partial<Record<QuotaProduct, number>>;
      }>,
    ) => {
      const orgId = requireOrg(deps, ctx);
      const m = deps.metering;
      asValidation(() => {
        if (ctx.body.period_grant !== undefined) m.setGrant(orgId, ctx.body.period_grant);
        if (ctx.body.balance !== undefined) m.setBalance(orgId, ctx.body.balance);
        if (ctx.body.add_credits !== undefined) m.addCredits(orgId, ctx.body.add_credits);
        for (const [product, quota] of Object.entries(ctx.body.test_quotas ?? {})) {
          m.setTestQuota(orgId, product as QuotaProduct, quota);
        }
      });
      // Shared store: in Redis before the answer, as every instance will see it.
      await storeSettled(ctx.emulator.store);
      sendJson(ctx, 200, billingView(deps, orgId));
    },
    'admin.closePeriod': async (ctx) => {
      const orgId = requireOrg(deps, ctx);
      const { metering } = deps;
      if (!metering.shared) return sendJson(ctx, 200, metering.closePeriod(orgId));
      metering.shared.assertWritable();
      const invoice = await metering.closePeriodShared(metering.shared, orgId);
      await storeSettled(ctx.emulator.store);
      sendJson(ctx, 200, invoice);
    },
    'admin.listInvoices': async (ctx) => {
      const orgId = requireOrg(deps, ctx);
      const { shared } = deps.metering;
      sendJson(ctx, 200, { invoices: shared ? await shared.invoices(orgId) : deps.metering.invoices(orgId) });
    },
    'admin.getPrices': (ctx) => sendJson(ctx, 200, deps.metering.priceTable()),
    'admin.updatePrices': (ctx: AdminContext<PriceOverrides>) => {
      sendJson(
        ctx,
        200,
        asValidation(() => deps.metering.setPrices(ctx.body)),
      );
    },
    'admin.getRateLimits': (ctx) => {
      const limiter = deps.metering.rateLimiter;
      sendJson(ctx, 200, {
        live: ruleView(limiter.ruleFor('', 'live')),
        test: ruleView(limiter.ruleFor('', 'test')),
      });
    },
    'admin.updateRateLimits': (
      ctx: AdminContext<Partial<Record<'live' | 'test', { limit: number; window_seconds: number }>>>,
    ) => {
      const limiter = deps.metering.rateLimiter;
      const rules = Object.fromEntries(
        Object.entries(ctx.body).map(([env, r]) => [
          env,
          { limit: r.limit, windowSeconds: r.window_seconds },
        ]),
      );
      asValidation(() => limiter.setDefaults(rules));
      sendJson(ctx, 200, {
        live: ruleView(limiter.ruleFor('', 'live')),
        test: ruleView(limiter.ruleFor('', 'test')),
      });
    },
    'admin.setKeyRateLimit': async (ctx: AdminContext<{ limit: number; window_seconds: number }>) => {
      const key = requireKey(deps, ctx);
      const limiter = deps.metering.rateLimiter;
      asValidation(() =>
        limiter.setKeyLimit(key.id, { limit: ctx.body.limit, windowSeconds: ctx.body.window_seconds }),
      );
      await storeSettled(ctx.emulator.store);
      sendJson(ctx, 200, ruleView(limiter.ruleFor(key.id, key.environment)));
    },
    'admin.clearKeyRateLimit': async (ctx) => {
      const key = requireKey(deps, ctx);
      const limiter = deps.metering.rateLimiter;
      limiter.setKeyLimit(key.id, null);
      await storeSettled(ctx.emulator.store);
      sendJson(ctx, 200, ruleView(limiter.ruleFor(key.id, key.environment)));
    },
    'admin.leakKey': async (ctx) => {
      const key = requireKey(deps, ctx);
      // Shared store unreachable: 502 before the webhook below is emitted for a revocation that did not happen.
      deps.orgs.assertWritable();
      const revoked = deps.orgs.revokeKey(key.id, 'compromised')!;
      const { event } = deps.webhooks.emit(
        key.orgId,
        'key.compromised',
        {
          key_id: key.id,
          key: key.display,
          environment: key.environment,
          revoked: true,
          revoked_at: revoked.revokedAt,
          source: 'public_leak',
        },
        { livemode: key.environment === 'live' },
      );
      await storeSettled(ctx.emulator.store);
      sendJson(ctx, 200, { key: publicKeyView(revoked), event_id: event.id });
    },
  };
}
