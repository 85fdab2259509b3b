/** The metering area's admin operations: usage, billing, invoices, prices, rate limits, leaked keys. */
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import type { OrgSection } from '../area/area.js';
import { andThen } from '../core/maybe.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import { publicKeyView, type OrgStore } from '../orgs/store.js';
import type { WebhookEngine } from '../webhooks/engine.js';
import type { LedgerEntry, Metering, PriceOverrides, RateLimitRule } from './index.js';
import type { QuotaProduct } from './quotas.js';
import type {
  BillingUpdate,
  RateLimitRule as RateLimitRuleBody,
  RateLimits,
} from '../contract/admin-types.js';
import { orgOrSandbox } from '../admin/sandbox-filter.js';
import type { SandboxLookup } from '../sandboxes/lookup.js';

export interface MeteringAdminDeps {
  orgs: Pick<OrgStore, 'getOrg' | 'getKey' | 'listKeys' | 'revokeKey'>;
  metering: Metering;
  webhooks: Pick<WebhookEngine, 'emit'>;
  /** `GET /usage?sandbox=ID` (issue 24). */
  sandboxes: SandboxLookup;
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

export async function balanceView(metering: Metering, orgId: string) {
  return balanceFields(await metering.balance(orgId));
}

function balanceFields(b: Awaited<ReturnType<Metering['balance']>>) {
  return {
    balance: b.balance,
    period_grant: b.periodGrant,
    granted_in_period: b.grantedInPeriod,
    consumed_in_period: b.consumedInPeriod,
    period_start: b.periodStart,
    period_end: b.periodEnd,
  };
}

async function billingView(deps: MeteringAdminDeps, orgId: string) {
  const period = deps.metering.period(orgId);
  const limiter = deps.metering.rateLimiter;
  const [balance, quotas, overrides] = await Promise.all([
    balanceView(deps.metering, orgId),
    deps.metering.testQuotaStatus(orgId),
    limiter.keyLimits(orgId),
  ]);
  return {
    org_id: orgId,
    balance,
    period: { period_start: period.periodStart, period_end: period.periodEnd },
    test_quotas: quotas.map((q) => ({
      product: q.product,
      used: q.used,
      quota: q.quota,
      window_start: new Date(q.windowStart).toISOString(),
      window_end: new Date(q.windowEnd).toISOString(),
    })),
    rate_limits: deps.orgs.listKeys(orgId).map((k) => {
      const rule = overrides.get(k.id) ?? limiter.defaults(k.environment);
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

/** `GET /orgs/{id}/usage` and `GET /usage`: the ledger entries, totals and balance of one organization. */
async function usageView(deps: MeteringAdminDeps, orgId: string, q: Record<string, any>) {
  const filter = {
    orgId,
    product: q.product,
    status: q.status,
    environment: q.environment,
    keyId: q.key_id,
    since: q.since,
    until: q.until,
  };
  // The ledger is read after this instance's own writes have landed (with Redis: where every instance writes).
  const [{ totals, exact }, entries, balance] = await Promise.all([
    deps.metering.totals(filter),
    deps.metering.entries({ ...filter, limit: q.limit }),
    balanceView(deps.metering, orgId),
  ]);
  return { entries: entries.map(ledgerEntryView), totals, totals_exact: exact, balance };
}

/**
 * The `credits` section of an organization's admin view (with Redis, the balance Redis holds now); `credits` in a
 * create sets the organization's grant and balance, in an update its balance.
 */
export function creditsOrgSection(metering: Metering): OrgSection {
  return {
    view: (org: { id: string }) => andThen(metering.balance(org.id), (b) => ({ credits: balanceFields(b) })),
    write(orgId, body, on) {
      if (typeof body.credits !== 'number') return;
      if (on === 'create') metering.setGrant(orgId, body.credits);
      metering.setBalance(orgId, body.credits);
    },
  };
}

export function meteringAdminHandlers(deps: MeteringAdminDeps): Record<string, AdminHandler> {
  return {
    'admin.getUsage': async (ctx) =>
      sendJson(ctx, 200, await usageView(deps, requireOrg(deps, ctx), ctx.query)),
    'admin.getUsageLedger': async (ctx) => {
      const orgId = (await orgOrSandbox(deps.sandboxes, ctx.query, true))!;
      if (!deps.orgs.getOrg(orgId)) throw new ApiError('not_found', `no organization ${orgId}`);
      sendJson(ctx, 200, await usageView(deps, orgId, ctx.query));
    },
    'admin.getBilling': async (ctx) => {
      const orgId = requireOrg(deps, ctx);
      sendJson(ctx, 200, await billingView(deps, orgId));
    },
    'admin.updateBilling': async (ctx: AdminContext<BillingUpdate>) => {
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
      // With Redis: in Redis before the answer, as every instance will see it; a write that failed answers 502.
      sendJson(ctx, 200, await billingView(deps, orgId));
    },
    'admin.closePeriod': async (ctx) => {
      const orgId = requireOrg(deps, ctx);
      const invoice = await deps.metering.closePeriod(orgId);
      sendJson(ctx, 200, invoice);
    },
    'admin.listInvoices': async (ctx) => {
      const orgId = requireOrg(deps, ctx);
      sendJson(ctx, 200, { invoices: await deps.metering.invoices(orgId) });
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
        live: ruleView(limiter.defaults('live')),
        test: ruleView(limiter.defaults('test')),
      });
    },
    'admin.updateRateLimits': (ctx: AdminContext<RateLimits>) => {
      const limiter = deps.metering.rateLimiter;
      const rules = Object.fromEntries(
        Object.entries(ctx.body).map(([env, r]) => [
          env,
          { limit: r.limit, windowSeconds: r.window_seconds },
        ]),
      );
      asValidation(() => limiter.setDefaults(rules));
      sendJson(ctx, 200, {
        live: ruleView(limiter.defaults('live')),
        test: ruleView(limiter.defaults('test')),
      });
    },
    'admin.setKeyRateLimit': async (ctx: AdminContext<RateLimitRuleBody>) => {
      const key = requireKey(deps, ctx);
      const limiter = deps.metering.rateLimiter;
      const rule = { limit: ctx.body.limit, windowSeconds: ctx.body.window_seconds };
      asValidation(() => limiter.setKeyLimit(key.orgId, key.id, rule));
      sendJson(ctx, 200, ruleView(rule));
    },
    'admin.clearKeyRateLimit': async (ctx) => {
      const key = requireKey(deps, ctx);
      const limiter = deps.metering.rateLimiter;
      limiter.setKeyLimit(key.orgId, key.id, null);
      sendJson(ctx, 200, ruleView(limiter.defaults(key.environment)));
    },
    'admin.leakKey': async (ctx) => {
      const key = requireKey(deps, ctx);
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
      sendJson(ctx, 200, { key: publicKeyView(revoked), event_id: event.id });
    },
  };
}
