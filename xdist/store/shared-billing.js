import { quotaProductOf } from '../metering/quotas.js';
import { productUnits } from '../metering/types.js';
import { LedgerReader, micro, unmicro } from './shared-ledger.js';
import { BILLING_ADJUST, BILLING_CHARGE, BILLING_RATE_HIT, BILLING_REFUND, BILLING_RESERVE, BILLING_TAKE_PERIOD, } from './scripts-billing.js';
/** Wall time after which a reservation nobody settled or released is dropped (an instance died mid-request). */
const RESERVATION_TTL_MS = 15 * 60_000;
const WINDOW_GC_MIN_MS = 3_600_000;
export class SharedBilling {
    store;
    replica;
    generation;
    ledger;
    reservations = 0;
    stamps = 0;
    constructor(store, replica, generation) {
        this.store = store;
        this.replica = replica;
        this.generation = generation;
        this.ledger = new LedgerReader(store, (name) => this.k(name));
        store.onMessage((m) => this.receive(m));
        store.onResync(() => this.load());
    }
    /** Defines the scripts on the connection (once open) and loads the shared quota and rate overrides. */
    async open() {
        const r = this.store.redis;
        r.defineCommand('svcBillingReserve', { numberOfKeys: 4, lua: BILLING_RESERVE });
        r.defineCommand('svcBillingRefund', { numberOfKeys: 5, lua: BILLING_REFUND });
        r.defineCommand('svcBillingAdjust', { numberOfKeys: 1, lua: BILLING_ADJUST });
        r.defineCommand('svcBillingRateHit', { numberOfKeys: 1, lua: BILLING_RATE_HIT });
        r.defineCommand('svcBillingCharge', { numberOfKeys: 9, lua: BILLING_CHARGE });
        r.defineCommand('svcBillingTakePeriod', { numberOfKeys: 2, lua: BILLING_TAKE_PERIOD });
        await this.load();
    }
    /** The command connection (it exists once the store is open). */
    get redis() {
        return this.store.redis;
    }
    get fixed() {
        return { quotas: this.store.key('billing:quotas'), limits: this.store.key('billing:rate-overrides') };
    }
    k(name) {
        return this.store.key(`billing:g${this.generation()}:${name}`);
    }
    /** The keys a reset deletes (the rest carries the generation). */
    keyNames() {
        return [this.fixed.quotas, this.fixed.limits];
    }
    async load() {
        const [quotas, limits] = await this.store.run(() => Promise.all([this.redis.hgetall(this.fixed.quotas), this.redis.hgetall(this.fixed.limits)]));
        for (const [field, value] of Object.entries(quotas)) {
            const [orgId, product] = splitLast(field);
            this.replica.applyQuota(orgId, product, unmicro(value));
        }
        for (const [keyId, value] of Object.entries(limits))
            this.replica.applyKeyLimit(keyId, parseRule(value));
    }
    assertWritable() {
        this.store.assertAvailable();
    }
    async reserve(r) {
        const id = `${this.store.instanceId}:${++this.reservations}`;
        const now = Date.now();
        const live = r.kind === 'credits';
        const [ok, value, held, quota] = (await this.store.run(() => this.redis.svcBillingReserve(this.k(`bal:${r.orgId}`), this.k(`held:${r.orgId}`), this.k(`quota:${r.orgId}:${r.windowStart}`), this.fixed.quotas, id, r.kind, micro(r.amount), now, now + RESERVATION_TTL_MS, micro(r.grant), micro(r.quota), r.orgId)));
        if (!live && ok === 1)
            this.replica.applyQuotaUsed(r.orgId, r.kind, r.windowStart, unmicro(value));
        return {
            reservationId: ok === 1 ? id : undefined,
            value: unmicro(value),
            held: unmicro(held),
            quota: unmicro(quota),
        };
    }
    charge(entry, c) {
        const org = entry.orgId;
        const kind = entry.status === 'billed'
            ? 'billed'
            : entry.environment === 'live'
                ? 'live'
                : entry.reason === 'test_key' && c.quotaProduct
                    ? 'test'
                    : 'none';
        const markers = kind === 'test'
            ? this.k(`thr:${org}:quota:${c.quotaProduct}:${c.windowStart}:`)
            : this.k(`thr:${org}:credits:`);
        const keys = [
            this.k(`bal:${org}`),
            this.k(`held:${org}`),
            this.k(`quota:${org}:${c.windowStart}`),
            this.k(`ledger:${org}`),
            this.k(`entries:${org}`),
            this.k(`refunds:${org}`),
            this.k(`agg:${org}`),
            this.k(`period:${org}`),
            this.fixed.quotas,
        ];
        const write = this.redis
            .svcBillingCharge(...keys, c.reservationId ?? '', entry.id, JSON.stringify(entry), kind, micro(entry.amount), micro(entry.quantity), c.quotaProduct ?? '', `${entry.environment}|${entry.product}|${entry.status}`, c.maxEntries, micro(c.grant), micro(c.quota), org, this.store.channel, this.store.instanceId, c.percents.join(','), entry.product, markers)
            .then((result) => {
            const [b, g, gp, cons, v, used, fired] = result;
            this.replica.applyBalance(org, balanceOf([b, g, gp, cons, v]));
            if (kind === 'test' && c.quotaProduct)
                this.replica.applyQuotaUsed(org, c.quotaProduct, c.windowStart, unmicro(used));
            if (fired)
                this.replica.thresholdsClaimed(entry, fired.split(',').map(Number));
        });
        this.store.track(write);
    }
    refund(entry, from, c) {
        const org = entry.orgId;
        const q = quotaProductOf(entry.product);
        const kind = from === 'billed' ? 'billed' : entry.environment === 'test' && q ? 'test' : 'none';
        const write = this.redis
            .svcBillingRefund(this.k(`bal:${org}`), this.k(`quota:${org}:${c.windowStart}`), this.k(`refunds:${org}`), this.k(`agg:${org}`), this.k(`period:${org}`), entry.id, JSON.stringify({ reason: entry.reason, refundedAt: entry.refundedAt }), kind, micro(entry.amount), micro(entry.quantity), q ?? '', `${entry.environment}|${entry.product}`, from, entry.product, org, this.store.channel, this.store.instanceId, micro(c.grant))
            .then((result) => {
            const [applied, b, g, gp, cons, v, used] = result;
            if (Number(applied) !== 1)
                return;
            this.replica.applyBalance(org, balanceOf([b, g, gp, cons, v]));
            if (kind === 'test' && q)
                this.replica.applyQuotaUsed(org, q, c.windowStart, unmicro(used));
        });
        this.store.track(write);
    }
    // Billing periods: each end is closed by one instance (a marker on the period's end), an early close
    // through the admin API always closes; the invoices live in a list per organization.
    async claimClose(orgId, end) {
        const ok = await this.store.run(() => this.redis.set(this.k(`closed:${orgId}:${end}`), '1', 'NX'));
        return ok === 'OK';
    }
    async takePeriod(orgId, grant) {
        const [state, fields] = (await this.store.run(() => this.redis.svcBillingTakePeriod(this.k(`bal:${orgId}`), this.k(`period:${orgId}`), micro(grant), orgId, this.store.channel, this.store.instanceId)));
        this.replica.applyBalance(orgId, balanceOf(state));
        const usage = new Map();
        for (let i = 0; i < fields.length; i += 2) {
            const [product, part] = fields[i].split('|');
            const u = usage.get(product) ?? { quantity: 0, amount: 0 };
            u[part === 'q' ? 'quantity' : 'amount'] = unmicro(fields[i + 1]);
            usage.set(product, u);
        }
        // A product whose usage was entirely refunded leaves no line (as on one instance).
        return [...usage]
            .filter(([, u]) => u.quantity !== 0 || u.amount !== 0)
            .map(([product, u]) => ({ product, unit: productUnits[product], ...u }));
    }
    saveInvoice(invoice) {
        this.store.track(this.redis
            .multi()
            .rpush(this.k(`invoices:${invoice.org_id}`), JSON.stringify(invoice))
            .publish(this.store.channel, this.store.message('billing.closed', { orgId: invoice.org_id }))
            .exec());
    }
    async invoices(orgId) {
        const list = await this.store.run(() => this.redis.lrange(this.k(`invoices:${orgId}`), 0, -1));
        return list.map((json) => JSON.parse(json));
    }
    release(orgId, reservationIds) {
        if (reservationIds.length === 0)
            return;
        // Best effort: a reservation left behind (Redis away) expires by itself.
        this.redis.hdel(this.k(`held:${orgId}`), ...reservationIds).catch(() => { });
    }
    adjust(orgId, grant, change) {
        const arg = (x) => (x === undefined ? '' : micro(x));
        const write = this.redis
            .svcBillingAdjust(this.k(`bal:${orgId}`), micro(grant), arg(change.periodGrant), arg(change.balance), arg(change.add), orgId, this.store.channel, this.store.instanceId)
            .then((s) => this.replica.applyBalance(orgId, balanceOf(s)));
        this.store.track(write);
    }
    setQuota(orgId, product, quota) {
        this.store.track(this.redis
            .multi()
            .hset(this.fixed.quotas, `${orgId}|${product}`, micro(quota))
            .publish(this.store.channel, this.store.message('billing.quota', { orgId, product, quota }))
            .exec());
    }
    setKeyLimit(keyId, rule) {
        const tx = this.redis.multi();
        if (rule)
            tx.hset(this.fixed.limits, keyId, `${rule.limit}|${rule.windowSeconds * 1000}|${this.store.instanceId}.${++this.stamps}`);
        else
            tx.hdel(this.fixed.limits, keyId);
        this.store.track(tx.publish(this.store.channel, this.store.message('billing.key-limit', { keyId, rule })).exec());
    }
    async hitKey(keyId, rule, now) {
        const [allowed, count, limit, windowMs, start] = (await this.store.run(() => this.redis.svcBillingRateHit(this.fixed.limits, keyId, rule.limit, rule.windowSeconds * 1000, now, this.k('rl:'), WINDOW_GC_MIN_MS)));
        return { allowed: allowed === 1, count, rule: { limit, windowSeconds: windowMs / 1000 }, start };
    }
    async refresh(orgId, windowStart) {
        const [bal, used] = await this.store.run(() => Promise.all([
            this.redis.hmget(this.k(`bal:${orgId}`), 'b', 'g', 'gp', 'c', 'v'),
            this.redis.hgetall(this.k(`quota:${orgId}:${windowStart}`)),
        ]));
        if (bal[0] !== null)
            this.replica.applyBalance(orgId, balanceOf(bal));
        for (const [product, value] of Object.entries(used)) {
            this.replica.applyQuotaUsed(orgId, product, windowStart, unmicro(value));
        }
    }
    entries(orgId, filter) {
        return this.ledger.entries(orgId, filter);
    }
    totals(orgId, filter) {
        return this.ledger.totals(orgId, filter);
    }
    receive(m) {
        switch (m.type) {
            case 'billing.balance': {
                const d = m.data;
                this.replica.applyBalance(d.org, balanceOf(d.s));
                return;
            }
            case 'billing.quota': {
                const d = m.data;
                this.replica.applyQuota(d.orgId, d.product, d.quota);
                return;
            }
            case 'billing.key-limit': {
                const d = m.data;
                this.replica.applyKeyLimit(d.keyId, d.rule);
                return;
            }
            case 'billing.closed':
                this.replica.periodClosed(m.data.orgId);
                return;
            case 'reset':
                this.replica.dropShared();
                return;
        }
    }
}
function balanceOf(s) {
    return {
        balance: unmicro(s[0]),
        periodGrant: unmicro(s[1]),
        grantedInPeriod: unmicro(s[2]),
        consumedInPeriod: unmicro(s[3]),
        version: Number(s[4] ?? 0),
    };
}
function parseRule(value) {
    const [limit, windowMs] = value.split('|').map(Number);
    return { limit, windowSeconds: windowMs / 1000 };
}
/** `org|product` → [org, product] (an org id may hold '|'; a product never does). */
function splitLast(field) {
    const i = field.lastIndexOf('|');
    return [field.slice(0, i), field.slice(i + 1)];
}
