import type { Clock } from '../core/clock.js';
import { andThen, type MaybePromise } from '../core/maybe.js';
import { checkCredits, type OrgBalance } from './balance.js';
import type { BillingState, ReserveFigures, ReserveRequest } from './billing-state.js';
import { refuses } from './billing-state.js';
import {
  buildEntry,
  refundable,
  type LedgerEntry,
  type LedgerFilter,
  type LedgerReason,
  type LedgerStatus,
  type Totals,
  type UsageInput,
} from './ledger.js';
import { MeteringError } from './errors.js';
import { BillingPeriods, type Invoice } from './periods.js';
import { closePeriod, loaded, periodEnded } from './period-close.js';
import type { MeteringParts } from './metering-parts.js';
import { refund } from './refund.js';
import { costOf, defaultPrices, mergePrices, type PriceOverrides, type PriceTable } from './prices.js';
import { quotaProductOf, quotaWindow, validQuotas, type QuotaProduct, type QuotaStatus } from './quotas.js';
import { RateLimiter } from './rate-limit.js';
import { RealtimeMeter } from './realtime.js';
import { Reservations } from './reservations.js';
import { StorageMeter } from './storage.js';
import { isoPeriod } from './invoice.js';
import { resolveDefaults, type MeteringOptions } from './metering-options.js';
import { precheckRefusal } from './precheck-refusal.js';
import { announce } from './announce.js';
import type { Environment, Mode, Principal, Product } from './types.js';

export type { MeteringDefaults, MeteringOptions } from './metering-options.js';

/**
 * The metering rules: prices, the precheck's decision and its wording, the ledger's billing rules, thresholds,
 * periods and invoices, rate limits. The figures live in the billing state, memory or Redis, which this class
 * reaches only through its interface (billing-state.ts): reads return a value with the memory store and a
 * promise with Redis, so the memory path stays synchronous.
 */
export class Metering {
  readonly rateLimiter: RateLimiter;
  private readonly state: BillingState;
  private prices: PriceTable;
  private readonly defaultGrant: number;
  private readonly quotas: Record<QuotaProduct, number>;
  private readonly quotaWindowSeconds: number;
  private readonly percents: readonly number[];
  private readonly maxEntries: number;
  private readonly periods: BillingPeriods;
  /** What the pieces in other files reach: closing a period, announcing thresholds, refunds. */
  private readonly parts: MeteringParts;
  private storage = new StorageMeter();
  private reservations = new Reservations();

  constructor(private readonly opts: MeteringOptions) {
    const d = opts.defaults ?? {};
    this.state = opts.state;
    this.prices = mergePrices(defaultPrices, opts.prices);
    this.rateLimiter = new RateLimiter(opts.clocks, opts.rateLimits, d.rateLimits);
    ({
      defaultGrant: this.defaultGrant,
      quotas: this.quotas,
      quotaWindowSeconds: this.quotaWindowSeconds,
      percents: this.percents,
      maxEntries: this.maxEntries,
    } = resolveDefaults(d));
    this.periods = new BillingPeriods({
      clocks: opts.clocks,
      periodSeconds: d.periodSeconds,
      onEnd: (orgId, end) => periodEnded(this.parts, orgId, end),
    });
    this.parts = {
      opts,
      state: this.state,
      periods: this.periods,
      grantOf: (orgId) => this.grantOf(orgId),
      billStorage: (orgId) => this.billStorage(orgId),
      window: (clock) => this.window(clock),
    };
    this.state.watch({
      periodClosed: (orgId) => this.periods.roll(orgId),
      reset: () => this.dropLocal(),
      orgReset: (orgId) => {
        this.periods.drop(orgId);
        this.storage.drop(orgId);
      },
    });
    // An organization that gets (or loses) a clock of its own: its period timer was on the other clock, so
    // its next period opens on the new one (the usage of the period so far stays in the state).
    opts.clocks.onChange({
      attached: (orgId) => this.periods.drop(orgId),
      detached: (orgId) => this.periods.drop(orgId),
    });
  }

  priceTable(): PriceTable {
    return structuredClone(this.prices);
  }

  /** Applies overrides to the current prices. */
  setPrices(overrides: PriceOverrides): PriceTable {
    Object.assign(this.prices, mergePrices(this.prices, overrides));
    return this.priceTable();
  }

  /**
   * Throws MeteringError (429 insufficient_credits / test_quota_exceeded) when the work must not start, counting
   * what concurrent requests hold; otherwise reserves the expected amount for this principal (one request or
   * session) until `record` charges it or `release` gives it back. Pass quantity 0 when the size is not known
   * yet (STT before decoding). Realtime STT is metered in checkpoints and reserves nothing: it is checked, at
   * once, against the figures the state has at hand (`glance`). With Redis the reservation is one round trip.
   */
  precheck(principal: Principal, product: 'stt_realtime', quantity: number): void;
  precheck(principal: Principal, product: Product, quantity: number, mode?: Mode): MaybePromise<void>;
  precheck(principal: Principal, product: Product, quantity: number, mode?: Mode): MaybePromise<void> {
    const orgId = principal.orgId;
    const clock = this.opts.clocks.for(orgId);
    this.periods.current(orgId, clock);
    const live = principal.environment === 'live';
    const q = live ? undefined : quotaProductOf(product);
    if (!live && !q) return;
    const request: ReserveRequest = {
      orgId,
      kind: q ?? 'credits',
      amount: live ? costOf(this.prices, product, quantity, mode) : quantity,
      grant: this.grantOf(orgId),
      quota: q ? this.quotas[q] : 0,
      windowStart: this.window(clock).windowStart,
    };
    if (product === 'stt_realtime') {
      const seen = this.state.glance(request);
      if (seen && refuses(request.kind, request.amount, seen))
        throw this.refusal(principal, product, request, seen, clock);
      return;
    }
    return andThen(this.state.reserve(request), (out) => {
      if (out.reservationId === undefined) throw this.refusal(principal, product, request, out, clock);
      this.reservations.add(principal, { id: out.reservationId, orgId, product });
    });
  }

  /** Charges usage by the billing rules; a reservation of this principal for the product is settled in the same step. */
  record(principal: Principal, usage: UsageInput): LedgerEntry {
    const status = principal.environment === 'test' ? 'not_billed' : 'billed';
    return this.write(principal, usage, status, status === 'billed' ? undefined : 'test_key', true);
  }

  /** Records usage that is not billed (failed job, upstream 5xx); it counts against nothing. */
  recordNotBilled(principal: Principal, usage: UsageInput, reason: LedgerReason): LedgerEntry {
    return this.write(principal, usage, 'not_billed', reason, true);
  }

  /** Writes one entry: the entry is returned at once; with Redis its charge is sent without being waited for. */
  private write(
    principal: Principal,
    usage: UsageInput,
    status: LedgerStatus,
    reason: LedgerReason | undefined,
    settle: boolean,
  ): LedgerEntry {
    const orgId = principal.orgId;
    const clock = this.opts.clocks.for(orgId);
    this.periods.current(orgId, clock);
    const reservation = settle ? this.reservations.settle(principal, usage.product) : undefined;
    const entry = buildEntry(
      { clock, ids: this.opts.ids, prices: this.prices },
      principal,
      usage,
      status,
      reason,
    );
    const q = quotaProductOf(entry.product);
    const { windowStart } = this.window(clock);
    const out = this.state.charge({
      entry,
      reservationId: reservation?.id,
      grant: this.grantOf(orgId),
      quotaProduct: q,
      quota: q ? this.quotas[q] : 0,
      windowStart,
      maxEntries: this.maxEntries,
      percents: this.percents,
    });
    this.reservations.charged(principal, entry);
    this.opts.onEntry?.(entry);
    // A charge that fails in Redis answers the next admin call 502 (StateStore.settled); nothing to announce then.
    if (out instanceof Promise)
      out.then(
        (o) => announce(this.parts, entry, o),
        () => {},
      );
    else announce(this.parts, entry, out);
    return entry;
  }

  /** Keeps this principal's reservations past the end of its request: an async job settles them later. */
  holdReservations(principal: Principal): void {
    this.reservations.hold(principal);
  }

  /** The end of a request or session: what it reserved and did not charge is available again. */
  releaseReservations(principal: Principal, force = false): void {
    const released = this.reservations.release(principal, force);
    if (released.length > 0)
      this.state.release(
        released[0].orgId,
        released.map((r) => r.id),
      );
  }

  /**
   * A /v1 response with a 5xx status is never billed (decision M-R2): refunds what the request was charged (a
   * handler that failed after recording usage).
   */
  refundRequest(principal: Principal, requestId: string): void {
    for (const entry of this.reservations.chargedOf(principal)) {
      if (entry.requestId === requestId && refundable(entry))
        this.refundQuietly(entry.orgId, entry.id, 'upstream_error');
    }
  }

  /** Refunds a billed or test-key entry once; throws RangeError when it is unknown or not refundable. */
  refund(orgId: string, entryId: string, reason: LedgerReason = 'refund'): MaybePromise<LedgerEntry> {
    return refund(this.parts, orgId, entryId, reason);
  }

  /**
   * A failed job's charge is refunded (spec, billing). An entry already refunded, or one the ledger no longer
   * holds, is left as it is; with Redis a failed write answers the next admin call 502.
   */
  refundQuietly(orgId: string, entryId: string, reason: LedgerReason = 'refund'): void {
    try {
      const pending = refund(this.parts, orgId, entryId, reason, true);
      if (pending instanceof Promise) pending.catch(() => {});
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
    }
  }

  openStream(principal: Principal, streamId: string, requestId?: string): RealtimeMeter {
    this.periods.current(principal.orgId);
    return new RealtimeMeter(
      {
        record: (usage) =>
          this.write(
            principal,
            usage,
            principal.environment === 'test' ? 'not_billed' : 'billed',
            principal.environment === 'test' ? 'test_key' : undefined,
            false,
          ),
        trueUp: (usage) => this.write(principal, usage, 'billed', 'true_up', false),
      },
      principal,
      streamId,
      requestId,
    );
  }

  observeStorage(orgId: string, bytesStored: number, environment: Environment = 'live'): number {
    this.periods.current(orgId);
    return this.storage.observe(orgId, bytesStored, environment);
  }

  /** Entries matching the filter, newest first (with Redis, of one organization). */
  entries(filter: LedgerFilter = {}): MaybePromise<LedgerEntry[]> {
    return this.state.entries(filter);
  }

  entry(orgId: string, entryId: string): MaybePromise<LedgerEntry | undefined> {
    return this.state.entry(orgId, entryId);
  }

  /**
   * Totals per product and status. Exact (from running aggregates) when the filter uses only org,
   * environment, product and status; otherwise summed from the retained entries, and `exact` is false if
   * an org in scope has had entries dropped by the cap.
   */
  totals(filter: Omit<LedgerFilter, 'limit'> = {}): MaybePromise<{ totals: Totals; exact: boolean }> {
    return this.state.totals(filter);
  }

  balance(orgId: string): MaybePromise<OrgBalance & { periodStart: string; periodEnd: string }> {
    const period = isoPeriod(this.periods.current(orgId));
    return andThen(this.state.balance(orgId, this.grantOf(orgId)), (b) => ({ orgId, ...b, ...period }));
  }

  /** Sets the org's per-period grant; an org not yet seen also starts with it (e.g. a new org's `credits`). */
  setGrant(orgId: string, credits: number): void {
    checkCredits('grant', credits);
    this.state.adjust(orgId, this.grantOf(orgId), { periodGrant: credits });
  }

  /** Adds credits now (a top-up); they count as granted in the current period. */
  addCredits(orgId: string, credits: number): void {
    if (!Number.isFinite(credits)) throw new RangeError(`credits must be a finite number (got ${credits})`);
    this.periods.current(orgId);
    this.state.adjust(orgId, this.grantOf(orgId), { add: credits });
  }

  /** Sets the balance to an exact value, as a top-up (or withdrawal) of the difference. */
  setBalance(orgId: string, credits: number): void {
    checkCredits('balance', credits);
    this.periods.current(orgId);
    this.state.adjust(orgId, this.grantOf(orgId), { balance: credits });
  }

  setTestQuota(orgId: string, product: QuotaProduct, quota: number): void {
    validQuotas({ [product]: quota });
    this.state.setQuota(orgId, product, quota);
  }

  testQuotaStatus(orgId: string): MaybePromise<QuotaStatus[]> {
    const w = this.window(this.opts.clocks.for(orgId));
    return andThen(this.state.quotaUsage(orgId, w.windowStart), ({ used, quotas }) =>
      (['tts', 'stt', 'rag_search', 'rag_upload'] as const).map((product) => ({
        product,
        used: used[product] ?? 0,
        quota: quotas[product] ?? this.quotas[product],
        ...w,
      })),
    );
  }

  period(orgId: string): { periodStart: string; periodEnd: string } {
    return isoPeriod(this.periods.current(orgId));
  }

  /**
   * Bills storage, finalizes the invoice of live usage, emits invoice.finalized and starts the next period.
   * `end`: the period's end reached on this clock (closed once across instances: null for the others); null
   * closes now (the admin API).
   */
  closePeriod(orgId: string): MaybePromise<Invoice>;
  closePeriod(orgId: string, end: number): MaybePromise<Invoice | null>;
  closePeriod(orgId: string, end: number | null = null): MaybePromise<Invoice | null> {
    return closePeriod(this.parts, orgId, end);
  }

  invoices(orgId: string): MaybePromise<Invoice[]> {
    return this.state.invoices(orgId);
  }

  /**
   * The organizations a load put back (StateUnits.onLoaded, issue 25): each one's billing period opens again
   * on this instance, from where its last invoice ended, with its end armed. A load follows a reset of those
   * organizations (or of everything), which already dropped their timers and measured storage here.
   */
  loaded(orgIds: readonly string[]): Promise<void> {
    return loaded(this.parts, orgIds);
  }

  /** Drops this instance's timers, reservations and storage; prices and default rate limits go back to the start options'. */
  reset(): void {
    this.dropLocal();
    this.rateLimiter.reset();
    this.prices = mergePrices(defaultPrices, this.opts.prices);
  }

  private dropLocal(): void {
    this.periods.reset();
    this.storage = new StorageMeter();
    this.reservations = new Reservations();
  }

  private billStorage(orgId: string): void {
    for (const { environment, maxBytes } of this.storage.closePeriod(orgId)) {
      const principal = { orgId, keyId: 'storage', keyDisplay: 'storage', environment };
      this.record(principal, { product: 'rag_storage', quantity: maxBytes });
    }
  }

  private grantOf(orgId: string): number {
    return this.opts.defaults?.orgGrants?.[orgId] ?? this.defaultGrant;
  }

  private refusal(
    principal: Principal,
    product: Product,
    r: ReserveRequest,
    f: ReserveFigures,
    clock: Clock,
  ): MeteringError {
    return precheckRefusal(product, r, f, {
      now: clock.now(),
      periodEnd: () => this.periods.current(principal.orgId, clock).end,
      windowEnd: this.window(clock).windowEnd,
      quotaWindowSeconds: this.quotaWindowSeconds,
    });
  }

  /** The test-quota window now on the organization's clock. */
  private window(clock: Clock): { windowStart: number; windowEnd: number } {
    return quotaWindow(clock.now(), this.quotaWindowSeconds);
  }
}
