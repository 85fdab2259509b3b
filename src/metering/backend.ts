/**
 * Where credits, test quotas, the ledger and per-key rate-limit overrides live when several instances share
 * them (issue 17: src/metering/redis-billing.ts over Redis). Null with the memory store: metering then works
 * exactly as before, synchronously. Amounts here are in credits and product units, as everywhere in metering.
 */
import type { LedgerEntry, LedgerFilter, LedgerStatus, Totals } from './ledger.js';
import type { Invoice, InvoiceLine } from './periods.js';
import type { QuotaProduct } from './quotas.js';
import type { RateLimitRule } from './rate-limit.js';

export interface ReserveRequest {
  orgId: string;
  /** 'credits' for a live key, the quota product for a test key. */
  kind: 'credits' | QuotaProduct;
  /** Credits (live) or the product's units (test). */
  amount: number;
  /** The grant an organization not seen yet starts with. */
  grant: number;
  /** The test quota unless one was set for the organization through the admin API. */
  quota: number;
  windowStart: number;
}

export interface ReserveOutcome {
  /** Undefined when refused. */
  reservationId: string | undefined;
  /** The balance (live) or the quota used (test) the decision saw. */
  value: number;
  /** What other requests held at that moment. */
  held: number;
  /** The quota applied (test). */
  quota: number;
}

export interface ChargeContext {
  reservationId: string | undefined;
  grant: number;
  quotaProduct: QuotaProduct | undefined;
  quota: number;
  windowStart: number;
  maxEntries: number;
  /** Threshold percents (quota.threshold). */
  percents: readonly number[];
}

/** The balance of an organization as the shared store holds it. */
export interface SharedBalance {
  balance: number;
  periodGrant: number;
  grantedInPeriod: number;
  consumedInPeriod: number;
  version: number;
}

export interface BillingBackend {
  /** Throws 502 `upstream_error` while the shared store is unreachable, before anything changes. */
  assertWritable(): void;
  /** Checks and reserves atomically across instances (rejects with 502 while the store is down). */
  reserve(request: ReserveRequest): Promise<ReserveOutcome>;
  /** Writes a new ledger entry and its effects (a write the next admin answer waits for). */
  charge(entry: LedgerEntry, context: ChargeContext): void;
  /** Applies a refund once across instances. */
  refund(entry: LedgerEntry, from: LedgerStatus, context: Pick<ChargeContext, 'grant' | 'windowStart'>): void;
  /** Gives back reservations not charged. */
  release(orgId: string, reservationIds: string[]): void;
  /** An admin change of credits: one of grant, balance (set), add. */
  adjust(
    orgId: string,
    grant: number,
    change: { periodGrant?: number; balance?: number; add?: number },
  ): void;
  setQuota(orgId: string, product: QuotaProduct, quota: number): void;
  setKeyLimit(keyId: string, rule: RateLimitRule | null): void;
  /** A rate-limit hit with the key's shared override. */
  hitKey(
    keyId: string,
    rule: RateLimitRule,
    now: number,
  ): Promise<{ allowed: boolean; count: number; rule: RateLimitRule; start: number }>;
  /** Reloads the organization's balance and quota usage into the local copy (admin reads). */
  refresh(orgId: string, windowStart: number): Promise<void>;
  /** The organization's ledger as every instance wrote it, newest first. */
  entries(orgId: string, filter: LedgerFilter): Promise<LedgerEntry[]>;
  totals(orgId: string, filter: Omit<LedgerFilter, 'limit'>): Promise<{ totals: Totals; exact: boolean }>;
  /** Claims the close of the period that ends at `end` (true for one instance only). */
  claimClose(orgId: string, end: number): Promise<boolean>;
  /** Takes the period's usage as invoice lines and starts the shared balance over at the grant. */
  takePeriod(orgId: string, grant: number): Promise<InvoiceLine[]>;
  /** Keeps an invoice where every instance lists it, and tells the others the period closed. */
  saveInvoice(invoice: Invoice): void;
  invoices(orgId: string): Promise<Invoice[]>;
}

/** What the shared store tells this instance's metering (Metering implements it). */
export interface BillingReplica {
  applyBalance(orgId: string, state: SharedBalance): void;
  applyQuotaUsed(orgId: string, product: QuotaProduct, windowStart: number, used: number): void;
  applyQuota(orgId: string, product: QuotaProduct, quota: number): void;
  applyKeyLimit(keyId: string, rule: RateLimitRule | null): void;
  /** Thresholds this instance claimed for the entry: it emits them (once across instances). */
  thresholdsClaimed(entry: LedgerEntry, percents: number[]): void;
  /** Another instance closed the organization's billing period. */
  periodClosed(orgId: string): void;
  /** Another instance reset the emulator: drop the local copies. */
  dropShared(): void;
}
