import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import { costOf, defaultMode, rateOf, type PriceTable } from './prices.js';
import {
  periodLines,
  productUnits,
  roundCredits,
  type Environment,
  type Mode,
  type Principal,
  type Product,
  type Unit,
} from './types.js';

export type LedgerStatus = 'billed' | 'not_billed' | 'refunded';
/**
 * Why an entry is not plainly billed: `test_key` (test keys are excluded from billing), `failed_job` and
 * `upstream_error` (the spec's not-billed cases), `refund` (refunded after billing, e.g. a failed indexing
 * job), `true_up` (the final adjustment of a realtime stream; negative when the stream was over-billed).
 */
export type LedgerReason = 'test_key' | 'failed_job' | 'upstream_error' | 'refund' | 'true_up';

export interface LedgerEntry {
  id: string;
  orgId: string;
  keyId: string;
  keyDisplay: string;
  environment: Environment;
  livemode: boolean;
  product: Product;
  quantity: number;
  unit: Unit;
  mode?: Mode;
  /** Credits per unit a live key pays (shown on test entries too, for information). */
  rate: number;
  /** Credits charged; 0 unless billed; negative for a downward true-up. */
  amount: number;
  requestId?: string;
  jobId?: string;
  streamId?: string;
  status: LedgerStatus;
  reason?: LedgerReason;
  createdAt: string;
  refundedAt?: string;
}

export interface UsageInput {
  product: Product;
  quantity: number;
  mode?: Mode;
  requestId?: string;
  jobId?: string;
  streamId?: string;
}

export interface LedgerFilter {
  orgId?: string;
  product?: Product;
  status?: LedgerStatus;
  environment?: Environment;
  keyId?: string;
  /** Inclusive lower bound on createdAt, ISO string or epoch ms. */
  since?: string | number;
  /** Exclusive upper bound on createdAt, ISO string or epoch ms. */
  until?: string | number;
  /** Newest first; default 100. */
  limit?: number;
  /** Only the entries of this request. */
  requestId?: string;
}

export interface TotalsCell {
  count: number;
  quantity: number;
  amount: number;
}
export type Totals = Partial<Record<Product, Partial<Record<LedgerStatus, TotalsCell>>>>;

export const DEFAULT_MAX_ENTRIES_PER_ORG = 10_000;

/** A new ledger entry by the billing rules: `billed` debits the balance; test keys are `not_billed` (`test_key`). */
export function buildEntry(
  deps: { clock: Clock; ids: IdFactory; prices: PriceTable },
  principal: Principal,
  usage: UsageInput,
  status: LedgerStatus,
  reason?: LedgerReason,
): LedgerEntry {
  if (!Number.isFinite(usage.quantity))
    throw new RangeError(`quantity must be finite (got ${usage.quantity})`);
  const mode = usage.mode ?? defaultMode(usage.product);
  const amount = status === 'billed' ? costOf(deps.prices, usage.product, usage.quantity, mode) : 0;
  return {
    id: deps.ids.next('ldg'),
    orgId: principal.orgId,
    keyId: principal.keyId,
    keyDisplay: principal.keyDisplay,
    environment: principal.environment,
    livemode: principal.environment === 'live',
    product: usage.product,
    quantity: usage.quantity,
    unit: productUnits[usage.product],
    ...(mode ? { mode } : {}),
    rate: rateOf(deps.prices, usage.product, mode),
    amount,
    ...(usage.requestId ? { requestId: usage.requestId } : {}),
    ...(usage.jobId ? { jobId: usage.jobId } : {}),
    ...(usage.streamId ? { streamId: usage.streamId } : {}),
    status,
    ...(reason ? { reason } : {}),
    createdAt: deps.clock.isoNow(),
  };
}

/** Whether an entry can be refunded: billed, or test-key usage (its quota goes back). */
export function refundable(entry: Pick<LedgerEntry, 'status' | 'reason'>): boolean {
  return entry.status === 'billed' || (entry.status === 'not_billed' && entry.reason === 'test_key');
}

/** Adds a cell to a totals table. */
export function addTotals(totals: Totals, product: Product, status: LedgerStatus, cell: TotalsCell): void {
  const t = ((totals[product] ??= {})[status] ??= { count: 0, quantity: 0, amount: 0 });
  t.count += cell.count;
  t.quantity = roundCredits(t.quantity + cell.quantity);
  t.amount = roundCredits(t.amount + cell.amount);
}

/**
 * One organization's ledger in memory. Bounded: it keeps its newest `maxEntries` entries; older entries leave
 * the list (and can no longer be refunded), but running aggregates per (environment, product, status) and the
 * period's usage behind invoices are kept exactly.
 */
export class OrgLedger {
  /** Entries, oldest first from `start` (those before it are dropped; see `add`). */
  items: LedgerEntry[] = [];
  start = 0;
  readonly byId = new Map<string, LedgerEntry>();
  readonly aggregates = new Map<string, TotalsCell>();
  periodUsage = new Map<Product, { quantity: number; amount: number }>();
  dropped = false;

  add(entry: LedgerEntry, maxEntries: number): void {
    this.items.push(entry);
    this.byId.set(entry.id, entry);
    if (this.items.length - this.start > maxEntries) {
      // Oldest first; totals stay exact because they live in the aggregates, not in the list. The dropped
      // entry leaves the index at once but the array only once a cap's worth has gone: removing it from the
      // front of a full list moved 10,000 pointers on every request.
      this.byId.delete(this.items[this.start].id);
      this.start++;
      if (this.start >= maxEntries) {
        this.items = this.items.slice(this.start);
        this.start = 0;
      }
      this.dropped = true;
    }
    this.bump(entry, entry.status, 1, entry.quantity, entry.amount);
    if (entry.status === 'billed') this.addPeriodUsage(entry.product, entry.quantity, entry.amount);
  }

  /** Moves a charged entry to `refunded` (the caller gives the credits or quota back). */
  refund(entry: LedgerEntry, reason: LedgerReason, refundedAt: string): void {
    this.bump(entry, entry.status, -1, -entry.quantity, -entry.amount);
    if (entry.status === 'billed') this.addPeriodUsage(entry.product, -entry.quantity, -entry.amount);
    Object.assign(entry, { status: 'refunded', reason, refundedAt });
    this.bump(entry, 'refunded', 1, entry.quantity, entry.amount);
  }

  /** Newest first, from the newest; `out` collects up to `limit`. */
  collect(filter: LedgerFilter, limit: number, out: LedgerEntry[]): void {
    for (let i = this.items.length - 1; i >= this.start && out.length < limit; i--) {
      if (matches(this.items[i], filter)) out.push(this.items[i]);
    }
  }

  kept(): LedgerEntry[] {
    return this.items.slice(this.start);
  }

  /** Live billed usage of the period per product, net of refunds and true-ups; the next period starts empty. */
  takePeriod(): { product: Product; unit: Unit; quantity: number; amount: number }[] {
    const usage = this.periodUsage;
    this.periodUsage = new Map();
    return periodLines(usage);
  }

  private bump(
    entry: LedgerEntry,
    status: LedgerStatus,
    count: number,
    quantity: number,
    amount: number,
  ): void {
    const key = `${entry.environment}|${entry.product}|${status}`;
    const cell = this.aggregates.get(key) ?? { count: 0, quantity: 0, amount: 0 };
    cell.count += count;
    cell.quantity = roundCredits(cell.quantity + quantity);
    cell.amount = roundCredits(cell.amount + amount);
    this.aggregates.set(key, cell);
  }

  private addPeriodUsage(product: Product, quantity: number, amount: number): void {
    const u = this.periodUsage.get(product) ?? { quantity: 0, amount: 0 };
    u.quantity = roundCredits(u.quantity + quantity);
    u.amount = roundCredits(u.amount + amount);
    this.periodUsage.set(product, u);
  }
}

export function byCreation(a: LedgerEntry, b: LedgerEntry): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

function toMs(t: string | number): number {
  return typeof t === 'number' ? t : Date.parse(t);
}

/** Whether an entry passes a filter's product, status, environment, key and time bounds (not its org or limit). */
export function matches(e: LedgerEntry, f: LedgerFilter): boolean {
  if (f.product !== undefined && e.product !== f.product) return false;
  if (f.status !== undefined && e.status !== f.status) return false;
  if (f.environment !== undefined && e.environment !== f.environment) return false;
  if (f.keyId !== undefined && e.keyId !== f.keyId) return false;
  if (f.requestId !== undefined && e.requestId !== f.requestId) return false;
  if (f.since !== undefined && Date.parse(e.createdAt) < toMs(f.since)) return false;
  if (f.until !== undefined && Date.parse(e.createdAt) >= toMs(f.until)) return false;
  return true;
}
