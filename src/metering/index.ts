import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import { Balances, DEFAULT_PERIOD_GRANT, type OrgBalance } from './balance.js';
import {
  Ledger,
  DEFAULT_MAX_ENTRIES_PER_ORG,
  type LedgerEntry,
  type LedgerReason,
  type UsageInput,
} from './ledger.js';
import { BillingPeriods, type Invoice, type Period } from './periods.js';
import type { BillingBackend } from './backend.js';
import { SharedLink } from './shared-link.js';
import { precheck, sharedPrecheck, type PrecheckDeps } from './precheck.js';
import { defaultPrices, mergePrices, type PriceOverrides, type PriceTable } from './prices.js';
import {
  DEFAULT_QUOTA_WINDOW_SECONDS,
  quotaProductOf,
  TestQuotas,
  type QuotaProduct,
  type QuotaStatus,
} from './quotas.js';
import { RateLimiter, type RateLimitRule } from './rate-limit.js';
import { Reservations } from './reservations.js';
import type { RealtimeMeter } from './realtime.js';
import { StorageMeter } from './storage.js';
import { DEFAULT_THRESHOLD_PERCENTS, Thresholds } from './thresholds.js';
import type { EmitEvent, Environment, Mode, Principal, Product } from './types.js';
import type { LedgerStatus } from './ledger.js';

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
export class Metering {
  readonly rateLimiter: RateLimiter;
  /** Credits, quotas, ledger and key overrides shared by several instances; null with the memory store. */
  shared: BillingBackend | null = null;
  /** The shared reservation the entry being recorded settles. */
  private settling: string | undefined;
  /** What the shared store tells this instance, and what entries and period ends ask of it. */
  readonly replica = new SharedLink(
    () => ({
      balances: this.balances,
      quotas: this.quotas,
      periods: this.periods,
      thresholds: this.thresholds,
      ledger: this.ledger,
      rateLimiter: this.rateLimiter,
      maxEntriesPerOrg: this.opts.defaults?.maxEntriesPerOrg ?? DEFAULT_MAX_ENTRIES_PER_ORG,
    }),
    () => this.build(),
  );
  /** An observer of every ledger entry written or refunded (the journal links entries to their request). */
  onEntry: ((entry: LedgerEntry) => void) | undefined;
  private prices: PriceTable;
  private balances!: Balances;
  private quotas!: TestQuotas;
  private storage = new StorageMeter();
  private thresholds!: Thresholds;
  private ledger!: Ledger;
  private periods!: BillingPeriods;
  private reservations = new Reservations();

  constructor(private readonly opts: MeteringOptions) {
    this.prices = mergePrices(defaultPrices, opts.prices);
    this.rateLimiter = new RateLimiter(opts.clock, opts.defaults?.rateLimits);
    this.build();
  }

  priceTable(): PriceTable {
    return structuredClone(this.prices);
  }

  /** Applies overrides to the current prices (the ledger shares the same table, so it sees them at once). */
  setPrices(overrides: PriceOverrides): PriceTable {
    Object.assign(this.prices, mergePrices(this.prices, overrides));
    return this.priceTable();
  }

  /**
   * Throws MeteringError (429 insufficient_credits / test_quota_exceeded) when the work must not start, counting
   * what concurrent requests hold; otherwise reserves the expected amount for this principal (one request or
   * session) until `record` charges it or `release` gives it back. Realtime STT is metered in checkpoints and
   * reserves nothing. With a shared store (issue 17) it returns a promise, the reservation being made there;
   * realtime STT is then checked against the local copy and stays synchronous.
   */
  precheck(principal: Principal, product: 'stt_realtime', quantity: number): void;
  precheck(principal: Principal, product: Product, quantity: number, mode?: Mode): void | Promise<void>;
  precheck(principal: Principal, product: Product, quantity: number, mode?: Mode): void | Promise<void> {
    this.periods.current(principal.orgId);
    if (this.shared && product !== 'stt_realtime') {
      const deps = { ...this.precheckDeps(), shared: this.shared, balances: this.balances, quotas: this.quotas };
      return sharedPrecheck(deps, principal, product, quantity, mode).then((need) =>
        this.reservations.reserve(principal, { orgId: principal.orgId, product, ...need }),
      );
    }
    const need = precheck(this.precheckDeps(), principal, product, quantity, mode);
    if (product !== 'stt_realtime') this.reservations.reserve(principal, { orgId: principal.orgId, product, ...need });
  }

  private precheckDeps(): PrecheckDeps {
    const reservations = this.reservations;
    return {
      clock: this.opts.clock,
      prices: () => this.prices,
      balances: this.balances,
      quotas: this.quotas,
      periods: this.periods,
      reserved: {
        credits: (orgId) => reservations.reservedCredits(orgId),
        quota: (orgId, q) => reservations.reservedQuota(orgId, q),
      },
    };
  }

  /** Charges usage; a reservation of this principal for the product is settled in the same step. */
  record(principal: Principal, usage: UsageInput): LedgerEntry {
    this.periods.current(principal.orgId);
    const settled = this.reservations.settle(principal, usage.product);
    if (!this.shared) return this.ledger.record(principal, usage);
    return this.settlingWith(settled?.sharedId, () => this.ledger.record(principal, usage));
  }

  recordNotBilled(principal: Principal, usage: UsageInput, reason: LedgerReason): LedgerEntry {
    const settled = this.reservations.settle(principal, usage.product);
    if (!this.shared) return this.ledger.recordNotBilled(principal, usage, reason);
    return this.settlingWith(settled?.sharedId, () => this.ledger.recordNotBilled(principal, usage, reason));
  }

  /** Keeps this principal's reservations past the end of its request: an async job settles them later. */
  holdReservations(principal: Principal): void {
    this.reservations.hold(principal);
  }

  /** The end of a request or session: what it reserved and did not charge is available again. */
  releaseReservations(principal: Principal, force = false): void {
    const released = this.reservations.release(principal, force);
    if (this.shared && released.length > 0) {
      const ids = released.map((r) => r.sharedId).filter((id): id is string => id !== undefined);
      this.shared.release(released[0].orgId, ids);
    }
  }

  /**
   * A /v1 response with a 5xx status is never billed: refunds what the request was charged (a handler that
   * failed after recording usage).
   */
  refundRequest(orgId: string, requestId: string): LedgerEntry[] {
    const charged = this.ledger
      .list({ orgId, limit: Number.MAX_SAFE_INTEGER })
      .filter((e) => e.requestId === requestId && (e.status === 'billed' || (e.status === 'not_billed' && e.reason === 'test_key')));
    return charged.map((e) => this.ledger.refund(e.id, 'upstream_error'));
  }

  refund(entryId: string, reason?: LedgerReason): LedgerEntry {
    return this.ledger.refund(entryId, reason);
  }

  openStream(principal: Principal, streamId: string, requestId?: string): RealtimeMeter {
    this.periods.current(principal.orgId);
    return this.ledger.openStream(principal, streamId, requestId);
  }

  observeStorage(orgId: string, bytesStored: number, environment: Environment = 'live'): number {
    this.periods.current(orgId);
    return this.storage.observe(orgId, bytesStored, environment);
  }

  entries(filter?: Parameters<Ledger['list']>[0]): LedgerEntry[] {
    return this.ledger.list(filter);
  }

  entry(entryId: string): LedgerEntry | undefined {
    return this.ledger.get(entryId);
  }

  totals(filter?: Parameters<Ledger['totals']>[0]): ReturnType<Ledger['totals']> {
    return this.ledger.totals(filter);
  }

  balance(orgId: string): OrgBalance & { periodStart: string; periodEnd: string } {
    const p = this.periods.current(orgId);
    return { ...this.balances.get(orgId), ...isoPeriod(p) };
  }

  setGrant(orgId: string, credits: number): void {
    this.shared?.assertWritable();
    this.balances.setGrant(orgId, credits);
    this.shared?.adjust(orgId, this.balances.grantOf(orgId), { periodGrant: credits });
  }

  addCredits(orgId: string, credits: number): OrgBalance {
    this.periods.current(orgId);
    this.shared?.assertWritable();
    const b = { ...this.balances.addCredits(orgId, credits) };
    this.shared?.adjust(orgId, this.balances.grantOf(orgId), { add: credits });
    return b;
  }

  setBalance(orgId: string, credits: number): OrgBalance {
    this.periods.current(orgId);
    this.shared?.assertWritable();
    const b = { ...this.balances.setBalance(orgId, credits) };
    this.shared?.adjust(orgId, this.balances.grantOf(orgId), { balance: credits });
    return b;
  }

  setTestQuota(orgId: string, product: QuotaProduct, quota: number): void {
    this.shared?.assertWritable();
    this.quotas.setQuota(orgId, product, quota);
    this.shared?.setQuota(orgId, product, quota);
  }

  /** With a shared store: reloads the organization's balance and quota usage before an admin view. */
  refresh(orgId: string): Promise<void> | undefined {
    if (!this.shared) return undefined;
    this.periods.current(orgId);
    return this.shared.refresh(orgId, this.quotas.status(orgId, 'tts').windowStart);
  }

  testQuotaStatus(orgId: string): QuotaStatus[] {
    return (['tts', 'stt', 'rag_search', 'rag_upload'] as const).map((p) => this.quotas.status(orgId, p));
  }

  period(orgId: string): { periodStart: string; periodEnd: string } {
    return isoPeriod(this.periods.current(orgId));
  }

  closePeriod(orgId: string): Invoice {
    return this.periods.closePeriod(orgId);
  }

  /** With a shared store, where the period's usage and the invoices live (the admin API's close-period). */
  closePeriodShared(shared: BillingBackend, orgId: string): Promise<Invoice> {
    return this.replica.close(shared, orgId, null) as Promise<Invoice>;
  }

  invoices(orgId: string): Invoice[] {
    return this.periods.invoicesOf(orgId);
  }

  /** Drops all state and pending period timers; prices and defaults go back to the constructor's. */
  reset(): void {
    this.periods.reset();
    this.rateLimiter.reset();
    if (this.opts.defaults?.rateLimits) this.rateLimiter.setDefaults(this.opts.defaults.rateLimits);
    this.prices = mergePrices(defaultPrices, this.opts.prices);
    this.replica.forget();
    this.build();
  }

  private build(): void {
    const d = this.opts.defaults ?? {};
    const { clock, ids, emit } = this.opts;
    this.balances = new Balances(d.periodGrant ?? DEFAULT_PERIOD_GRANT);
    for (const [orgId, credits] of Object.entries(d.orgGrants ?? {})) this.balances.setGrant(orgId, credits);
    this.quotas = new TestQuotas(clock, d.testQuotas, d.quotaWindowSeconds ?? DEFAULT_QUOTA_WINDOW_SECONDS);
    this.storage = new StorageMeter();
    this.reservations = new Reservations();
    this.thresholds = new Thresholds(emit, d.thresholdPercents ?? DEFAULT_THRESHOLD_PERCENTS);
    this.ledger = new Ledger({
      clock,
      ids,
      prices: this.prices,
      balances: this.balances,
      quotas: this.quotas,
      maxEntriesPerOrg: d.maxEntriesPerOrg ?? DEFAULT_MAX_ENTRIES_PER_ORG,
      onUsage: (entry, change) => this.afterUsage(entry, change.from),
    });
    this.periods = new BillingPeriods({
      clock,
      ids,
      emit,
      ledger: this.ledger,
      balances: this.balances,
      storage: this.storage,
      periodSeconds: d.periodSeconds,
      onClosed: (orgId) => this.thresholds.forgetOrg(orgId),
      onEnd: (orgId, end) => this.periodEnded(orgId, end),
    });
  }

  private afterUsage(entry: LedgerEntry, from: LedgerStatus | undefined): void {
    this.onEntry?.(entry);
    if (this.shared) {
      this.replica.usage(this.shared, entry, from, this.settling);
      this.settling = undefined;
      return;
    }
    if (entry.environment === 'live') {
      this.thresholds.checkCredits(this.balances.get(entry.orgId), this.periods.current(entry.orgId));
      return;
    }
    const q = quotaProductOf(entry.product);
    // Only new test usage can cross a threshold; refunds give quota back.
    if (q && entry.status === 'not_billed' && entry.reason === 'test_key') {
      this.thresholds.checkQuota(entry.orgId, this.quotas.status(entry.orgId, q));
    }
  }

  // Shared store (issue 17): the same rules, decided in the store so that every instance agrees.

  private periodEnded(orgId: string, end: number): void {
    if (!this.shared) {
      this.periods.closePeriod(orgId);
      return;
    }
    // Every instance's clock reaches the end; one closes it. Redis away: this instance starts the next period.
    this.replica.close(this.shared, orgId, end).catch(() => this.periods.roll(orgId));
  }

  /** Records an entry that settles the shared reservation `reservationId` (read by afterUsage). */
  private settlingWith<T>(reservationId: string | undefined, write: () => T): T {
    this.settling = reservationId;
    try {
      return write();
    } finally {
      this.settling = undefined;
    }
  }
}

function isoPeriod(p: Period): { periodStart: string; periodEnd: string } {
  return { periodStart: new Date(p.start).toISOString(), periodEnd: new Date(p.end).toISOString() };
}

export { meteringErrors, MeteringError, type MeteringErrorCode } from './errors.js';
export { RateLimiter, defaultRateLimits, type RateLimitResult, type RateLimitRule } from './rate-limit.js';
export {
  defaultPrices,
  mergePrices,
  costOf,
  rateOf,
  BYTES_PER_MB,
  type PriceTable,
  type PriceOverrides,
} from './prices.js';
export { DEFAULT_PERIOD_GRANT, type OrgBalance } from './balance.js';
export {
  defaultTestQuotas,
  DEFAULT_QUOTA_WINDOW_SECONDS,
  type QuotaProduct,
  type QuotaStatus,
} from './quotas.js';
export { DEFAULT_THRESHOLD_PERCENTS } from './thresholds.js';
export { DEFAULT_MAX_ENTRIES_PER_ORG, Ledger } from './ledger.js';
export type {
  LedgerEntry,
  LedgerFilter,
  LedgerReason,
  LedgerStatus,
  Totals,
  TotalsCell,
  UsageInput,
} from './ledger.js';
export { REALTIME_CHECKPOINT_SECONDS, RealtimeMeter, type RealtimeState } from './realtime.js';
export type { Invoice, InvoiceLine } from './periods.js';
export type { EmitEvent, Environment, Mode, Principal, Product, RagMode, TtsQuality, Unit } from './types.js';
