import { roundCredits } from './types.js';
/**
 * Billing periods in clock time: calendar months in UTC by default (or fixed lengths aligned to the
 * epoch). A period closes by itself when the clock reaches its end (a clock timer, so advancing a frozen
 * clock closes it) or early through closePeriod(); the next period starts at the close instant.
 */
export class BillingPeriods {
    opts;
    periods = new Map();
    invoices = new Map();
    constructor(opts) {
        this.opts = opts;
        const s = opts.periodSeconds;
        if (s !== undefined && (!Number.isInteger(s) || s < 1)) {
            throw new RangeError(`periodSeconds must be an integer >= 1 (got ${s})`);
        }
    }
    current(orgId) {
        const p = this.periods.get(orgId);
        if (p)
            return { start: p.start, end: p.end };
        const now = this.opts.clock.now();
        return this.open(orgId, this.startOf(now), now);
    }
    /** Bills storage, finalizes the invoice of live usage, emits invoice.finalized, starts the next period. */
    closePeriod(orgId) {
        const period = this.current(orgId);
        this.billStorage(orgId);
        return this.finish(orgId, period, this.opts.ledger.periodLines(orgId));
    }
    /**
     * The same with a shared store: the lines are the period's usage as the store holds it, taken (and the
     * shared balance started over) by `take`. Returns the invoice, which the caller keeps in the store.
     */
    async closeWith(orgId, take) {
        const period = this.current(orgId);
        this.billStorage(orgId);
        return this.finish(orgId, period, await take());
    }
    /** Another instance closed the period: start the next one here too (no invoice, no event). */
    roll(orgId) {
        const now = this.opts.clock.now();
        this.periods.get(orgId)?.timer.cancel();
        this.periods.delete(orgId);
        this.open(orgId, now, now);
        this.opts.onClosed?.(orgId);
    }
    billStorage(orgId) {
        for (const { environment, maxBytes } of this.opts.storage.closePeriod(orgId)) {
            const principal = { orgId, keyId: 'storage', keyDisplay: 'storage', environment };
            this.opts.ledger.record(principal, { product: 'rag_storage', quantity: maxBytes });
        }
    }
    finish(orgId, period, lines) {
        const now = this.opts.clock.now();
        const invoice = {
            id: this.opts.ids.next('in'),
            org_id: orgId,
            period_start: new Date(period.start).toISOString(),
            period_end: new Date(Math.min(now, period.end)).toISOString(),
            lines,
            total: roundCredits(lines.reduce((sum, l) => sum + l.amount, 0)),
            currency: 'credits',
            status: 'finalized',
            finalized_at: this.opts.clock.isoNow(),
        };
        const list = this.invoices.get(orgId) ?? [];
        list.push(invoice);
        this.invoices.set(orgId, list);
        this.opts.ledger.resetPeriod(orgId);
        this.opts.balances.startPeriod(orgId);
        this.periods.get(orgId)?.timer.cancel();
        this.periods.delete(orgId);
        this.open(orgId, now, now);
        this.opts.onClosed?.(orgId);
        this.opts.emit(orgId, 'invoice.finalized', { ...invoice, lines: invoice.lines.map((l) => ({ ...l })) }, true);
        return invoice;
    }
    invoicesOf(orgId) {
        return [...(this.invoices.get(orgId) ?? [])];
    }
    reset() {
        for (const p of this.periods.values())
            p.timer.cancel();
        this.periods.clear();
        this.invoices.clear();
    }
    open(orgId, start, now) {
        const end = this.nextBoundary(now);
        const timer = this.opts.clock.setTimeout(() => {
            if (this.opts.onEnd)
                this.opts.onEnd(orgId, end);
            else
                this.closePeriod(orgId);
        }, end - now, `billing period end ${orgId}`);
        this.periods.set(orgId, { start, end, timer });
        return { start, end };
    }
    startOf(t) {
        if (this.opts.periodSeconds)
            return Math.floor(t / (this.opts.periodSeconds * 1000)) * this.opts.periodSeconds * 1000;
        const d = new Date(t);
        return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    }
    /** The first period boundary strictly after t. */
    nextBoundary(t) {
        if (this.opts.periodSeconds)
            return this.startOf(t) + this.opts.periodSeconds * 1000;
        const d = new Date(t);
        return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    }
}
