/**
 * Reading the usage ledger in Redis (redis-billing.ts writes it): an organization's entries newest first, in
 * pages, with their refunds applied, and its totals (exact running sums in Redis when the filter allows).
 * Amounts in Redis are whole millionths of a credit.
 */
import { matches, type LedgerEntry, type LedgerFilter, type LedgerStatus, type Totals } from './ledger.js';
import { roundCredits, type Environment, type Product } from './types.js';
import type { RedisStore } from '../store/redis-store.js';

/** Ledger entries read per round trip when listing. */
const PAGE = 500;

export const micro = (x: number): number => Math.round(x * 1e6);
export const unmicro = (s: string | number | null | undefined): number => roundCredits(Number(s ?? 0) / 1e6);

export class LedgerReader {
  constructor(
    private readonly store: RedisStore,
    /** The key of one part of an organization's billing state, in the current generation. */
    private readonly k: (orgId: string, part: string) => string,
  ) {}

  async entries(orgId: string, filter: LedgerFilter): Promise<LedgerEntry[]> {
    const limit = filter.limit ?? 100;
    const out: LedgerEntry[] = [];
    for (let from = 0; out.length < limit; from += PAGE) {
      const page = await this.page(orgId, from);
      for (const e of page) if (out.length < limit && matches(e, filter)) out.push(e);
      if (page.length < PAGE) break;
    }
    return out;
  }

  async totals(
    orgId: string,
    filter: Omit<LedgerFilter, 'limit'>,
  ): Promise<{ totals: Totals; exact: boolean }> {
    const totals: Totals = {};
    const add = (product: Product, status: LedgerStatus, n: number, q: number, a: number) => {
      const t = ((totals[product] ??= {})[status] ??= { count: 0, quantity: 0, amount: 0 });
      t.count += n;
      t.quantity = roundCredits(t.quantity + q);
      t.amount = roundCredits(t.amount + a);
    };
    if (
      filter.keyId === undefined &&
      filter.since === undefined &&
      filter.until === undefined &&
      filter.requestId === undefined
    ) {
      const agg = await this.store.run(() => this.store.redis.hgetall(this.k(orgId, 'agg')));
      for (const [field, n] of Object.entries(agg)) {
        const [environment, product, status, part] = field.split('|') as [
          Environment,
          Product,
          LedgerStatus,
          string,
        ];
        if (part !== 'n') continue;
        if (filter.environment !== undefined && filter.environment !== environment) continue;
        if (filter.product !== undefined && filter.product !== product) continue;
        if (filter.status !== undefined && filter.status !== status) continue;
        const base = `${environment}|${product}|${status}`;
        add(product, status, Number(n), unmicro(agg[`${base}|q`]), unmicro(agg[`${base}|a`]));
      }
      return { totals, exact: true };
    }
    for (const e of await this.entries(orgId, { ...filter, limit: Number.MAX_SAFE_INTEGER })) {
      add(e.product, e.status, 1, e.quantity, e.amount);
    }
    const dropped = await this.store.run(() => this.store.redis.hget(this.k(orgId, 'bal'), 'd'));
    return { totals, exact: dropped !== '1' };
  }

  async entry(orgId: string, entryId: string): Promise<LedgerEntry | undefined> {
    const [json, refund] = await this.store.run(() =>
      Promise.all([
        this.store.redis.hget(this.k(orgId, 'entries'), entryId),
        this.store.redis.hget(this.k(orgId, 'refunds'), entryId),
      ]),
    );
    return json === null ? undefined : withRefund(json, refund);
  }

  /** PAGE entries from `from` (newest first), with their refunds applied. */
  private async page(orgId: string, from: number): Promise<LedgerEntry[]> {
    const ids = await this.store.run(() =>
      this.store.redis.lrange(this.k(orgId, 'ledger'), from, from + PAGE - 1),
    );
    if (ids.length === 0) return [];
    const [jsons, refunds] = await this.store.run(() =>
      Promise.all([
        this.store.redis.hmget(this.k(orgId, 'entries'), ...ids),
        this.store.redis.hmget(this.k(orgId, 'refunds'), ...ids),
      ]),
    );
    const out: LedgerEntry[] = [];
    jsons.forEach((json, i) => {
      if (json !== null) out.push(withRefund(json, refunds[i]));
    });
    return out;
  }
}

export function withRefund(json: string, refund: string | null): LedgerEntry {
  const entry = JSON.parse(json) as LedgerEntry;
  if (refund !== null)
    Object.assign(entry, { status: 'refunded' }, JSON.parse(refund) as Partial<LedgerEntry>);
  return entry;
}
