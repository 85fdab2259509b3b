/**
 * The billing state in this process (the memory store): one book per organization, every operation
 * synchronous. The same rules as the Redis scripts (redis-billing-scripts.ts), which the contract test
 * (billing-state.contract.ts) holds both to.
 */
import {
  byClaim,
  byTotalsKey,
  claimOf,
  exported,
  type BillingExport,
  type TotalsRow,
} from './billing-export.js';
import type {
  RefundRequest,
  BalanceChange,
  BalanceFigures,
  BillingListener,
  BillingOrgs,
  BillingState,
  ChargeOutcome,
  ChargeRequest,
  ReserveFigures,
  ReserveKind,
  ReserveOutcome,
  ReserveRequest,
} from './billing-state.js';
import { refuses } from './billing-state.js';
import { checkBillingSection, claimMarker } from './billing-import.js';
import {
  addTotals,
  byCreation,
  OrgLedger,
  matches,
  refundable,
  type LedgerEntry,
  type LedgerStatus,
  type LedgerFilter,
  type Totals,
} from './ledger.js';
import type { Invoice, InvoiceLine } from './periods.js';
import { quotaProductOf, type QuotaProduct } from './quotas.js';
import { roundCredits, type Environment, type Product } from './types.js';

interface Book {
  /** Opened at the organization's grant when first used. */
  balance: BalanceFigures | undefined;
  /** The period number: +1 at each close, so thresholds start afresh with the period. */
  period: number;
  held: Map<string, { kind: ReserveKind; amount: number }>;
  quotas: Partial<Record<QuotaProduct, number>>;
  window: { start: number; used: Partial<Record<QuotaProduct, number>> };
  ledger: OrgLedger;
  fired: Set<string>;
  closed: Set<number>;
  invoices: Invoice[];
}

export class MemoryBilling implements BillingState {
  readonly name = 'billing';
  private readonly books = new Map<string, Book>();
  private readonly listeners: BillingListener[] = [];
  private reservations = 0;

  readonly perOrg: BillingOrgs = {
    ids: () => [...this.books].filter(([, book]) => holdsAnything(book)).map(([id]) => id),
    reset: (orgId) => {
      this.books.delete(orgId);
      for (const l of this.listeners) l.orgReset(orgId);
    },
    export: (orgId) => {
      const book = this.books.get(orgId);
      return book && exported(exportOf(book));
    },
    import: (orgId, data) => {
      this.books.set(orgId, bookOf(structuredClone(data as BillingExport)));
    },
    check: checkBillingSection,
  };

  reserve(r: ReserveRequest): ReserveOutcome {
    // A reservation of credits opens the balance at the grant, as the Redis script does.
    if (r.kind === 'credits') balanceOf(this.book(r.orgId), r.grant);
    const figures = this.figures(r);
    if (refuses(r.kind, r.amount, figures)) return { reservationId: undefined, ...figures };
    const id = `r${++this.reservations}`;
    if (r.amount > 0) this.book(r.orgId).held.set(id, { kind: r.kind, amount: r.amount });
    return { reservationId: id, ...figures };
  }

  glance(r: Omit<ReserveRequest, 'amount'>): ReserveFigures {
    return this.figures(r);
  }

  release(orgId: string, reservationIds: string[]): void {
    const held = this.books.get(orgId)?.held;
    for (const id of reservationIds) held?.delete(id);
  }

  charge(c: ChargeRequest): ChargeOutcome {
    const { entry } = c;
    const book = this.book(entry.orgId);
    if (c.reservationId !== undefined) book.held.delete(c.reservationId);
    book.ledger.add(entry, c.maxEntries);
    const b = balanceOf(book, c.grant);
    let ratio = -1;
    let used = 0;
    let quota = 0;
    let marker = `credits|${book.period}|`;
    if (entry.status === 'billed') {
      b.balance = roundCredits(b.balance - entry.amount);
      b.consumedInPeriod = roundCredits(b.consumedInPeriod + entry.amount);
    }
    if (entry.environment === 'live') {
      if (b.grantedInPeriod > 0) ratio = (b.consumedInPeriod / b.grantedInPeriod) * 100;
    } else if (entry.reason === 'test_key' && c.quotaProduct) {
      used = this.addUsed(book, c.quotaProduct, c.windowStart, entry.quantity);
      quota = book.quotas[c.quotaProduct] ?? c.quota;
      if (quota > 0) ratio = (used / quota) * 100;
      marker = `quota|${c.quotaProduct}|${c.windowStart}|`;
    }
    const fired: number[] = [];
    if (ratio >= 0) {
      for (const pct of c.percents) {
        if (ratio < pct || book.fired.has(marker + pct)) continue;
        book.fired.add(marker + pct);
        fired.push(pct);
      }
    }
    return { balance: { ...b }, used, quota, fired };
  }

  refund(orgId: string, entryId: string, r: RefundRequest): LedgerEntry {
    const book = this.books.get(orgId);
    const entry = book?.ledger.byId.get(entryId);
    if (!book || !entry)
      throw new RangeError(`no ledger entry '${entryId}' (unknown or dropped by the per-org cap)`);
    if (!refundable(entry))
      throw new RangeError(`ledger entry '${entryId}' is ${entry.status} and cannot be refunded`);
    const from: LedgerStatus = entry.status;
    book.ledger.refund(entry, r.reason, r.refundedAt);
    const q = quotaProductOf(entry.product);
    if (from === 'billed') {
      const b = balanceOf(book, r.grant);
      b.balance = roundCredits(b.balance + entry.amount);
      b.consumedInPeriod = roundCredits(b.consumedInPeriod - entry.amount);
    } else if (q) {
      this.addUsed(book, q, r.windowStart, -entry.quantity);
    }
    return entry;
  }

  balance(orgId: string, grant: number): BalanceFigures {
    // A read opens nothing (as in Redis): the organization is not listed for being looked at.
    return { ...(this.books.get(orgId)?.balance ?? opening(grant)) };
  }

  adjust(orgId: string, grant: number, change: BalanceChange): void {
    const b = balanceOf(this.book(orgId), change.periodGrant ?? grant);
    if (change.periodGrant !== undefined) b.periodGrant = change.periodGrant;
    const add = change.balance !== undefined ? change.balance - b.balance : (change.add ?? 0);
    b.balance = roundCredits(b.balance + add);
    b.grantedInPeriod = roundCredits(b.grantedInPeriod + add);
  }

  quotaUsage(orgId: string, windowStart: number) {
    const book = this.books.get(orgId);
    const used = book && book.window.start === windowStart ? { ...book.window.used } : {};
    return { used, quotas: { ...book?.quotas } };
  }

  setQuota(orgId: string, product: QuotaProduct, quota: number): void {
    this.book(orgId).quotas[product] = quota;
  }

  entries(filter: LedgerFilter): LedgerEntry[] {
    const limit = filter.limit ?? 100;
    const out: LedgerEntry[] = [];
    if (filter.orgId !== undefined) {
      this.books.get(filter.orgId)?.ledger.collect(filter, limit, out);
      return out;
    }
    const all = [...this.books.values()].flatMap((b) => b.ledger.kept()).sort(byCreation);
    for (let i = all.length - 1; i >= 0 && out.length < limit; i--) {
      if (matchesAll(all[i], filter)) out.push(all[i]);
    }
    return out;
  }

  entry(orgId: string, entryId: string): LedgerEntry | undefined {
    return this.books.get(orgId)?.ledger.byId.get(entryId);
  }

  totals(filter: Omit<LedgerFilter, 'limit'>): { totals: Totals; exact: boolean } {
    const totals: Totals = {};
    const books =
      filter.orgId !== undefined
        ? [this.books.get(filter.orgId)].filter((b) => b !== undefined)
        : [...this.books.values()];
    if (
      filter.keyId === undefined &&
      filter.since === undefined &&
      filter.until === undefined &&
      filter.requestId === undefined
    ) {
      for (const book of books) {
        for (const [key, cell] of book.ledger.aggregates) {
          const [environment, product, status] = key.split('|') as [Environment, Product, LedgerStatus];
          if (filter.environment !== undefined && filter.environment !== environment) continue;
          if (filter.product !== undefined && filter.product !== product) continue;
          if (filter.status !== undefined && filter.status !== status) continue;
          addTotals(totals, product, status, cell);
        }
      }
      return { totals, exact: true };
    }
    for (const e of this.entries({ ...filter, limit: Infinity })) {
      addTotals(totals, e.product, e.status, { count: 1, quantity: e.quantity, amount: e.amount });
    }
    return { totals, exact: !books.some((b) => b.ledger.dropped) };
  }

  claimClose(orgId: string, end: number): boolean {
    const closed = this.book(orgId).closed;
    if (closed.has(end)) return false;
    closed.add(end);
    return true;
  }

  takePeriod(orgId: string, grant: number): InvoiceLine[] {
    const book = this.book(orgId);
    const b = balanceOf(book, grant);
    Object.assign(b, { balance: b.periodGrant, grantedInPeriod: b.periodGrant, consumedInPeriod: 0 });
    book.period++;
    return book.ledger.takePeriod();
  }

  addInvoice(invoice: Invoice): void {
    this.book(invoice.org_id).invoices.push(invoice);
  }

  invoices(orgId: string): Invoice[] {
    return [...(this.books.get(orgId)?.invoices ?? [])];
  }

  /** One process: nothing changes elsewhere; an organization's reset is told (perOrg.reset). */
  watch(listener: BillingListener): void {
    this.listeners.push(listener);
  }

  reset(): void {
    this.books.clear();
  }

  private figures(r: Omit<ReserveRequest, 'amount'>): ReserveFigures {
    const book = this.books.get(r.orgId);
    let held = 0;
    for (const h of book?.held.values() ?? []) if (h.kind === r.kind) held = roundCredits(held + h.amount);
    if (r.kind === 'credits') return { value: book?.balance?.balance ?? r.grant, held, quota: 0 };
    const used = book && book.window.start === r.windowStart ? (book.window.used[r.kind] ?? 0) : 0;
    return { value: used, held, quota: book?.quotas[r.kind] ?? r.quota };
  }

  private addUsed(book: Book, product: QuotaProduct, windowStart: number, quantity: number): number {
    if (book.window.start !== windowStart) book.window = { start: windowStart, used: {} };
    const used = Math.max(0, (book.window.used[product] ?? 0) + quantity);
    book.window.used[product] = used;
    return used;
  }

  private book(orgId: string): Book {
    let book = this.books.get(orgId);
    if (!book) {
      book = {
        balance: undefined,
        period: 0,
        held: new Map(),
        quotas: {},
        window: { start: -1, used: {} },
        ledger: new OrgLedger(),
        fired: new Set(),
        closed: new Set(),
        invoices: [],
      };
      this.books.set(orgId, book);
    }
    return book;
  }
}

/** The organization's balance, opened at `grant` when first used. */
function balanceOf(book: Book, grant: number): BalanceFigures {
  return (book.balance ??= opening(grant));
}

function opening(grant: number): BalanceFigures {
  return { balance: grant, periodGrant: grant, grantedInPeriod: grant, consumedInPeriod: 0 };
}

/** Whether the book holds anything: it is made by a first write, and may be left empty (by a release). */
function holdsAnything(b: Book): boolean {
  return (
    b.balance !== undefined ||
    b.period > 0 ||
    b.held.size > 0 ||
    Object.keys(b.quotas).length > 0 ||
    b.window.start >= 0 ||
    b.ledger.aggregates.size > 0 ||
    b.ledger.periodUsage.size > 0 ||
    b.fired.size > 0 ||
    b.closed.size > 0 ||
    b.invoices.length > 0
  );
}

/** A book from its export (a copy the caller gives away); nothing is held after a load. */
function bookOf(s: BillingExport): Book {
  const ledger = new OrgLedger();
  ledger.items = s.ledger.entries;
  for (const e of ledger.items) ledger.byId.set(e.id, e);
  ledger.dropped = s.ledger.dropped;
  for (const { environment, product, status, count, quantity, amount } of s.ledger.totals)
    ledger.aggregates.set(`${environment}|${product}|${status}`, { count, quantity, amount });
  ledger.periodUsage = new Map(
    Object.entries(s.ledger.periodUsage).map(([p, u]) => [p as Product, { ...u }]),
  );
  return {
    balance: s.balance,
    period: s.period,
    held: new Map(),
    quotas: s.quotas,
    window: s.quotaWindow ?? { start: -1, used: {} },
    ledger,
    fired: new Set(s.thresholds.map((t) => claimMarker(t, '|'))),
    closed: new Set(s.closedPeriods),
    invoices: s.invoices,
  };
}

function exportOf(book: Book): BillingExport {
  const totals: TotalsRow[] = [];
  for (const [key, cell] of book.ledger.aggregates) {
    const [environment, product, status] = key.split('|') as [Environment, Product, LedgerStatus];
    totals.push({ environment, product, status, ...cell });
  }
  const round = (used: Partial<Record<QuotaProduct, number>>) =>
    Object.fromEntries(Object.entries(used).map(([p, n]) => [p, roundCredits(n)]));
  return structuredClone({
    ...(book.balance ? { balance: book.balance } : {}),
    period: book.period,
    quotas: book.quotas,
    ...(book.window.start >= 0
      ? { quotaWindow: { start: book.window.start, used: round(book.window.used) } }
      : {}),
    ledger: {
      entries: book.ledger.kept(),
      dropped: book.ledger.dropped,
      totals: totals.sort(byTotalsKey),
      periodUsage: Object.fromEntries(book.ledger.periodUsage),
    },
    thresholds: [...book.fired].map((m) => claimOf(m.split('|'))).sort(byClaim),
    closedPeriods: [...book.closed].sort((x, y) => x - y),
    invoices: book.invoices,
  });
}

function matchesAll(e: LedgerEntry, f: LedgerFilter): boolean {
  return (f.orgId === undefined || e.orgId === f.orgId) && matches(e, f);
}
