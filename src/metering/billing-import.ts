/**
 * An organization's billing section of a state document (issue 25), read back: the rules the schema cannot
 * state (`check`), shared by the memory and Redis implementations, and the Redis writes of an import.
 */
import type { ChainableCommander } from 'ioredis';
import type { StateProblem } from '../store/state-unit.js';
import type { BillingExport, ThresholdClaim } from './billing-export.js';
import { micro } from './redis-ledger.js';

/**
 * What `perOrg.check` refuses in a `billing` section the schema accepted: an entry or invoice of another
 * organization, an entry id twice, a refund half recorded, a balance that is not its period's grants less
 * its consumption (a negative balance is an overdraft of that period, never a figure of its own), and a
 * period count or dropped ledger without the balance every close and charge opens.
 */
export function checkBillingSection(orgId: string, data: unknown): StateProblem | null {
  const s = data as BillingExport;
  const b = s.balance;
  if (b) {
    const expected = Math.round((b.grantedInPeriod - b.consumedInPeriod) * 1e6);
    if (Math.abs(Math.round(b.balance * 1e6) - expected) > 1)
      return {
        path: '/balance/balance',
        message: `must be grantedInPeriod less consumedInPeriod (${expected / 1e6}, got ${b.balance})`,
      };
  } else if (s.period > 0 || s.ledger.dropped) {
    return { path: '/balance', message: 'is required once a period closed or the ledger dropped an entry' };
  }
  const ids = new Set<string>();
  for (const [i, e] of s.ledger.entries.entries()) {
    const at = `/ledger/entries/${i}`;
    if (e.orgId !== orgId) return { path: `${at}/orgId`, message: `must be ${orgId}` };
    if (ids.has(e.id)) return { path: `${at}/id`, message: `entry ${e.id} appears twice` };
    ids.add(e.id);
    if ((e.status === 'refunded') !== (e.refundedAt !== undefined))
      return { path: `${at}/refundedAt`, message: 'is set exactly when the status is refunded' };
  }
  for (const [i, inv] of s.invoices.entries())
    if (inv.org_id !== orgId) return { path: `/invoices/${i}/org_id`, message: `must be ${orgId}` };
  for (const [i, t] of s.thresholds.entries())
    if (t.kind === 'credits' && t.period > s.period)
      return { path: `/thresholds/${i}/period`, message: `must be at most the period ${s.period}` };
  return null;
}

/** A threshold claim's marker: `credits|<period>|<percent>` or `quota|<product>|<window>|<percent>`. */
export function claimMarker(t: ThresholdClaim, sep: string): string {
  return t.kind === 'credits'
    ? ['credits', t.period, t.percent].join(sep)
    : ['quota', t.product, t.windowStart, t.percent].join(sep);
}

/**
 * The Redis writes that hold `s` under the organization's keys (`k(part)`; redis-billing.ts has the layout),
 * queued on `tx`: amounts in millionths, the ledger list newest first.
 */
export function queueBillingImport(
  tx: ChainableCommander,
  k: (part: string) => string,
  s: BillingExport,
): void {
  const bal: (string | number)[] = [];
  if (s.balance) {
    const b = s.balance;
    bal.push('b', micro(b.balance), 'g', micro(b.periodGrant), 'gp', micro(b.grantedInPeriod));
    bal.push('c', micro(b.consumedInPeriod), 'v', 0);
  }
  if (s.period > 0) bal.push('p', s.period);
  if (s.ledger.dropped) bal.push('d', 1);
  if (bal.length) tx.hset(k('bal'), ...bal);
  const microsOf = (r: Partial<Record<string, number>>) =>
    Object.entries(r).flatMap(([field, n]) => [field, micro(n ?? 0)]);
  if (Object.keys(s.quotas).length) tx.hset(k('quotas'), ...microsOf(s.quotas));
  // The schema asks for at least one product in a window: usage counted is what makes one.
  if (s.quotaWindow) tx.hset(k(`quota:${s.quotaWindow.start}`), ...microsOf(s.quotaWindow.used));
  const entries = s.ledger.entries;
  if (entries.length) {
    tx.lpush(k('ledger'), ...entries.map((e) => e.id));
    tx.hset(k('entries'), ...entries.flatMap((e) => [e.id, JSON.stringify(e)]));
  }
  const agg = s.ledger.totals.flatMap((t) => {
    const base = `${t.environment}|${t.product}|${t.status}|`;
    return [`${base}n`, t.count, `${base}q`, micro(t.quantity), `${base}a`, micro(t.amount)];
  });
  if (agg.length) tx.hset(k('agg'), ...agg);
  const period = Object.entries(s.ledger.periodUsage).flatMap(([product, u]) => [
    `${product}|q`,
    micro(u.quantity),
    `${product}|a`,
    micro(u.amount),
  ]);
  if (period.length) tx.hset(k('period'), ...period);
  if (s.thresholds.length) tx.mset(...s.thresholds.flatMap((t) => [k(`thr:${claimMarker(t, ':')}`), '1']));
  if (s.closedPeriods.length) tx.mset(...s.closedPeriods.flatMap((end) => [k(`closed:${end}`), '1']));
  if (s.invoices.length) tx.rpush(k('invoices'), ...s.invoices.map((inv) => JSON.stringify(inv)));
}
