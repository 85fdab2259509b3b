/**
 * One organization's billing state as `perOrg.export` gives it (issue 23 item 2), the same from memory and
 * Redis: plain JSON data, every list in a stable order.
 *
 * Reservations in flight are left out, as if released: they belong to requests of a running process, which a
 * loaded snapshot has not, and they were never taken from the balance (a reservation holds credits beside
 * it; its charge debits). So the balance exported is the balance, and nothing is held after a load.
 */
import type { BalanceFigures } from './billing-state.js';
import type { LedgerEntry, LedgerStatus, TotalsCell } from './ledger.js';
import type { Invoice } from './periods.js';
import type { QuotaProduct } from './quotas.js';
import type { Environment, Product } from './types.js';

export type ThresholdClaim =
  | { kind: 'credits'; period: number; percent: number }
  | { kind: 'quota'; product: QuotaProduct; windowStart: number; percent: number };

export interface TotalsRow extends TotalsCell {
  environment: Environment;
  product: Product;
  status: LedgerStatus;
}

export interface BillingExport {
  /** Absent until the balance is opened at the grant (a charge, a reservation of credits, an admin change). */
  balance?: BalanceFigures;
  /** The billing period's number, +1 at each close: credits thresholds are claimed per period. */
  period: number;
  /** The test quotas set for the organization. */
  quotas: Partial<Record<QuotaProduct, number>>;
  /**
   * The test-quota window usage was last counted in. Redis keeps older windows' counts too, which nothing
   * reads again (every read names the window of its time); memory keeps only this one.
   */
  quotaWindow?: { start: number; used: Partial<Record<QuotaProduct, number>> };
  ledger: {
    /** The entries kept (the newest `maxEntries`), oldest first, refunds applied. */
    entries: LedgerEntry[];
    /** Whether the cap has dropped an entry (totals over a filter are no longer exact). */
    dropped: boolean;
    /** The running totals, exact whatever was dropped, by environment, product and status. */
    totals: TotalsRow[];
    /** The open period's billed usage per product: the next invoice's lines. */
    periodUsage: Partial<Record<Product, { quantity: number; amount: number }>>;
  };
  /** The thresholds claimed (each fires once), credits then quota, by period or product, window and percent. */
  thresholds: ThresholdClaim[];
  /** The period ends whose close was claimed (emulator ms), ascending. */
  closedPeriods: number[];
  /** Finalized invoices, in the order they were kept. */
  invoices: Invoice[];
}

/** The export, or undefined when it holds nothing (an organization with only reservations exports nothing). */
export function exported(e: BillingExport): BillingExport | undefined {
  const empty =
    e.balance === undefined &&
    e.period === 0 &&
    Object.keys(e.quotas).length === 0 &&
    e.quotaWindow === undefined &&
    e.ledger.entries.length === 0 &&
    e.ledger.totals.length === 0 &&
    Object.keys(e.ledger.periodUsage).length === 0 &&
    e.thresholds.length === 0 &&
    e.closedPeriods.length === 0 &&
    e.invoices.length === 0;
  return empty ? undefined : e;
}

/** A threshold claim from its marker's parts: `credits|period|percent` or `quota|product|window|percent`. */
export function claimOf(parts: string[]): ThresholdClaim {
  return parts[0] === 'credits'
    ? { kind: 'credits', period: Number(parts[1]), percent: Number(parts[2]) }
    : {
        kind: 'quota',
        product: parts[1] as QuotaProduct,
        windowStart: Number(parts[2]),
        percent: Number(parts[3]),
      };
}

export function byClaim(a: ThresholdClaim, b: ThresholdClaim): number {
  if (a.kind !== b.kind) return a.kind === 'credits' ? -1 : 1;
  if (a.kind === 'credits' && b.kind === 'credits') return a.period - b.period || a.percent - b.percent;
  const [x, y] = [a as ThresholdClaim & { kind: 'quota' }, b as ThresholdClaim & { kind: 'quota' }];
  return compare(x.product, y.product) || x.windowStart - y.windowStart || x.percent - y.percent;
}

export function byTotalsKey(a: TotalsRow, b: TotalsRow): number {
  return (
    compare(a.environment, b.environment) || compare(a.product, b.product) || compare(a.status, b.status)
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
