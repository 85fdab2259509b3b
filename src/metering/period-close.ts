import { andThen, type MaybePromise } from '../core/maybe.js';
import { buildInvoice } from './invoice.js';
import type { MeteringParts } from './metering-parts.js';
import type { Invoice, InvoiceLine, Period } from './periods.js';

/**
 * Bills storage, finalizes the invoice of live usage, emits invoice.finalized and starts the next period.
 * `end`: the period's end reached on this clock (closed once across instances: null for the others); null
 * closes now (the admin API).
 */
export function closePeriod(
  m: MeteringParts,
  orgId: string,
  end: number | null,
): MaybePromise<Invoice | null> {
  const period = m.periods.current(orgId);
  return andThen(end === null ? true : m.state.claimClose(orgId, end), (claimed) => {
    if (!claimed) {
      m.periods.roll(orgId);
      return null;
    }
    m.billStorage(orgId);
    return andThen(m.state.takePeriod(orgId, m.grantOf(orgId)), (lines) => finish(m, orgId, period, lines));
  });
}

/** A period's end reached on an organization's clock (BillingPeriods' onEnd). */
export function periodEnded(m: MeteringParts, orgId: string, end: number): void {
  const closed = closePeriod(m, orgId, end);
  // Redis away: this instance starts the next period by itself.
  if (closed instanceof Promise) closed.catch(() => m.periods.roll(orgId));
}

/**
 * The organizations a load put back (Metering.loaded): each one's billing period opens again from where its
 * last invoice ended.
 */
export async function loaded(m: MeteringParts, orgIds: readonly string[]): Promise<void> {
  for (const orgId of orgIds) {
    const last = (await m.state.invoices(orgId)).at(-1);
    m.periods.resume(orgId, last ? Date.parse(last.period_end) : undefined);
  }
}

function finish(m: MeteringParts, orgId: string, period: Period, lines: InvoiceLine[]): Invoice {
  const invoice = buildInvoice(m.opts.clocks.for(orgId), m.opts.ids, orgId, period, lines);
  m.state.addInvoice(invoice);
  m.periods.roll(orgId, Date.parse(invoice.period_end));
  m.opts.emit(
    orgId,
    'invoice.finalized',
    { ...invoice, lines: invoice.lines.map((l) => ({ ...l })) },
    true,
    invoice.finalized_at,
  );
  return invoice;
}
