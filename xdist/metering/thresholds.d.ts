import type { OrgBalance } from './balance.js';
import type { QuotaStatus } from './quotas.js';
import { type EmitEvent } from './types.js';
/** quota.threshold fires when consumption reaches 50 %, 80 % and 100 % (documented default). */
export declare const DEFAULT_THRESHOLD_PERCENTS: readonly number[];
/**
 * Emits `quota.threshold` once per threshold per period per org: for live credits, consumption against
 * the credits granted in the billing period (livemode true); for each test quota, usage against the quota
 * in its window (livemode false). When one usage jumps past several thresholds each fires, lowest first.
 *
 * Data, credits: { kind: 'credits', org_id, threshold_percent, consumed, granted, balance, period_start, period_end }
 * Data, test quota: { kind: 'test_quota', org_id, product, unit, threshold_percent, used, quota, window_start, window_end }
 */
export declare class Thresholds {
    private readonly emit;
    private readonly percents;
    private readonly fired;
    constructor(emit: EmitEvent, percents?: readonly number[]);
    checkCredits(balance: OrgBalance, period: {
        start: number;
        end: number;
    }): void;
    /** The percents checked (the shared store claims them once across instances, issue 17). */
    get thresholdPercents(): readonly number[];
    emitCredits(balance: OrgBalance, period: {
        start: number;
        end: number;
    }, pct: number): void;
    checkQuota(orgId: string, status: QuotaStatus): void;
    emitQuota(orgId: string, status: QuotaStatus, pct: number): void;
    /** Forgets the credit thresholds of an ended period (test-quota windows are independent of periods). */
    forgetOrg(orgId: string): void;
    reset(): void;
}
