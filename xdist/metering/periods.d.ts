import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import type { Balances } from './balance.js';
import type { Ledger } from './ledger.js';
import type { StorageMeter } from './storage.js';
import { type EmitEvent, type Product, type Unit } from './types.js';
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
export declare class BillingPeriods {
    private readonly opts;
    private readonly periods;
    private readonly invoices;
    constructor(opts: PeriodsOptions);
    current(orgId: string): Period;
    /** Bills storage, finalizes the invoice of live usage, emits invoice.finalized, starts the next period. */
    closePeriod(orgId: string): Invoice;
    /**
     * The same with a shared store: the lines are the period's usage as the store holds it, taken (and the
     * shared balance started over) by `take`. Returns the invoice, which the caller keeps in the store.
     */
    closeWith(orgId: string, take: () => Promise<InvoiceLine[]>): Promise<Invoice>;
    /** Another instance closed the period: start the next one here too (no invoice, no event). */
    roll(orgId: string): void;
    private billStorage;
    private finish;
    invoicesOf(orgId: string): Invoice[];
    reset(): void;
    private open;
    private startOf;
    /** The first period boundary strictly after t. */
    private nextBoundary;
}
