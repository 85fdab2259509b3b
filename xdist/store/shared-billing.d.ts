/**
 * Credits, test quotas, the usage ledger and per-key rate-limit overrides in Redis (issue 17). Redis holds
 * the truth; each instance keeps its metering structures as a local copy (balances updated from every
 * change's `billing.balance` event), so views stay synchronous. The money moves in Lua scripts
 * (scripts-billing.ts): a precheck reserves atomically against the shared balance or quota, the charge
 * settles the reservation and debits in one step, a refund applies once, a threshold is claimed once. Keys
 * carry the store's generation (a reset retires them all at once); quota and rate overrides set through
 * the admin API live in two fixed hashes, which a reset deletes (keyNames).
 */
import type { BillingBackend, BillingReplica, ChargeContext, ReserveOutcome, ReserveRequest } from '../metering/backend.js';
import { type LedgerEntry, type LedgerFilter, type LedgerStatus, type Totals } from '../metering/ledger.js';
import type { QuotaProduct } from '../metering/quotas.js';
import type { RateLimitRule } from '../metering/rate-limit.js';
import type { Invoice, InvoiceLine } from '../metering/periods.js';
import type { RedisStore } from './redis-store.js';
export declare class SharedBilling implements BillingBackend {
    private readonly store;
    private readonly replica;
    private readonly generation;
    private readonly ledger;
    private reservations;
    private stamps;
    constructor(store: RedisStore, replica: BillingReplica, generation: () => number);
    /** Defines the scripts on the connection (once open) and loads the shared quota and rate overrides. */
    open(): Promise<void>;
    /** The command connection (it exists once the store is open). */
    private get redis();
    private get fixed();
    private k;
    /** The keys a reset deletes (the rest carries the generation). */
    keyNames(): string[];
    private load;
    assertWritable(): void;
    reserve(r: ReserveRequest): Promise<ReserveOutcome>;
    charge(entry: LedgerEntry, c: ChargeContext): void;
    refund(entry: LedgerEntry, from: LedgerStatus, c: Pick<ChargeContext, 'grant' | 'windowStart'>): void;
    claimClose(orgId: string, end: number): Promise<boolean>;
    takePeriod(orgId: string, grant: number): Promise<InvoiceLine[]>;
    saveInvoice(invoice: Invoice): void;
    invoices(orgId: string): Promise<Invoice[]>;
    release(orgId: string, reservationIds: string[]): void;
    adjust(orgId: string, grant: number, change: {
        periodGrant?: number;
        balance?: number;
        add?: number;
    }): void;
    setQuota(orgId: string, product: QuotaProduct, quota: number): void;
    setKeyLimit(keyId: string, rule: RateLimitRule | null): void;
    hitKey(keyId: string, rule: RateLimitRule, now: number): Promise<{
        allowed: boolean;
        count: number;
        rule: {
            limit: number;
            windowSeconds: number;
        };
        start: number;
    }>;
    refresh(orgId: string, windowStart: number): Promise<void>;
    entries(orgId: string, filter: LedgerFilter): Promise<LedgerEntry[]>;
    totals(orgId: string, filter: Omit<LedgerFilter, 'limit'>): Promise<{
        totals: Totals;
        exact: boolean;
    }>;
    private receive;
}
