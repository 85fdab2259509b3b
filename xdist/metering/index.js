import { Balances, DEFAULT_PERIOD_GRANT } from './balance.js';
import { Ledger, DEFAULT_MAX_ENTRIES_PER_ORG, } from './ledger.js';
import { BillingPeriods } from './periods.js';
import { SharedLink } from './shared-link.js';
import { precheck, sharedPrecheck } from './precheck.js';
import { defaultPrices, mergePrices } from './prices.js';
import { DEFAULT_QUOTA_WINDOW_SECONDS, quotaProductOf, TestQuotas, } from './quotas.js';
import { RateLimiter } from './rate-limit.js';
import { Reservations } from './reservations.js';
import { StorageMeter } from './storage.js';
import { DEFAULT_THRESHOLD_PERCENTS, Thresholds } from './thresholds.js';
/**
 * Metering facade: ledger, balances, test quotas, periods and invoices, thresholds and rate limits. With a
 * shared store (`shared`, issue 17) credits, quotas and the ledger live there and these structures are this
 * instance's copy; the precheck then returns a promise (it reserves in the store), everything else stays
 * synchronous and its write is awaited by the admin answer.
 */
export class Metering {
    opts;
    rateLimiter;
    /** Credits, quotas, ledger and key overrides shared by several instances; null with the memory store. */
    shared = null;
    /** The shared reservation the entry being recorded settles. */
    settling;
    /** What the shared store tells this instance, and what entries and period ends ask of it. */
    replica = new SharedLink(() => ({
        balances: this.balances,
        quotas: this.quotas,
        periods: this.periods,
        thresholds: this.thresholds,
        ledger: this.ledger,
        rateLimiter: this.rateLimiter,
        maxEntriesPerOrg: this.opts.defaults?.maxEntriesPerOrg ?? DEFAULT_MAX_ENTRIES_PER_ORG,
    }), () => this.build());
    /** An observer of every ledger entry written or refunded (the journal links entries to their request). */
    onEntry;
    prices;
    balances;
    quotas;
    storage = new StorageMeter();
    thresholds;
    ledger;
    periods;
    reservations = new Reservations();
    constructor(opts) {
        this.opts = opts;
        this.prices = mergePrices(defaultPrices, opts.prices);
        this.rateLimiter = new RateLimiter(opts.clock, opts.defaults?.rateLimits);
        this.build();
    }
    priceTable() {
        return structuredClone(this.prices);
    }
    /** Applies overrides to the current prices (the ledger shares the same table, so it sees them at once). */
    setPrices(overrides) {
        Object.assign(this.prices, mergePrices(this.prices, overrides));
        return this.priceTable();
    }
    precheck(principal, product, quantity, mode) {
        this.periods.current(principal.orgId);
        if (this.shared && product !== 'stt_realtime') {
            const deps = { ...this.precheckDeps(), shared: this.shared, balances: this.balances, quotas: this.quotas };
            return sharedPrecheck(deps, principal, product, quantity, mode).then((need) => this.reservations.reserve(principal, { orgId: principal.orgId, product, ...need }));
        }
        const need = precheck(this.precheckDeps(), principal, product, quantity, mode);
        if (product !== 'stt_realtime')
            this.reservations.reserve(principal, { orgId: principal.orgId, product, ...need });
    }
    precheckDeps() {
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
    record(principal, usage) {
        this.periods.current(principal.orgId);
        const settled = this.reservations.settle(principal, usage.product);
        if (!this.shared)
            return this.ledger.record(principal, usage);
        return this.settlingWith(settled?.sharedId, () => this.ledger.record(principal, usage));
    }
    recordNotBilled(principal, usage, reason) {
        const settled = this.reservations.settle(principal, usage.product);
        if (!this.shared)
            return this.ledger.recordNotBilled(principal, usage, reason);
        return this.settlingWith(settled?.sharedId, () => this.ledger.recordNotBilled(principal, usage, reason));
    }
    /** Keeps this principal's reservations past the end of its request: an async job settles them later. */
    holdReservations(principal) {
        this.reservations.hold(principal);
    }
    /** The end of a request or session: what it reserved and did not charge is available again. */
    releaseReservations(principal, force = false) {
        const released = this.reservations.release(principal, force);
        if (this.shared && released.length > 0) {
            const ids = released.map((r) => r.sharedId).filter((id) => id !== undefined);
            this.shared.release(released[0].orgId, ids);
        }
    }
    /**
     * A /v1 response with a 5xx status is never billed: refunds what the request was charged (a handler that
     * failed after recording usage).
     */
    refundRequest(orgId, requestId) {
        const charged = this.ledger
            .list({ orgId, limit: Number.MAX_SAFE_INTEGER })
            .filter((e) => e.requestId === requestId && (e.status === 'billed' || (e.status === 'not_billed' && e.reason === 'test_key')));
        return charged.map((e) => this.ledger.refund(e.id, 'upstream_error'));
    }
    refund(entryId, reason) {
        return this.ledger.refund(entryId, reason);
    }
    openStream(principal, streamId, requestId) {
        this.periods.current(principal.orgId);
        return this.ledger.openStream(principal, streamId, requestId);
    }
    observeStorage(orgId, bytesStored, environment = 'live') {
        this.periods.current(orgId);
        return this.storage.observe(orgId, bytesStored, environment);
    }
    entries(filter) {
        return this.ledger.list(filter);
    }
    entry(entryId) {
        return this.ledger.get(entryId);
    }
    totals(filter) {
        return this.ledger.totals(filter);
    }
    balance(orgId) {
        const p = this.periods.current(orgId);
        return { ...this.balances.get(orgId), ...isoPeriod(p) };
    }
    setGrant(orgId, credits) {
        this.shared?.assertWritable();
        this.balances.setGrant(orgId, credits);
        this.shared?.adjust(orgId, this.balances.grantOf(orgId), { periodGrant: credits });
    }
    addCredits(orgId, credits) {
        this.periods.current(orgId);
        this.shared?.assertWritable();
        const b = { ...this.balances.addCredits(orgId, credits) };
        this.shared?.adjust(orgId, this.balances.grantOf(orgId), { add: credits });
        return b;
    }
    setBalance(orgId, credits) {
        this.periods.current(orgId);
        this.shared?.assertWritable();
        const b = { ...this.balances.setBalance(orgId, credits) };
        this.shared?.adjust(orgId, this.balances.grantOf(orgId), { balance: credits });
        return b;
    }
    setTestQuota(orgId, product, quota) {
        this.shared?.assertWritable();
        this.quotas.setQuota(orgId, product, quota);
        this.shared?.setQuota(orgId, product, quota);
    }
    /** With a shared store: reloads the organization's balance and quota usage before an admin view. */
    refresh(orgId) {
        if (!this.shared)
            return undefined;
        this.periods.current(orgId);
        return this.shared.refresh(orgId, this.quotas.status(orgId, 'tts').windowStart);
    }
    testQuotaStatus(orgId) {
        return ['tts', 'stt', 'rag_search', 'rag_upload'].map((p) => this.quotas.status(orgId, p));
    }
    period(orgId) {
        return isoPeriod(this.periods.current(orgId));
    }
    closePeriod(orgId) {
        return this.periods.closePeriod(orgId);
    }
    /** With a shared store, where the period's usage and the invoices live (the admin API's close-period). */
    closePeriodShared(shared, orgId) {
        return this.replica.close(shared, orgId, null);
    }
    invoices(orgId) {
        return this.periods.invoicesOf(orgId);
    }
    /** Drops all state and pending period timers; prices and defaults go back to the constructor's. */
    reset() {
        this.periods.reset();
        this.rateLimiter.reset();
        if (this.opts.defaults?.rateLimits)
            this.rateLimiter.setDefaults(this.opts.defaults.rateLimits);
        this.prices = mergePrices(defaultPrices, this.opts.prices);
        this.replica.forget();
        this.build();
    }
    build() {
        const d = this.opts.defaults ?? {};
        const { clock, ids, emit } = this.opts;
        this.balances = new Balances(d.periodGrant ?? DEFAULT_PERIOD_GRANT);
        for (const [orgId, credits] of Object.entries(d.orgGrants ?? {}))
            this.balances.setGrant(orgId, credits);
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
    afterUsage(entry, from) {
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
    periodEnded(orgId, end) {
        if (!this.shared) {
            this.periods.closePeriod(orgId);
            return;
        }
        // Every instance's clock reaches the end; one closes it. Redis away: this instance starts the next period.
        this.replica.close(this.shared, orgId, end).catch(() => this.periods.roll(orgId));
    }
    /** Records an entry that settles the shared reservation `reservationId` (read by afterUsage). */
    settlingWith(reservationId, write) {
        this.settling = reservationId;
        try {
            return write();
        }
        finally {
            this.settling = undefined;
        }
    }
}
function isoPeriod(p) {
    return { periodStart: new Date(p.start).toISOString(), periodEnd: new Date(p.end).toISOString() };
}
export { meteringErrors, MeteringError } from './errors.js';
export { RateLimiter, defaultRateLimits } from './rate-limit.js';
export { defaultPrices, mergePrices, costOf, rateOf, BYTES_PER_MB, } from './prices.js';
export { DEFAULT_PERIOD_GRANT } from './balance.js';
export { defaultTestQuotas, DEFAULT_QUOTA_WINDOW_SECONDS, } from './quotas.js';
export { DEFAULT_THRESHOLD_PERCENTS } from './thresholds.js';
export { DEFAULT_MAX_ENTRIES_PER_ORG, Ledger } from './ledger.js';
export { REALTIME_CHECKPOINT_SECONDS, RealtimeMeter } from './realtime.js';
