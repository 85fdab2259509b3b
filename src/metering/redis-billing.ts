/**
 * The billing state in Redis, shared by every instance (docs/scaling.md). Redis holds the only copy: every
 * read an admin view makes (balance, quota usage, ledger, totals, invoices) goes to Redis, so every instance,
 * and one started later, shows the same figures. The money moves in Lua scripts (redis-billing-scripts.ts):
 * a reservation is checked and held in one step, a charge settles it and debits in one step, a refund applies
 * once, a threshold and a period's close are claimed once. Every key carries the store's generation (a reset
 * retires them all), and an organization's are under `billing:org:<id>:`, so one organization is listed,
 * exported and reset by its keys alone (store/redis-org-keys.ts).
 *
 * The one thing kept at hand is `glance`: the figures of the last reservation, charge or balance event this
 * instance saw, for realtime STT's synchronous checkpoint check (it reserves nothing; a lag is accepted there).
 */
import { SEEN_WITHIN_MS, type RedisStore, type StoreMessage } from '../store/redis-store.js';
import { ANSWERS } from '../store/barrier.js';
import { OrgKeys } from '../store/redis-org-keys.js';
import { defineOnce } from '../store/redis-scripts.js';
import type {
  BalanceChange,
  BalanceFigures,
  BillingListener,
  BillingOrgs,
  BillingState,
  ChargeOutcome,
  ChargeRequest,
  ReserveFigures,
  RefundRequest,
  ReserveOutcome,
  ReserveRequest,
} from './billing-state.js';
import { refundable, type LedgerEntry, type LedgerFilter, type Totals } from './ledger.js';
import type { Invoice, InvoiceLine } from './periods.js';
import type { QuotaProduct } from './quotas.js';
import { periodLines, type Product } from './types.js';
import { ORG_RESET, redisBillingOrgs } from './redis-billing-orgs.js';
import { LedgerReader, micro, unmicro } from './redis-ledger.js';
import { chargeArgs, figuresOf, orgOf, type BillingScripts } from './redis-billing-helpers.js';
import {
  BILLING_ADJUST,
  BILLING_CHARGE,
  BILLING_REFUND,
  BILLING_RESERVE,
  BILLING_TAKE_PERIOD,
} from './redis-billing-scripts.js';

/** How often an owed refund asks for an entry whose charge has not landed yet (each after OUTBOX_RETRY_MS). */
const OWED_REFUND_ASKS = 20;

/** Wall time after which a reservation nobody settled or released is dropped (an instance died mid-request). */
const RESERVATION_TTL_MS = 15 * 60_000;

export class RedisBilling implements BillingState {
  readonly name = 'billing';
  private readonly keys: OrgKeys;
  private readonly ledger: LedgerReader;
  private readonly listeners: BillingListener[] = [];
  /** The last figures seen per organization (glance only). */
  private readonly seen = new Map<string, { balance?: number; used: Map<string, number> }>();
  private reservations = 0;
  readonly perOrg: BillingOrgs;

  constructor(private readonly store: RedisStore) {
    this.keys = new OrgKeys(store, 'billing');
    this.perOrg = redisBillingOrgs(store, this.keys, (orgId) => this.orgDropped(orgId));
    this.ledger = new LedgerReader(store, (orgId, part) => this.k(orgId, part));
    store.onMessage((m) => this.receive(m));
  }

  async open(): Promise<void> {
    const r = this.store.redis;
    defineOnce(r, 'svcBillingReserve', 5, BILLING_RESERVE);
    defineOnce(r, 'svcBillingRefund', 6, BILLING_REFUND);
    defineOnce(r, 'svcBillingAdjust', 1, BILLING_ADJUST);
    defineOnce(r, 'svcBillingCharge', 9, BILLING_CHARGE);
    defineOnce(r, 'svcBillingTakePeriod', 2, BILLING_TAKE_PERIOD);
    return Promise.resolve();
  }

  private get redis(): RedisStore['redis'] & BillingScripts {
    return this.store.redis as RedisStore['redis'] & BillingScripts;
  }

  /** The key of one part of an organization's billing state, in the current generation. */
  private k(orgId: string, part: string): string {
    return this.keys.key(orgId, part);
  }

  async reserve(r: ReserveRequest): Promise<ReserveOutcome> {
    const id = `${this.store.instanceId}:${++this.reservations}`;
    const now = Date.now();
    const [ok, value, held, quota] = (await this.store.run(
      () =>
        this.redis.svcBillingReserve(
          this.k(r.orgId, 'bal'),
          this.k(r.orgId, 'held'),
          this.k(r.orgId, `quota:${r.windowStart}`),
          this.k(r.orgId, 'quotas'),
          this.store.key('instances'),
          id,
          r.kind,
          micro(r.amount),
          now,
          now + RESERVATION_TTL_MS,
          micro(r.grant),
          micro(r.quota),
          r.orgId,
          this.store.instanceId,
          now - SEEN_WITHIN_MS,
        ),
      // Its reply lost, the reservation may land later: its release follows it, so the 502 changed nothing.
      () => this.release(r.orgId, [id]),
    )) as number[];
    const out = {
      reservationId: ok === 1 ? id : undefined,
      value: unmicro(value),
      held: unmicro(held),
      quota: unmicro(quota),
    };
    this.saw(
      r.orgId,
      r.kind === 'credits' ? { balance: out.value } : { used: [`${r.kind}|${r.windowStart}`, out.value] },
    );
    return out;
  }

  glance(r: Omit<ReserveRequest, 'amount'>): ReserveFigures | undefined {
    const seen = this.seen.get(r.orgId);
    if (r.kind === 'credits')
      return seen?.balance === undefined ? undefined : { value: seen.balance, held: 0, quota: 0 };
    const used = seen?.used.get(`${r.kind}|${r.windowStart}`);
    return used === undefined ? undefined : { value: used, held: 0, quota: r.quota };
  }

  release(orgId: string, reservationIds: string[]): void {
    if (reservationIds.length === 0) return;
    // Owed until it lands (the outbox): a release applies once however often it is sent (HDEL).
    const held = this.k(orgId, 'held');
    void this.store.outbox
      .submit({
        key: `release:${reservationIds.join(',')}`,
        area: 'billing',
        orgId,
        send: () => this.redis.hdel(held, ...reservationIds),
      })
      .catch(() => {});
  }

  charge(c: ChargeRequest): Promise<ChargeOutcome> {
    const { entry } = c;
    const org = entry.orgId;
    const { kind, args } = chargeArgs(c, (part) => this.k(org, part), this.store);
    // Owed until it lands (the outbox), applied once for the entry's id (BILLING_CHARGE).
    const write = this.store.outbox
      .submit({
        key: `charge:${entry.id}`,
        area: 'billing',
        orgId: org,
        send: () => this.redis.svcBillingCharge(...args),
      })
      .then((result) => {
        const [b, g, gp, cons, , used, quota, fired] = result as string[];
        const balance = figuresOf([b, g, gp, cons]);
        this.saw(org, { balance: balance.balance });
        if (kind === 'test') this.saw(org, { used: [`${c.quotaProduct}|${c.windowStart}`, unmicro(used)] });
        return {
          balance,
          used: unmicro(used),
          quota: unmicro(quota),
          fired: fired ? fired.split(',').map(Number) : [],
        };
      });
    // The charge is sent after the work and not waited for; the next admin answer waits for it (settled), and
    // a read through any instance waits for the answers already sent (store/barrier.ts).
    return write;
  }

  refund(orgId: string, entryId: string, r: RefundRequest): Promise<LedgerEntry> {
    const args = [
      this.k(orgId, 'bal'),
      this.k(orgId, `quota:${r.windowStart}`),
      this.k(orgId, 'refunds'),
      this.k(orgId, 'agg'),
      this.k(orgId, 'period'),
      this.k(orgId, 'entries'),
      entryId,
      JSON.stringify({ reason: r.reason, refundedAt: r.refundedAt }),
      orgId,
      this.store.channel,
      this.store.instanceId,
      micro(r.grant),
    ] as const;
    const sent = r.owed
      ? this.owedRefund(orgId, entryId, args)
      : this.store.run(() => this.redis.svcBillingRefund(...args));
    const write = sent.then((result) => {
      const [applied, json, b] = result as [number, string, string];
      if (applied === -1)
        throw new RangeError(`no ledger entry '${entryId}' (unknown or dropped by the per-org cap)`);
      const entry = JSON.parse(json) as LedgerEntry;
      // Refundable but refused: the first refund took it.
      const status = refundable(entry) ? 'refunded' : entry.status;
      if (applied === -2)
        throw new RangeError(`ledger entry '${entryId}' is ${status} and cannot be refunded`);
      this.saw(orgId, { balance: unmicro(b) });
      return Object.assign(entry, {
        status: 'refunded' as const,
        reason: r.reason,
        refundedAt: r.refundedAt,
      });
    });
    // A refund refused (unknown, or refunded already) is the caller's answer, not a store failure.
    if (!r.owed)
      this.store.track(
        write.catch((err: unknown) => {
          if (!(err instanceof RangeError)) throw err;
        }),
      );
    return write;
  }

  /**
   * The emulator's own refund, owed until it lands (applied once per entry: HSETNX). Its entry's charge may not
   * have landed yet (sent at the same moment, its reply lost): an unknown entry is asked for again, a few times.
   */
  private owedRefund(orgId: string, entryId: string, args: readonly (string | number)[]): Promise<unknown> {
    let asked = 0;
    return this.store.outbox.submit({
      key: `refund:${entryId}`,
      area: 'billing',
      orgId,
      send: async () => {
        const result = (await this.redis.svcBillingRefund(...args)) as [number];
        if (result[0] === -1 && ++asked < OWED_REFUND_ASKS)
          throw new Error(`ledger entry '${entryId}' not landed yet`);
        return result;
      },
    });
  }

  /**
   * Every answer already sent, through any instance, has its charge in Redis (store/barrier.ts): a read after
   * an answer sees it (docs/scaling.md, "Reads after answers"). Reads made in one turn share the wait.
   */
  private caughtUp(): Promise<void> {
    return this.store.barriers.barrier(ANSWERS);
  }

  async balance(orgId: string, grant: number): Promise<BalanceFigures> {
    await this.caughtUp();
    const s = await this.store.run(() => this.redis.hmget(this.k(orgId, 'bal'), 'b', 'g', 'gp', 'c'));
    if (s[0] === null)
      return { balance: grant, periodGrant: grant, grantedInPeriod: grant, consumedInPeriod: 0 };
    return figuresOf(s);
  }

  adjust(orgId: string, grant: number, change: BalanceChange): void {
    this.store.assertAvailable();
    const arg = (x: number | undefined) => (x === undefined ? '' : micro(x));
    const write = this.redis
      .svcBillingAdjust(
        this.k(orgId, 'bal'),
        micro(grant),
        arg(change.periodGrant),
        arg(change.balance),
        arg(change.add),
        orgId,
        this.store.channel,
        this.store.instanceId,
      )
      .then((s) => this.saw(orgId, { balance: unmicro((s as string[])[0]) }));
    this.store.track(write);
  }

  async quotaUsage(orgId: string, windowStart: number) {
    await this.caughtUp();
    const [used, quotas] = await this.store.run(() =>
      Promise.all([
        this.redis.hgetall(this.k(orgId, `quota:${windowStart}`)),
        this.redis.hgetall(this.k(orgId, 'quotas')),
      ]),
    );
    const parse = (h: Record<string, string>) =>
      Object.fromEntries(Object.entries(h).map(([p, v]) => [p, unmicro(v)])) as Partial<
        Record<QuotaProduct, number>
      >;
    return { used: parse(used), quotas: parse(quotas) };
  }

  setQuota(orgId: string, product: QuotaProduct, quota: number): void {
    this.store.assertAvailable();
    this.store.track(this.redis.hset(this.k(orgId, 'quotas'), product, micro(quota)));
  }

  async entries(filter: LedgerFilter): Promise<LedgerEntry[]> {
    await this.caughtUp();
    return this.ledger.entries(orgOf(filter), filter);
  }

  async entry(orgId: string, entryId: string): Promise<LedgerEntry | undefined> {
    await this.caughtUp();
    return this.ledger.entry(orgId, entryId);
  }

  async totals(filter: Omit<LedgerFilter, 'limit'>): Promise<{ totals: Totals; exact: boolean }> {
    await this.caughtUp();
    return this.ledger.totals(orgOf(filter), filter);
  }

  async claimClose(orgId: string, end: number): Promise<boolean> {
    const ok = await this.store.run(() => this.redis.set(this.k(orgId, `closed:${end}`), '1', 'NX'));
    return ok === 'OK';
  }

  async takePeriod(orgId: string, grant: number): Promise<InvoiceLine[]> {
    const [state, fields] = (await this.store.run(() =>
      this.redis.svcBillingTakePeriod(
        this.k(orgId, 'bal'),
        this.k(orgId, 'period'),
        micro(grant),
        orgId,
        this.store.channel,
        this.store.instanceId,
      ),
    )) as [string[], string[]];
    this.saw(orgId, { balance: unmicro(state[0]) });
    const usage = new Map<Product, { quantity: number; amount: number }>();
    for (let i = 0; i < fields.length; i += 2) {
      const [product, part] = fields[i].split('|') as [Product, 'q' | 'a'];
      const u = usage.get(product) ?? { quantity: 0, amount: 0 };
      u[part === 'q' ? 'quantity' : 'amount'] = unmicro(fields[i + 1]);
      usage.set(product, u);
    }
    return periodLines(usage);
  }

  addInvoice(invoice: Invoice): void {
    this.store.track(
      this.redis
        .multi()
        .rpush(this.k(invoice.org_id, 'invoices'), JSON.stringify(invoice))
        .publish(this.store.channel, this.store.message('billing.closed', { orgId: invoice.org_id }))
        .exec(),
    );
  }

  async invoices(orgId: string): Promise<Invoice[]> {
    await this.caughtUp();
    const list = await this.store.run(() => this.redis.lrange(this.k(orgId, 'invoices'), 0, -1));
    return list.map((json) => JSON.parse(json) as Invoice);
  }

  watch(listener: BillingListener): void {
    this.listeners.push(listener);
  }

  /**
   * Deletes this generation's billing keys. A reset through the emulator has moved the generation first
   * (nothing left to delete then); the others drop what they saw when the store's `reset` message arrives.
   */
  async reset(): Promise<void> {
    this.seen.clear();
    await this.keys.dropAll();
  }

  private receive(m: StoreMessage): void {
    switch (m.type) {
      case 'billing.balance': {
        const d = m.data as { org: string; s: string[] };
        this.saw(d.org, { balance: unmicro(d.s[0]) });
        return;
      }
      case 'billing.closed':
        for (const l of this.listeners) l.periodClosed((m.data as { orgId: string }).orgId);
        return;
      case 'reset':
        this.seen.clear();
        for (const l of this.listeners) l.reset();
        return;
      case ORG_RESET:
        this.orgDropped((m.data as { org: string }).org);
        return;
    }
  }

  private orgDropped(orgId: string): void {
    this.seen.delete(orgId);
    for (const l of this.listeners) l.orgReset(orgId);
  }

  private saw(orgId: string, figures: { balance?: number; used?: [string, number] }): void {
    let seen = this.seen.get(orgId);
    if (!seen) this.seen.set(orgId, (seen = { used: new Map() }));
    if (figures.balance !== undefined) seen.balance = figures.balance;
    if (figures.used) seen.used.set(...figures.used);
  }
}
