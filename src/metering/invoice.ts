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
  const now = clock.now();
  return {
    id: ids.next('in'),
    org_id: orgId,
    period_start: new Date(period.start).toISOString(),
    period_end: new Date(Math.min(now, period.end)).toISOString(),
    lines,
    total: Math.round(lines.reduce((sum, l) => sum + l.amount, 0) * 1e6) / 1e6,
    currency: 'credits',
    status: 'finalized',
    finalized_at: clock.isoNow(),
  };
}

export function isoPeriod(p: Period): { periodStart: string; periodEnd: string } {
  return { periodStart: new Date(p.start).toISOString(), periodEnd: new Date(p.end).toISOString() };
}
