import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import { type OrgBalance } from './balance.js';
import { Ledger, type LedgerEntry, type LedgerReason, type UsageInput } from './ledger.js';
import { type Invoice } from './periods.js';
import type { BillingBackend } from './backend.js';
import { SharedLink } from './shared-link.js';
import { type PriceOverrides, type PriceTable } from './prices.js';
import { type QuotaProduct, type QuotaStatus } from './quotas.js';
import { RateLimiter, type RateLimitRule } from './rate-limit.js';
import type { RealtimeMeter } from './realtime.js';
import type { EmitEvent, Environment, Mode, Principal, Product } from './types.js';
export interface MeteringDefaults {
    /** Credits granted to each org per billing period (default 1000). */
    periodGrant?: number;
    /** Per-org grants applied when the org is first seen, e.g. the demo org. */
    orgGrants?: Record<string, number>;
    testQuotas?: Partial<Record<QuotaProduct, number>>;
    /** Test quota window (default 86 400 s, aligned to UTC midnight). */
    quotaWindowSeconds?: number;
    /** Billing period length in seconds; default: UTC calendar months. */
    periodSeconds?: number;
    thresholdPercents?: readonly number[];
    maxEntriesPerOrg?: number;
    rateLimits?: Partial<Record<Environment, RateLimitRule>>;
}
export interface MeteringOptions {
    clock: Clock;
    ids: IdFactory;
    emit: EmitEvent;
    prices?: PriceOverrides;
    defaults?: MeteringDefaults;
}
/**
 * Metering facade: ledger, balances, test quotas, periods and invoices, thresholds and rate limits. With a
 * shared store (`shared`, issue 17) credits, quotas and the ledger live there and these structures are this
 * instance's copy; the precheck then returns a promise (it reserves in the store), everything else stays
 * synchronous and its write is awaited by the admin answer.
 */
export declare class Metering {
    private readonly opts;
    readonly rateLimiter: RateLimiter;
    /** Credits, quotas, ledger and key overrides shared by several instances; null with the memory store. */
    shared: BillingBackend | null;
    /** The shared reservation the entry being recorded settles. */
    private settling;
    /** What the shared store tells this instance, and what entries and period ends ask of it. */
    readonly replica: SharedLink;
    /** An observer of every ledger entry written or refunded (the journal links entries to their request). */
    onEntry: ((entry: LedgerEntry) => void) | undefined;
    private prices;
    private balances;
    private quotas;
    private storage;
    private thresholds;
    private ledger;
    private periods;
    private reservations;
    constructor(opts: MeteringOptions);
    priceTable(): PriceTable;
    /** Applies overrides to the current prices (the ledger shares the same table, so it sees them at once). */
    setPrices(overrides: PriceOverrides): PriceTable;
    /**
     * Throws MeteringError (429 insufficient_credits / test_quota_exceeded) when the work must not start, counting
     * what concurrent requests hold; otherwise reserves the expected amount for this principal (one request or
     * session) until `record` charges it or `release` gives it back. Realtime STT is metered in checkpoints and
     * reserves nothing. With a shared store (issue 17) it returns a promise, the reservation being made there;
     * realtime STT is then checked against the local copy and stays synchronous.
     */
    precheck(principal: Principal, product: 'stt_realtime', quantity: number): void;
    precheck(principal: Principal, product: Product, quantity: number, mode?: Mode): void | Promise<void>;
    private precheckDeps;
    /** Charges usage; a reservation of this principal for the product is settled in the same step. */
    record(principal: Principal, usage: UsageInput): LedgerEntry;
    recordNotBilled(principal: Principal, usage: UsageInput, reason: LedgerReason): LedgerEntry;
    /** Keeps this principal's reservations past the end of its request: an async job settles them later. */
    holdReservations(principal: Principal): void;
    /** The end of a request or session: what it reserved and did not charge is available again. */
    releaseReservations(principal: Principal, force?: boolean): void;
    /**
     * A /v1 response with a 5xx status is never billed: refunds what the request was charged (a handler that
     * failed after recording usage).
     */
    refundRequest(orgId: string, requestId: string): LedgerEntry[];
    refund(entryId: string, reason?: LedgerReason): LedgerEntry;
    openStream(principal: Principal, streamId: string, requestId?: string): RealtimeMeter;
    observeStorage(orgId: string, bytesStored: number, environment?: Environment): number;
    entries(filter?: Parameters<Ledger['list']>[0]): LedgerEntry[];
    entry(entryId: string): LedgerEntry | undefined;
    totals(filter?: Parameters<Ledger['totals']>[0]): ReturnType<Ledger['totals']>;
    balance(orgId: string): OrgBalance & {
        periodStart: string;
        periodEnd: string;
    };
    setGrant(orgId: string, credits: number): void;
    addCredits(orgId: string, credits: number): OrgBalance;
    setBalance(orgId: string, credits: number): OrgBalance;
    setTestQuota(orgId: string, product: QuotaProduct, quota: number): void;
    /** With a shared store: reloads the organization's balance and quota usage before an admin view. */
    refresh(orgId: string): Promise<void> | undefined;
    testQuotaStatus(orgId: string): QuotaStatus[];
    period(orgId: string): {
        periodStart: string;
        periodEnd: string;
    };
    closePeriod(orgId: string): Invoice;
    /** With a shared store, where the period's usage and the invoices live (the admin API's close-period). */
    closePeriodShared(shared: BillingBackend, orgId: string): Promise<Invoice>;
    invoices(orgId: string): Invoice[];
    /** Drops all state and pending period timers; prices and defaults go back to the constructor's. */
    reset(): void;
    private build;
    private afterUsage;
    private periodEnded;
    /** Records an entry that settles the shared reservation `reservationId` (read by afterUsage). */
    private settlingWith;
}
export { meteringErrors, MeteringError, type MeteringErrorCode } from './errors.js';
export { RateLimiter, defaultRateLimits, type RateLimitResult, type RateLimitRule } from './rate-limit.js';
export { defaultPrices, mergePrices, costOf, rateOf, BYTES_PER_MB, type PriceTable, type PriceOverrides, } from './prices.js';
export { DEFAULT_PERIOD_GRANT, type OrgBalance } from './balance.js';
export { defaultTestQuotas, DEFAULT_QUOTA_WINDOW_SECONDS, type QuotaProduct, type QuotaStatus, } from './quotas.js';
export { DEFAULT_THRESHOLD_PERCENTS } from './thresholds.js';
export { DEFAULT_MAX_ENTRIES_PER_ORG, Ledger } from './ledger.js';
export type { LedgerEntry, LedgerFilter, LedgerReason, LedgerStatus, Totals, TotalsCell, UsageInput, } from './ledger.js';
export { REALTIME_CHECKPOINT_SECONDS, RealtimeMeter, type RealtimeState } from './realtime.js';
export type { Invoice, InvoiceLine } from './periods.js';
export type { EmitEvent, Environment, Mode, Principal, Product, RagMode, TtsQuality, Unit } from './types.js';
