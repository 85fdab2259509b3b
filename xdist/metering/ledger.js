import { costOf, defaultMode, rateOf } from './prices.js';
import { quotaProductOf } from './quotas.js';
import { RealtimeMeter } from './realtime.js';
import { productUnits, roundCredits, } from './types.js';
export const DEFAULT_MAX_ENTRIES_PER_ORG = 10_000;
/**
 * The usage ledger. Memory is bounded: each org keeps its newest `maxEntriesPerOrg` entries (default
 * 10 000); older entries leave the list (and can no longer be refunded), but running aggregates per
 * (org, environment, product, status) and the period accumulators behind invoices are kept exactly.
 */
export class Ledger {
    opts;
    prices;
    /** Each org's entries, oldest first from `start` (those before it are dropped; see `store`). */
    byOrg = new Map();
    byId = new Map();
    aggregates = new Map();
    periodUsage = new Map();
    droppedOrgs = new Set();
    maxEntriesPerOrg;
    constructor(opts) {
        this.opts = opts;
        this.prices = opts.prices;
        this.maxEntriesPerOrg = opts.maxEntriesPerOrg ?? DEFAULT_MAX_ENTRIES_PER_ORG;
        if (!Number.isInteger(this.maxEntriesPerOrg) || this.maxEntriesPerOrg < 1) {
            throw new RangeError(`maxEntriesPerOrg must be an integer >= 1 (got ${this.maxEntriesPerOrg})`);
        }
    }
    /** Records usage by the billing rules: live keys are billed and debit the balance; test keys are not. */
    record(principal, usage) {
        if (principal.environment === 'test')
            return this.add(principal, usage, 'not_billed', 'test_key');
        return this.add(principal, usage, 'billed');
    }
    /** Records usage that is not billed (failed job, upstream 5xx); it counts against nothing. */
    recordNotBilled(principal, usage, reason) {
        return this.add(principal, usage, 'not_billed', reason);
    }
    /**
     * Refunds a billed entry (credits its amount back) or a test-key entry (gives its quota back), and marks
     * it `refunded`. Throws when the entry is unknown, already refunded or was never charged.
     */
    refund(entryId, reason = 'refund') {
        const entry = this.byId.get(entryId);
        if (!entry)
            throw new RangeError(`no ledger entry '${entryId}' (unknown or dropped by the per-org cap)`);
        const refundable = entry.status === 'billed' || (entry.status === 'not_billed' && entry.reason === 'test_key');
        if (!refundable)
            throw new RangeError(`ledger entry '${entryId}' is ${entry.status} and cannot be refunded`);
        this.bump(entry, entry.status, -1, -entry.quantity, -entry.amount);
        if (entry.status === 'billed') {
            this.opts.balances.charge(entry.orgId, -entry.amount);
            this.addPeriodUsage(entry, -entry.quantity, -entry.amount);
        }
        else {
            const q = quotaProductOf(entry.product);
            if (q)
                this.opts.quotas.add(entry.orgId, q, -entry.quantity);
        }
        const from = entry.status;
        entry.status = 'refunded';
        entry.reason = reason;
        entry.refundedAt = this.opts.clock.isoNow();
        this.bump(entry, 'refunded', 1, entry.quantity, entry.amount);
        this.opts.onUsage?.(entry, { amount: -entry.amount, quantity: -entry.quantity, from });
        return entry;
    }
    /** Opens realtime STT metering for one stream (checkpoints, then a true-up at completion). */
    openStream(principal, streamId, requestId) {
        return new RealtimeMeter(this, principal, streamId, requestId);
    }
    /**
     * Adds one entry. `status` billed: debits the balance and the period accumulator; not_billed with
     * reason test_key: counts against the test quota. Negative quantities are true-up credits.
     */
    add(principal, usage, status, reason) {
        if (!Number.isFinite(usage.quantity))
            throw new RangeError(`quantity must be finite (got ${usage.quantity})`);
        const mode = usage.mode ?? defaultMode(usage.product);
        const rate = rateOf(this.prices, usage.product, mode);
        const amount = status === 'billed' ? costOf(this.prices, usage.product, usage.quantity, mode) : 0;
        const entry = {
            id: this.opts.ids.next('ldg'),
            orgId: principal.orgId,
            keyId: principal.keyId,
            keyDisplay: principal.keyDisplay,
            environment: principal.environment,
            livemode: principal.environment === 'live',
            product: usage.product,
            quantity: usage.quantity,
            unit: productUnits[usage.product],
            ...(mode ? { mode } : {}),
            rate,
            amount,
            ...(usage.requestId ? { requestId: usage.requestId } : {}),
            ...(usage.jobId ? { jobId: usage.jobId } : {}),
            ...(usage.streamId ? { streamId: usage.streamId } : {}),
            status,
            ...(reason ? { reason } : {}),
            createdAt: this.opts.clock.isoNow(),
        };
        this.store(entry);
        this.bump(entry, status, 1, entry.quantity, amount);
        if (status === 'billed') {
            this.opts.balances.charge(entry.orgId, amount);
            this.addPeriodUsage(entry, entry.quantity, amount);
        }
        else if (reason === 'test_key') {
            const q = quotaProductOf(entry.product);
            if (q)
                this.opts.quotas.add(entry.orgId, q, entry.quantity);
        }
        this.opts.onUsage?.(entry, { amount, quantity: entry.quantity });
        return entry;
    }
    get(entryId) {
        return this.byId.get(entryId);
    }
    /** Entries matching the filter, newest first. */
    list(filter = {}) {
        const limit = filter.limit ?? 100;
        const out = [];
        const lists = filter.orgId ? [this.byOrg.get(filter.orgId) ?? { items: [], start: 0 }] : [...this.byOrg.values()];
        const all = lists.length === 1 ? lists[0].items : lists.flatMap((l) => l.items.slice(l.start)).sort(byCreation);
        const first = lists.length === 1 ? lists[0].start : 0;
        for (let i = all.length - 1; i >= first && out.length < limit; i--) {
            if (matches(all[i], filter))
                out.push(all[i]);
        }
        return out;
    }
    /**
     * Totals per product and status. Exact (from running aggregates) when the filter uses only org,
     * environment, product and status; otherwise summed from the retained entries, and `exact` is false if
     * an org in scope has had entries dropped by the cap.
     */
    totals(filter = {}) {
        const totals = {};
        const add = (product, status, cell) => {
            const byStatus = (totals[product] ??= {});
            const t = (byStatus[status] ??= { count: 0, quantity: 0, amount: 0 });
            t.count += cell.count;
            t.quantity = roundCredits(t.quantity + cell.quantity);
            t.amount = roundCredits(t.amount + cell.amount);
        };
        if (filter.keyId === undefined && filter.since === undefined && filter.until === undefined) {
            for (const [key, cell] of this.aggregates) {
                const [orgId, environment, product, status] = key.split('|');
                if (filter.orgId !== undefined && filter.orgId !== orgId)
                    continue;
                if (filter.environment !== undefined && filter.environment !== environment)
                    continue;
                if (filter.product !== undefined && filter.product !== product)
                    continue;
                if (filter.status !== undefined && filter.status !== status)
                    continue;
                add(product, status, cell);
            }
            return { totals, exact: true };
        }
        for (const entry of this.list({ ...filter, limit: Infinity })) {
            add(entry.product, entry.status, { count: 1, quantity: entry.quantity, amount: entry.amount });
        }
        const exact = filter.orgId ? !this.droppedOrgs.has(filter.orgId) : this.droppedOrgs.size === 0;
        return { totals, exact };
    }
    /** Live billed usage of the current period per product, net of refunds and true-ups (for invoices). */
    periodLines(orgId) {
        const usage = this.periodUsage.get(orgId);
        if (!usage)
            return [];
        // A product whose usage was entirely refunded leaves no line.
        return [...usage]
            .filter(([, u]) => u.quantity !== 0 || u.amount !== 0)
            .map(([product, u]) => ({ product, unit: productUnits[product], ...u }));
    }
    resetPeriod(orgId) {
        this.periodUsage.delete(orgId);
    }
    reset(prices) {
        if (prices)
            this.prices = prices;
        this.byOrg.clear();
        this.byId.clear();
        this.aggregates.clear();
        this.periodUsage.clear();
        this.droppedOrgs.clear();
    }
    store(entry) {
        let list = this.byOrg.get(entry.orgId);
        if (!list)
            this.byOrg.set(entry.orgId, (list = { items: [], start: 0 }));
        list.items.push(entry);
        this.byId.set(entry.id, entry);
        if (list.items.length - list.start > this.maxEntriesPerOrg) {
            // Oldest first; totals stay exact because they live in the aggregates, not in the list. The dropped
            // entry leaves the index at once but the array only once a cap's worth has gone: removing it from the
            // front of a full list moved 10,000 pointers on every request.
            this.byId.delete(list.items[list.start].id);
            list.start++;
            if (list.start >= this.maxEntriesPerOrg) {
                list.items = list.items.slice(list.start);
                list.start = 0;
            }
            this.droppedOrgs.add(entry.orgId);
        }
    }
    bump(entry, status, count, quantity, amount) {
        const key = `${entry.orgId}|${entry.environment}|${entry.product}|${status}`;
        const cell = this.aggregates.get(key) ?? { count: 0, quantity: 0, amount: 0 };
        cell.count += count;
        cell.quantity = roundCredits(cell.quantity + quantity);
        cell.amount = roundCredits(cell.amount + amount);
        this.aggregates.set(key, cell);
    }
    addPeriodUsage(entry, quantity, amount) {
        let usage = this.periodUsage.get(entry.orgId);
        if (!usage)
            this.periodUsage.set(entry.orgId, (usage = new Map()));
        const u = usage.get(entry.product) ?? { quantity: 0, amount: 0 };
        u.quantity = roundCredits(u.quantity + quantity);
        u.amount = roundCredits(u.amount + amount);
        usage.set(entry.product, u);
    }
}
function byCreation(a, b) {
    return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}
function toMs(t) {
    return typeof t === 'number' ? t : Date.parse(t);
}
/** Whether an entry passes a filter's product, status, environment, key and time bounds (not its org or limit). */
export function matches(e, f) {
    if (f.product !== undefined && e.product !== f.product)
        return false;
    if (f.status !== undefined && e.status !== f.status)
        return false;
    if (f.environment !== undefined && e.environment !== f.environment)
        return false;
    if (f.keyId !== undefined && e.keyId !== f.keyId)
        return false;
    if (f.since !== undefined && Date.parse(e.createdAt) < toMs(f.since))
        return false;
    if (f.until !== undefined && Date.parse(e.createdAt) >= toMs(f.until))
        return false;
    return true;
}
