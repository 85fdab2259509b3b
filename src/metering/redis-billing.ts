/**
 * Credits, test quotas, the usage ledger and per-key rate-limit overrides in Redis (issue 17). Redis holds
 * the truth; each instance keeps its metering structures as a local copy (balances updated from every
 * change's `billing.balance` event), so views stay synchronous. The money moves in Lua scripts
 * (metering/redis-billing-scripts.ts): a precheck reserves atomically against the shared balance or quota, the charge
 * settles the reservation and debits in one step, a refund applies once, a threshold is claimed once. Keys
 * carry the store's generation (a reset retires them all at once); quota and rate overrides set through
 * the admin API live in two fixed hashes, which a reset deletes (keyNames).
 */
import type {
  BillingBackend,
  BillingReplica,
  ChargeContext,
  ReserveOutcome,
  ReserveRequest,
  SharedBalance,
} from './backend.js';
import {
  type LedgerEntry,
  type LedgerFilter,
  type LedgerStatus,
  type Totals,
} from './ledger.js';
import type { QuotaProduct } from './quotas.js';
import type { RateLimitRule } from './rate-limit.js';
import { quotaProductOf } from './quotas.js';
import type { Invoice, InvoiceLine } from './periods.js';
import { productUnits, type Product } from './types.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { LedgerReader, micro, unmicro } from './redis-ledger.js';
import {
  BILLING_ADJUST,
  BILLING_CHARGE,
  BILLING_RATE_HIT,
  BILLING_REFUND,
  BILLING_RESERVE,
  BILLING_TAKE_PERIOD,
} from './redis-billing-scripts.js';

/** Wall time after which a reservation nobody settled or released is dropped (an instance died mid-request). */
const RESERVATION_TTL_MS = 15 * 60_000;
const WINDOW_GC_MIN_MS = 3_600_000;

type Run = (...args: (string | number)[]) => Promise<unknown>;
interface BillingScripts {
  svcBillingReserve: Run;
  svcBillingCharge: Run;
  svcBillingRefund: Run;
  svcBillingAdjust: Run;
  svcBillingRateHit: Run;
  svcBillingTakePeriod: Run;
}


export class SharedBilling implements BillingBackend {
  private readonly ledger: LedgerReader;
  private reservations = 0;
  private stamps = 0;

  constructor(
    private readonly store: RedisStore,
    private readonly replica: BillingReplica,
    private readonly generation: () => number,
  ) {
    this.ledger = new LedgerReader(store, (name) => this.k(name));
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  /** Defines the scripts on the connection (once open) and loads the shared quota and rate overrides. */
  async open(): Promise<void> {
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
  private get redis(): RedisStore['redis'] & BillingScripts {
    return this.store.redis as RedisStore['redis'] & BillingScripts;
  }

  private get fixed() {
    return { quotas: this.store.key('billing:quotas'), limits: this.store.key('billing:rate-overrides') };
  }

  private k(name: string): string {
    return this.store.key(`billing:g${this.generation()}:${name}`);
  }

  /** The keys a reset deletes (the rest carries the generation). */
  keyNames(): string[] {
    return [this.fixed.quotas, this.fixed.limits];
  }

  private async load(): Promise<void> {
    const [quotas, limits] = await this.store.run(() =>
      Promise.all([this.redis.hgetall(this.fixed.quotas), this.redis.hgetall(this.fixed.limits)]),
    );
    for (const [field, value] of Object.entries(quotas)) {
      const [orgId, product] = splitLast(field);
      this.replica.applyQuota(orgId, product as QuotaProduct, unmicro(value));
    }
    for (const [keyId, value] of Object.entries(limits)) this.replica.applyKeyLimit(keyId, parseRule(value));
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  async reserve(r: ReserveRequest): Promise<ReserveOutcome> {
    const id = `${this.store.instanceId}:${++this.reservations}`;
    const now = Date.now();
    const live = r.kind === 'credits';
    const [ok, value, held, quota] = (await this.store.run(() =>
      this.redis.svcBillingReserve(
        this.k(`bal:${r.orgId}`),
        this.k(`held:${r.orgId}`),
        this.k(`quota:${r.orgId}:${r.windowStart}`),
        this.fixed.quotas,
        id,
        r.kind,
        micro(r.amount),
        now,
        now + RESERVATION_TTL_MS,
        micro(r.grant),
        micro(r.quota),
        r.orgId,
      ),
    )) as number[];
    if (!live && ok === 1)
      this.replica.applyQuotaUsed(r.orgId, r.kind as QuotaProduct, r.windowStart, unmicro(value));
    return {
      reservationId: ok === 1 ? id : undefined,
      value: unmicro(value),
      held: unmicro(held),
      quota: unmicro(quota),
    };
  }

  charge(entry: LedgerEntry, c: ChargeContext): void {
    const org = entry.orgId;
    const kind =
      entry.status === 'billed'
        ? 'billed'
        : entry.environment === 'live'
          ? 'live'
          : entry.reason === 'test_key' && c.quotaProduct
            ? 'test'
            : 'none';
    const markers =
      kind === 'test'
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
      .svcBillingCharge(
        ...keys,
        c.reservationId ?? '',
        entry.id,
        JSON.stringify(entry),
        kind,
        micro(entry.amount),
        micro(entry.quantity),
        c.quotaProduct ?? '',
        `${entry.environment}|${entry.product}|${entry.status}`,
        c.maxEntries,
        micro(c.grant),
        micro(c.quota),
        org,
        this.store.channel,
        this.store.instanceId,
        c.percents.join(','),
        entry.product,
        markers,
      )
      .then((result) => {
        const [b, g, gp, cons, v, used, fired] = result as string[];
        this.replica.applyBalance(org, balanceOf([b, g, gp, cons, v]));
        if (kind === 'test' && c.quotaProduct)
          this.replica.applyQuotaUsed(org, c.quotaProduct, c.windowStart, unmicro(used));
        if (fired) this.replica.thresholdsClaimed(entry, fired.split(',').map(Number));
      });
    this.store.track(write);
  }

  refund(entry: LedgerEntry, from: LedgerStatus, c: Pick<ChargeContext, 'grant' | 'windowStart'>): void {
    const org = entry.orgId;
    const q = quotaProductOf(entry.product);
    const kind = from === 'billed' ? 'billed' : entry.environment === 'test' && q ? 'test' : 'none';
    const write = this.redis
      .svcBillingRefund(
        this.k(`bal:${org}`),
        this.k(`quota:${org}:${c.windowStart}`),
        this.k(`refunds:${org}`),
        this.k(`agg:${org}`),
        this.k(`period:${org}`),
        entry.id,
        JSON.stringify({ reason: entry.reason, refundedAt: entry.refundedAt }),
        kind,
        micro(entry.amount),
        micro(entry.quantity),
        q ?? '',
        `${entry.environment}|${entry.product}`,
        from,
        entry.product,
        org,
        this.store.channel,
        this.store.instanceId,
        micro(c.grant),
      )
      .then((result) => {
        const [applied, b, g, gp, cons, v, used] = result as (string | number)[];
        if (Number(applied) !== 1) return;
        this.replica.applyBalance(org, balanceOf([b, g, gp, cons, v]));
        if (kind === 'test' && q) this.replica.applyQuotaUsed(org, q, c.windowStart, unmicro(used));
      });
    this.store.track(write);
  }

  // Billing periods: each end is closed by one instance (a marker on the period's end), an early close
  // through the admin API always closes; the invoices live in a list per organization.

  async claimClose(orgId: string, end: number): Promise<boolean> {
    const ok = await this.store.run(() => this.redis.set(this.k(`closed:${orgId}:${end}`), '1', 'NX'));
    return ok === 'OK';
  }

  async takePeriod(orgId: string, grant: number): Promise<InvoiceLine[]> {
    const [state, fields] = (await this.store.run(() =>
      this.redis.svcBillingTakePeriod(
        this.k(`bal:${orgId}`),
        this.k(`period:${orgId}`),
        micro(grant),
        orgId,
        this.store.channel,
        this.store.instanceId,
      ),
    )) as [string[], string[]];
    this.replica.applyBalance(orgId, balanceOf(state));
    const usage = new Map<Product, { quantity: number; amount: number }>();
    for (let i = 0; i < fields.length; i += 2) {
      const [product, part] = fields[i].split('|') as [Product, 'q' | 'a'];
      const u = usage.get(product) ?? { quantity: 0, amount: 0 };
      u[part === 'q' ? 'quantity' : 'amount'] = unmicro(fields[i + 1]);
      usage.set(product, u);
    }
    // A product whose usage was entirely refunded leaves no line (as on one instance).
    return [...usage]
      .filter(([, u]) => u.quantity !== 0 || u.amount !== 0)
      .map(([product, u]) => ({ product, unit: productUnits[product], ...u }));
  }

  saveInvoice(invoice: Invoice): void {
    this.store.track(
      this.redis
        .multi()
        .rpush(this.k(`invoices:${invoice.org_id}`), JSON.stringify(invoice))
        .publish(this.store.channel, this.store.message('billing.closed', { orgId: invoice.org_id }))
        .exec(),
    );
  }

  async invoices(orgId: string): Promise<Invoice[]> {
    const list = await this.store.run(() => this.redis.lrange(this.k(`invoices:${orgId}`), 0, -1));
    return list.map((json) => JSON.parse(json) as Invoice);
  }

  release(orgId: string, reservationIds: string[]): void {
    if (reservationIds.length === 0) return;
    // Best effort: a reservation left behind (Redis away) expires by itself.
    this.redis.hdel(this.k(`held:${orgId}`), ...reservationIds).catch(() => {});
  }

  adjust(
    orgId: string,
    grant: number,
    change: { periodGrant?: number; balance?: number; add?: number },
  ): void {
    const arg = (x: number | undefined) => (x === undefined ? '' : micro(x));
    const write = this.redis
      .svcBillingAdjust(
        this.k(`bal:${orgId}`),
        micro(grant),
        arg(change.periodGrant),
        arg(change.balance),
        arg(change.add),
        orgId,
        this.store.channel,
        this.store.instanceId,
      )
      .then((s) => this.replica.applyBalance(orgId, balanceOf(s as string[])));
    this.store.track(write);
  }

  setQuota(orgId: string, product: QuotaProduct, quota: number): void {
    this.store.track(
      this.redis
        .multi()
        .hset(this.fixed.quotas, `${orgId}|${product}`, micro(quota))
        .publish(this.store.channel, this.store.message('billing.quota', { orgId, product, quota }))
        .exec(),
    );
  }

  setKeyLimit(keyId: string, rule: RateLimitRule | null): void {
    const tx = this.redis.multi();
    if (rule)
      tx.hset(
        this.fixed.limits,
        keyId,
        `${rule.limit}|${rule.windowSeconds * 1000}|${this.store.instanceId}.${++this.stamps}`,
      );
    else tx.hdel(this.fixed.limits, keyId);
    this.store.track(
      tx.publish(this.store.channel, this.store.message('billing.key-limit', { keyId, rule })).exec(),
    );
  }

  async hitKey(keyId: string, rule: RateLimitRule, now: number) {
    const [allowed, count, limit, windowMs, start] = (await this.store.run(() =>
      this.redis.svcBillingRateHit(
        this.fixed.limits,
        keyId,
        rule.limit,
        rule.windowSeconds * 1000,
        now,
        this.k('rl:'),
        WINDOW_GC_MIN_MS,
      ),
    )) as number[];
    return { allowed: allowed === 1, count, rule: { limit, windowSeconds: windowMs / 1000 }, start };
  }

  async refresh(orgId: string, windowStart: number): Promise<void> {
    const [bal, used] = await this.store.run(() =>
      Promise.all([
        this.redis.hmget(this.k(`bal:${orgId}`), 'b', 'g', 'gp', 'c', 'v'),
        this.redis.hgetall(this.k(`quota:${orgId}:${windowStart}`)),
      ]),
    );
    if (bal[0] !== null) this.replica.applyBalance(orgId, balanceOf(bal));
    for (const [product, value] of Object.entries(used)) {
      this.replica.applyQuotaUsed(orgId, product as QuotaProduct, windowStart, unmicro(value));
    }
  }

  entries(orgId: string, filter: LedgerFilter): Promise<LedgerEntry[]> {
    return this.ledger.entries(orgId, filter);
  }

  totals(orgId: string, filter: Omit<LedgerFilter, 'limit'>): Promise<{ totals: Totals; exact: boolean }> {
    return this.ledger.totals(orgId, filter);
  }

  private receive(m: StoreMessage): void {
    switch (m.type) {
      case 'billing.balance': {
        const d = m.data as { org: string; s: string[] };
        this.replica.applyBalance(d.org, balanceOf(d.s));
        return;
      }
      case 'billing.quota': {
        const d = m.data as { orgId: string; product: QuotaProduct; quota: number };
        this.replica.applyQuota(d.orgId, d.product, d.quota);
        return;
      }
      case 'billing.key-limit': {
        const d = m.data as { keyId: string; rule: RateLimitRule | null };
        this.replica.applyKeyLimit(d.keyId, d.rule);
        return;
      }
      case 'billing.closed':
        this.replica.periodClosed((m.data as { orgId: string }).orgId);
        return;
      case 'reset':
        this.replica.dropShared();
        return;
    }
  }
}

function balanceOf(s: (string | number | null)[]): SharedBalance {
  return {
    balance: unmicro(s[0]),
    periodGrant: unmicro(s[1]),
    grantedInPeriod: unmicro(s[2]),
    consumedInPeriod: unmicro(s[3]),
    version: Number(s[4] ?? 0),
  };
}

function parseRule(value: string): RateLimitRule {
  const [limit, windowMs] = value.split('|').map(Number);
  return { limit, windowSeconds: windowMs / 1000 };
}

/** `org|product` → [org, product] (an org id may hold '|'; a product never does). */
function splitLast(field: string): [string, string] {
  const i = field.lastIndexOf('|');
  return [field.slice(0, i), field.slice(i + 1)];
}
