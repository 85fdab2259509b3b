import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import { type PriceTable } from './prices.js';
import type { Balances } from './balance.js';
import { type TestQuotas } from './quotas.js';
import { RealtimeMeter } from './realtime.js';
import { type Environment, type Mode, type Principal, type Product, type Unit } from './types.js';
export type LedgerStatus = 'billed' | 'not_billed' | 'refunded';
/**
 * Why an entry is not plainly billed: `test_key` (test keys are excluded from billing), `failed_job` and
 * `upstream_error` (the spec's not-billed cases), `refund` (refunded after billing, e.g. a failed indexing
 * job), `true_up` (the final adjustment of a realtime stream; negative when the stream was over-billed).
 */
export type LedgerReason = 'test_key' | 'failed_job' | 'upstream_error' | 'refund' | 'true_up';
export interface LedgerEntry {
    id: string;
    orgId: string;
    keyId: string;
    keyDisplay: string;
    environment: Environment;
    livemode: boolean;
    product: Product;
    quantity: number;
    unit: Unit;
    mode?: Mode;
    /** Credits per unit a live key pays (shown on test entries too, for information). */
    rate: number;
    /** Credits charged; 0 unless billed; negative for a downward true-up. */
    amount: number;
    requestId?: string;
    jobId?: string;
    streamId?: string;
    status: LedgerStatus;
    reason?: LedgerReason;
    createdAt: string;
    refundedAt?: string;
}
export interface UsageInput {
    product: Product;
    quantity: number;
    mode?: Mode;
    requestId?: string;
    jobId?: string;
    streamId?: string;
}
export interface LedgerFilter {
    orgId?: string;
    product?: Product;
    status?: LedgerStatus;
    environment?: Environment;
    keyId?: string;
    /** Inclusive lower bound on createdAt, ISO string or epoch ms. */
    since?: string | number;
    /** Exclusive upper bound on createdAt, ISO string or epoch ms. */
    until?: string | number;
    /** Newest first; default 100. */
    limit?: number;
}
export interface TotalsCell {
    count: number;
    quantity: number;
    amount: number;
}
export type Totals = Partial<Record<Product, Partial<Record<LedgerStatus, TotalsCell>>>>;
export interface UsageListener {
    /** `from`: set on a refund, the status the entry was refunded from. */
    (entry: LedgerEntry, change: {
        amount: number;
        quantity: number;
        from?: LedgerStatus;
    }): void;
}
export declare const DEFAULT_MAX_ENTRIES_PER_ORG = 10000;
export interface LedgerOptions {
    clock: Clock;
    ids: IdFactory;
    prices: PriceTable;
    balances: Balances;
    quotas: TestQuotas;
    maxEntriesPerOrg?: number;
    onUsage?: UsageListener;
}
/**
 * The usage ledger. Memory is bounded: each org keeps its newest `maxEntriesPerOrg` entries (default
 * 10 000); older entries leave the list (and can no longer be refunded), but running aggregates per
 * (org, environment, product, status) and the period accumulators behind invoices are kept exactly.
 */
export declare class Ledger {
    private readonly opts;
    prices: PriceTable;
    /** Each org's entries, oldest first from `start` (those before it are dropped; see `store`). */
    private readonly byOrg;
    private readonly byId;
    private readonly aggregates;
    private readonly periodUsage;
    private readonly droppedOrgs;
    private readonly maxEntriesPerOrg;
    constructor(opts: LedgerOptions);
    /** Records usage by the billing rules: live keys are billed and debit the balance; test keys are not. */
    record(principal: Principal, usage: UsageInput): LedgerEntry;
    /** Records usage that is not billed (failed job, upstream 5xx); it counts against nothing. */
    recordNotBilled(principal: Principal, usage: UsageInput, reason: LedgerReason): LedgerEntry;
    /**
     * Refunds a billed entry (credits its amount back) or a test-key entry (gives its quota back), and marks
     * it `refunded`. Throws when the entry is unknown, already refunded or was never charged.
     */
    refund(entryId: string, reason?: LedgerReason): LedgerEntry;
    /** Opens realtime STT metering for one stream (checkpoints, then a true-up at completion). */
    openStream(principal: Principal, streamId: string, requestId?: string): RealtimeMeter;
    /**
     * Adds one entry. `status` billed: debits the balance and the period accumulator; not_billed with
     * reason test_key: counts against the test quota. Negative quantities are true-up credits.
     */
    add(principal: Principal, usage: UsageInput, status: LedgerStatus, reason?: LedgerReason): LedgerEntry;
    get(entryId: string): LedgerEntry | undefined;
    /** Entries matching the filter, newest first. */
    list(filter?: LedgerFilter): LedgerEntry[];
    /**
     * Totals per product and status. Exact (from running aggregates) when the filter uses only org,
     * environment, product and status; otherwise summed from the retained entries, and `exact` is false if
     * an org in scope has had entries dropped by the cap.
     */
    totals(filter?: Omit<LedgerFilter, 'limit'>): {
        totals: Totals;
        exact: boolean;
    };
    /** Live billed usage of the current period per product, net of refunds and true-ups (for invoices). */
    periodLines(orgId: string): {
        product: Product;
        unit: Unit;
        quantity: number;
        amount: number;
    }[];
    resetPeriod(orgId: string): void;
    reset(prices?: PriceTable): void;
    private store;
    private bump;
    private addPeriodUsage;
}
/** Whether an entry passes a filter's product, status, environment, key and time bounds (not its org or limit). */
export declare function matches(e: LedgerEntry, f: LedgerFilter): boolean;
