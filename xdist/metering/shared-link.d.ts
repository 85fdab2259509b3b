/**
 * The link between this instance's metering and a shared store (issue 17, src/store/shared-billing.ts):
 * what the store tells this instance (BillingReplica: balances, quotas and overrides changed anywhere,
 * thresholds this instance claimed, periods closed elsewhere, resets), and what a new ledger entry or a
 * period's end asks of the store. Metering's own structures stay the local copy the views read.
 */
import type { BillingBackend, BillingReplica, SharedBalance } from './backend.js';
import type { Balances } from './balance.js';
import type { Ledger, LedgerEntry, LedgerStatus } from './ledger.js';
import type { BillingPeriods, Invoice } from './periods.js';
import { type QuotaProduct, type TestQuotas } from './quotas.js';
import type { RateLimiter, RateLimitRule } from './rate-limit.js';
import type { Thresholds } from './thresholds.js';
/** Metering's current structures (a reset builds new ones, so they are read through a function). */
export interface MeteringParts {
    balances: Balances;
    quotas: TestQuotas;
    periods: BillingPeriods;
    thresholds: Thresholds;
    ledger: Ledger;
    rateLimiter: RateLimiter;
    maxEntriesPerOrg: number;
}
export declare class SharedLink implements BillingReplica {
    private readonly parts;
    /** Rebuilds Metering's structures (another instance's reset). */
    private readonly rebuild;
    private readonly versions;
    constructor(parts: () => MeteringParts, 
    /** Rebuilds Metering's structures (another instance's reset). */
    rebuild: () => void);
    /** A new entry (`from` undefined) or a refund, written to the store; `reservationId`: what it settles. */
    usage(shared: BillingBackend, entry: LedgerEntry, from: LedgerStatus | undefined, reservationId: string | undefined): void;
    /** Closes the period once across instances (`end`: at its end; null: now, through the admin API). */
    close(shared: BillingBackend, orgId: string, end: number | null): Promise<Invoice | null>;
    applyBalance(orgId: string, state: SharedBalance): void;
    applyQuotaUsed(orgId: string, product: QuotaProduct, windowStart: number, used: number): void;
    applyQuota(orgId: string, product: QuotaProduct, quota: number): void;
    applyKeyLimit(keyId: string, rule: RateLimitRule | null): void;
    thresholdsClaimed(entry: LedgerEntry, percents: number[]): void;
    periodClosed(orgId: string): void;
    dropShared(): void;
    /** Forgets the balance versions seen (a reset, here or elsewhere). */
    forget(): void;
}
