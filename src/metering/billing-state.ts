/**
 * The billing state of every organization, as the operations Metering needs (issue 23): balances, what
 * requests in progress hold, test-quota usage and the quotas set per organization, the usage ledger with its
 * totals and the period's usage, invoices, and the claims that make a period close or a threshold fire once.
 * Two implementations: memory-billing.ts (synchronous) and redis-billing.ts (shared by every instance).
 *
 * The rules (prices, which kind a request reserves, the wording of a refusal, when a period ends) are
 * Metering's; this state applies them atomically: a reservation is checked against the balance less what is
 * held in the same step that holds it, so requests split across instances never spend more than the balance.
 * Amounts are credits (6 decimals) and product units, as everywhere in metering.
 */
import type { MaybePromise } from '../core/maybe.js';
import type { OrgStatePart, StateUnit } from '../store/state-unit.js';
import type { OrgBalance } from './balance.js';
import type { BillingExport } from './billing-export.js';
import type { LedgerEntry, LedgerFilter, LedgerReason, Totals } from './ledger.js';
import type { Invoice, InvoiceLine } from './periods.js';
import type { QuotaProduct } from './quotas.js';

/** An organization's credit figures (OrgBalance without its id). */
export type BalanceFigures = Omit<OrgBalance, 'orgId'>;

/** What a request reserves: credits for a live key, the quota product's units for a test key. */
export type ReserveKind = 'credits' | QuotaProduct;

export interface ReserveRequest {
  orgId: string;
  kind: ReserveKind;
  /** Credits (live) or the product's units (test). */
  amount: number;
  /** The grant an organization not seen yet starts with. */
  grant: number;
  /** The test quota unless one was set for the organization (setQuota). */
  quota: number;
  /** The test-quota window the request falls in. */
  windowStart: number;
}

/** The figures a reservation was decided on. */
export interface ReserveFigures {
  /** The balance (live) or the quota used (test). */
  value: number;
  /** What requests in progress held. */
  held: number;
  /** The quota applied (test). */
  quota: number;
}

export interface ReserveOutcome extends ReserveFigures {
  /** Undefined when refused. */
  reservationId: string | undefined;
}

export interface ChargeRequest {
  entry: LedgerEntry;
  /** The reservation this entry settles, if any. */
  reservationId: string | undefined;
  grant: number;
  /** The test quota the entry counts against (test-key usage). */
  quotaProduct: QuotaProduct | undefined;
  /** The default test quota of that product. */
  quota: number;
  windowStart: number;
  /** The newest entries kept per organization. */
  maxEntries: number;
  /** quota.threshold percents: the ones this entry crosses first are claimed (once across instances). */
  percents: readonly number[];
}

export interface ChargeOutcome {
  balance: BalanceFigures;
  /** The test quota used in the window after this entry, and the quota (test-key usage). */
  used: number;
  quota: number;
  /** The threshold percents this entry claimed: the caller announces them. */
  fired: number[];
}

export interface RefundRequest {
  reason: LedgerReason;
  refundedAt: string;
  grant: number;
  windowStart: number;
  /**
   * The emulator's own refund (a 5xx answer, a failed job), not an admin call: with Redis it is owed until it
   * lands (the outbox), and an entry whose charge has not landed yet is waited for (a few seconds).
   */
  owed?: boolean;
}

/** An admin change of credits: one of a new period grant, a balance (set), credits to add. */
export interface BalanceChange {
  periodGrant?: number;
  balance?: number;
  add?: number;
}

/** What the state tells Metering about changes made elsewhere (another instance). */
export interface BillingListener {
  /** Another instance closed the organization's billing period: start the next one here too. */
  periodClosed(orgId: string): void;
  /** Another instance reset the emulator. */
  reset(): void;
  /**
   * An organization's billing state was reset (`perOrg.reset`), through this instance or another: drop what
   * is kept at hand for it (its period's timer, the storage measured).
   */
  orgReset(orgId: string): void;
}

/**
 * An organization's billing state, listed, reset and exported (issue 23 item 2). The state holds nothing
 * outside organizations (prices are Metering's, per instance), so it has no `exportShared`.
 */
export interface BillingOrgs extends OrgStatePart {
  export(orgId: string): MaybePromise<BillingExport | undefined>;
}

export interface BillingState extends StateUnit {
  /**
   * Each organization's billing state: listed, reset and exported. A reset takes its reservations in flight
   * too (they are its state): a request that held one still charges what it used, to the organization as it
   * is after the reset, and its release finds nothing. The export leaves them out, as if released
   * (billing-export.ts).
   */
  readonly perOrg: BillingOrgs;
  /** Checks and holds `amount` in one step; refused when it exceeds what is left (see `refuses`). */
  reserve(request: ReserveRequest): MaybePromise<ReserveOutcome>;
  /**
   * The figures `reserve` would decide on, without holding anything, read synchronously (realtime STT checks
   * them at each checkpoint and reserves nothing). Memory: exact. Redis: the last figures this instance saw
   * (undefined before it saw any; docs/scaling.md).
   */
  glance(request: Omit<ReserveRequest, 'amount'>): ReserveFigures | undefined;
  /** Gives back reservations that were not charged. */
  release(orgId: string, reservationIds: string[]): void;
  /** Writes a new ledger entry and its effects: settles its reservation, debits or counts quota, claims thresholds. */
  charge(request: ChargeRequest): MaybePromise<ChargeOutcome>;
  /**
   * Refunds a billed or test-key entry once (credits or quota back) and returns it refunded. Throws RangeError
   * when the entry is unknown (or dropped by the cap), or is not refundable.
   */
  refund(orgId: string, entryId: string, refund: RefundRequest): MaybePromise<LedgerEntry>;
  balance(orgId: string, grant: number): MaybePromise<BalanceFigures>;
  /** An admin change of credits; a write the next admin answer waits for (StateStore.settled). */
  adjust(orgId: string, grant: number, change: BalanceChange): void;
  /** The test quota used in the window and the quotas set for the organization. */
  quotaUsage(
    orgId: string,
    windowStart: number,
  ): MaybePromise<{
    used: Partial<Record<QuotaProduct, number>>;
    quotas: Partial<Record<QuotaProduct, number>>;
  }>;
  setQuota(orgId: string, product: QuotaProduct, quota: number): void;
  /** Entries matching the filter, newest first (Redis: one organization at a time). */
  entries(filter: LedgerFilter): MaybePromise<LedgerEntry[]>;
  entry(orgId: string, entryId: string): MaybePromise<LedgerEntry | undefined>;
  totals(filter: Omit<LedgerFilter, 'limit'>): MaybePromise<{ totals: Totals; exact: boolean }>;
  /** Claims the close of the period that ends at `end`: true for one caller only. */
  claimClose(orgId: string, end: number): MaybePromise<boolean>;
  /** Takes the period's live usage as invoice lines and starts the balance over at the period grant. */
  takePeriod(orgId: string, grant: number): MaybePromise<InvoiceLine[]>;
  /** Keeps a finalized invoice (and tells other instances the period closed). */
  addInvoice(invoice: Invoice): void;
  invoices(orgId: string): MaybePromise<Invoice[]>;
  /** Listens to changes made through other instances (nothing ever comes in memory). */
  watch(listener: BillingListener): void;
}

/**
 * The precheck's rule (decision M-R1), applied by both implementations (and by the Redis script): live,
 * refused when the cost exceeds the balance less what is held, or, for a free request, when nothing is left;
 * test, refused when the quota is used or held up, or this quantity would overrun it.
 */
export function refuses(kind: ReserveKind, amount: number, f: ReserveFigures): boolean {
  if (kind === 'credits') {
    const available = Math.round((f.value - f.held) * 1e6) / 1e6;
    return amount > 0 ? amount > available : available <= 0;
  }
  const used = f.value + f.held;
  return used >= f.quota || used + amount > f.quota;
}
