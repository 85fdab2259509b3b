import { productUnits } from './types.js';
/** quota.threshold fires when consumption reaches 50 %, 80 % and 100 % (documented default). */
export const DEFAULT_THRESHOLD_PERCENTS = Object.freeze([50, 80, 100]);
/**
 * Emits `quota.threshold` once per threshold per period per org: for live credits, consumption against
 * the credits granted in the billing period (livemode true); for each test quota, usage against the quota
 * in its window (livemode false). When one usage jumps past several thresholds each fires, lowest first.
 *
 * Data, credits: { kind: 'credits', org_id, threshold_percent, consumed, granted, balance, period_start, period_end }
 * Data, test quota: { kind: 'test_quota', org_id, product, unit, threshold_percent, used, quota, window_start, window_end }
 */
export class Thresholds {
    emit;
    percents;
    fired = new Set();
    constructor(emit, percents = DEFAULT_THRESHOLD_PERCENTS) {
        this.emit = emit;
        this.percents = percents;
        for (const p of percents) {
            if (!(p > 0))
                throw new RangeError(`threshold percents must be > 0 (got ${p})`);
        }
    }
    checkCredits(balance, period) {
        if (!(balance.grantedInPeriod > 0))
            return;
        const ratio = (balance.consumedInPeriod / balance.grantedInPeriod) * 100;
        for (const pct of this.percents) {
            const key = `${balance.orgId}|credits|${period.start}|${pct}`;
            if (ratio < pct || this.fired.has(key))
                continue;
            this.fired.add(key);
            this.emitCredits(balance, period, pct);
        }
    }
    /** The percents checked (the shared store claims them once across instances, issue 17). */
    get thresholdPercents() {
        return this.percents;
    }
    emitCredits(balance, period, pct) {
        this.emit(balance.orgId, 'quota.threshold', {
            kind: 'credits',
            org_id: balance.orgId,
            threshold_percent: pct,
            consumed: balance.consumedInPeriod,
            granted: balance.grantedInPeriod,
            balance: balance.balance,
            period_start: new Date(period.start).toISOString(),
            period_end: new Date(period.end).toISOString(),
        }, true);
    }
    checkQuota(orgId, status) {
        if (!(status.quota > 0))
            return;
        const ratio = (status.used / status.quota) * 100;
        for (const pct of this.percents) {
            const key = `${orgId}|quota|${status.product}|${status.windowStart}|${pct}`;
            if (ratio < pct || this.fired.has(key))
                continue;
            this.fired.add(key);
            this.emitQuota(orgId, status, pct);
        }
    }
    emitQuota(orgId, status, pct) {
        this.emit(orgId, 'quota.threshold', {
            kind: 'test_quota',
            org_id: orgId,
            product: status.product,
            unit: productUnits[status.product],
            threshold_percent: pct,
            used: status.used,
            quota: status.quota,
            window_start: new Date(status.windowStart).toISOString(),
            window_end: new Date(status.windowEnd).toISOString(),
        }, false);
    }
    /** Forgets the credit thresholds of an ended period (test-quota windows are independent of periods). */
    forgetOrg(orgId) {
        for (const key of this.fired)
            if (key.startsWith(`${orgId}|credits|`))
                this.fired.delete(key);
    }
    reset() {
        this.fired.clear();
    }
}
