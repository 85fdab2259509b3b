import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import type { Invoice, InvoiceLine, Period } from './periods.js';

/** The finalized invoice of a period closed at `clock`'s now, the organization's (or at its end, if earlier). */
export function buildInvoice(
  clock: Clock,
  ids: IdFactory,
  orgId: string,
  period: Period,
  lines: InvoiceLine[],
): Invoice {
  // A period closed at its end is finalized then, even when the close ran after the clock moved on (over
  // Redis the close is claimed asynchronously, after an advance has landed); an early close, now.
  const at = Math.min(clock.now(), period.end);
  return {
    id: ids.next('in'),
    org_id: orgId,
    period_start: new Date(period.start).toISOString(),
    period_end: new Date(at).toISOString(),
    lines,
    total: Math.round(lines.reduce((sum, l) => sum + l.amount, 0) * 1e6) / 1e6,
    currency: 'credits',
    status: 'finalized',
    finalized_at: new Date(at).toISOString(),
  };
}

export function isoPeriod(p: Period): { periodStart: string; periodEnd: string } {
  return { periodStart: new Date(p.start).toISOString(), periodEnd: new Date(p.end).toISOString() };
}
