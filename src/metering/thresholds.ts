import type { OrgBalance } from './balance.js';
import type { QuotaStatus } from './quotas.js';
import { productUnits, type EmitEvent } from './types.js';

/** quota.threshold fires when consumption reaches 50 %, 80 % and 100 % (documented default). */
export const DEFAULT_THRESHOLD_PERCENTS: readonly number[] = Object.freeze([50, 80, 100]);

export function checkPercents(percents: readonly number[]): readonly number[] {
  for (const p of percents) {
    if (!(p > 0)) throw new RangeError(`threshold percents must be > 0 (got ${p})`);
  }
  return percents;
}

/**
 * `quota.threshold` fires once per threshold per period per org: for live credits, consumption against the
 * credits granted in the billing period (livemode true); for each test quota, usage against the quota in its
 * window (livemode false). When one usage jumps past several thresholds each fires, lowest first. The billing
 * state claims each threshold once (billing-state.ts `charge`); these build the events it claimed.
 *
 * Data, credits: { kind: 'credits', org_id, threshold_percent, consumed, granted, balance, period_start, period_end }
 * Data, test quota: { kind: 'test_quota', org_id, product, unit, threshold_percent, used, quota, window_start, window_end }
 */
export function emitCredits(
  emit: EmitEvent,
  balance: OrgBalance,
  period: { start: number; end: number },
  pct: number,
): void {
  emit(
    balance.orgId,
    'quota.threshold',
    {
      kind: 'credits',
      org_id: balance.orgId,
      threshold_percent: pct,
      consumed: balance.consumedInPeriod,
      granted: balance.grantedInPeriod,
      balance: balance.balance,
      period_start: new Date(period.start).toISOString(),
      period_end: new Date(period.end).toISOString(),
    },
    true,
  );
}

export function emitQuota(emit: EmitEvent, orgId: string, status: QuotaStatus, pct: number): void {
  emit(
    orgId,
    'quota.threshold',
    {
      kind: 'test_quota',
      org_id: orgId,
      product: status.product,
      unit: productUnits[status.product],
      threshold_percent: pct,
      used: status.used,
      quota: status.quota,
      window_start: new Date(status.windowStart).toISOString(),
      window_end: new Date(status.windowEnd).toISOString(),
    },
    false,
  );
}
