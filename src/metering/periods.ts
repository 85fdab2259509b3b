import type { Clock, ClockTimer } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import type { Balances } from './balance.js';
import type { Ledger } from './ledger.js';
import type { StorageMeter } from './storage.js';
import { roundCredits, type EmitEvent, type Product, type Unit } from './types.js';

export interface InvoiceLine {
  product: Product;
  unit: Unit;
  quantity: number;
  amount: number;
}

export interface Invoice {
  id: string;
  org_id: string;
  period_start: string;
  period_end: string;
  lines: InvoiceLine[];
  total: number;
  currency: 'credits';
  status: 'finalized';
  finalized_at: string;
}

export interface Period {
  start: number;
  end: number;
}

export interface PeriodsOptions {
  clock: Clock;
  ids: IdFactory;
  emit: EmitEvent;
  ledger: Ledger;
  balances: Balances;
  storage: StorageMeter;
  /** Fixed period length in seconds; default: calendar months in UTC. */
  periodSeconds?: number;
  /** Called after a period closes (thresholds forget the old period). */
  onClosed?: (orgId: string) => void;
  /**
   * With a shared store (issue 17): a period's end reached on this instance's clock. The store decides which
   * instance closes it (closeWith); the others roll() to the next period. Without it the timer closes here.
   */
  onEnd?: (orgId: string, end: number) => void;
}

/**
 * Billing periods in clock time: calendar months in UTC by default (or fixed lengths aligned to the
 * epoch). A period closes by itself when the clock reaches its end (a clock timer, so advancing a frozen
 * clock closes it) or early through closePeriod(); the next period starts at the close instant.
 */
export class BillingPeriods {
  private readonly periods = new Map<string, Period & { timer: ClockTimer }>();
  private readonly invoices = new Map<string, Invoice[]>();

  constructor(private readonly opts: PeriodsOptions) {
    const s = opts.periodSeconds;
    if (s !== undefined && (!Number.isInteger(s) || s < 1)) {
      throw new RangeError(`periodSeconds must be an integer >= 1 (got ${s})`);
    }
  }

  current(orgId: string): Period {
    const p = this.periods.get(orgId);
    if (p) return { start: p.start, end: p.end };
    const now = this.opts.clock.now();
    return this.open(orgId, this.startOf(now), now);
  }

  /** Bills storage, finalizes the invoice of live usage, emits invoice.finalized, starts the next period. */
  closePeriod(orgId: string): Invoice {
    const period = this.current(orgId);
    this.billStorage(orgId);
    return this.finish(orgId, period, this.opts.ledger.periodLines(orgId));
  }

  /**
   * The same with a shared store: the lines are the period's usage as the store holds it, taken (and the
   * shared balance started over) by `take`. Returns the invoice, which the caller keeps in the store.
   */
  async closeWith(orgId: string, take: () => Promise<InvoiceLine[]>): Promise<Invoice> {
    const period = this.current(orgId);
    this.billStorage(orgId);
    return this.finish(orgId, period, await take());
  }

  /** Another instance closed the period: start the next one here too (no invoice, no event). */
  roll(orgId: string): void {
    const now = this.opts.clock.now();
    this.periods.get(orgId)?.timer.cancel();
    this.periods.delete(orgId);
    this.open(orgId, now, now);
    this.opts.onClosed?.(orgId);
  }

  private billStorage(orgId: string): void {
    for (const { environment, maxBytes } of this.opts.storage.closePeriod(orgId)) {
      const principal = { orgId, keyId: 'storage', keyDisplay: 'storage', environment };
      this.opts.ledger.record(principal, { product: 'rag_storage', quantity: maxBytes });
    }
  }

  private finish(orgId: string, period: Period, lines: InvoiceLine[]): Invoice {
    const now = this.opts.clock.now();
    const invoice: Invoice = {
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
    this.opts.emit(
      orgId,
      'invoice.finalized',
      { ...invoice, lines: invoice.lines.map((l) => ({ ...l })) },
      true,
    );
    return invoice;
  }

  invoicesOf(orgId: string): Invoice[] {
    return [...(this.invoices.get(orgId) ?? [])];
  }

  reset(): void {
    for (const p of this.periods.values()) p.timer.cancel();
    this.periods.clear();
    this.invoices.clear();
  }

  private open(orgId: string, start: number, now: number): Period {
    const end = this.nextBoundary(now);
    const timer = this.opts.clock.setTimeout(
      () => {
        if (this.opts.onEnd) this.opts.onEnd(orgId, end);
        else this.closePeriod(orgId);
      },
      end - now,
      `billing period end ${orgId}`,
    );
    this.periods.set(orgId, { start, end, timer });
    return { start, end };
  }

  private startOf(t: number): number {
    if (this.opts.periodSeconds)
      return Math.floor(t / (this.opts.periodSeconds * 1000)) * this.opts.periodSeconds * 1000;
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }

  /** The first period boundary strictly after t. */
  private nextBoundary(t: number): number {
    if (this.opts.periodSeconds) return this.startOf(t) + this.opts.periodSeconds * 1000;
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
}
