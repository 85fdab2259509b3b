import type { RedisStore } from '../store/redis-store.js';
import type { BalanceFigures, ChargeRequest } from './billing-state.js';
import type { LedgerFilter } from './ledger.js';
import { micro, unmicro } from './redis-ledger.js';

type Run = (...args: (string | number)[]) => Promise<unknown>;
export interface BillingScripts {
  svcBillingReserve: Run;
  svcBillingCharge: Run;
  svcBillingRefund: Run;
  svcBillingAdjust: Run;
  svcBillingTakePeriod: Run;
}

export function figuresOf(s: (string | number | null)[]): BalanceFigures {
  return {
    balance: unmicro(s[0]),
    periodGrant: unmicro(s[1]),
    grantedInPeriod: unmicro(s[2]),
    consumedInPeriod: unmicro(s[3]),
  };
}

export function orgOf(filter: Omit<LedgerFilter, 'limit'>): string {
  if (filter.orgId === undefined) throw new Error('the shared ledger is read one organization at a time');
  return filter.orgId;
}

/**
 * BILLING_CHARGE's arguments for one ledger entry (redis-billing-scripts.ts), and the kind of charge: `billed`,
 * `live` (a live entry not billed), `test` (test-key usage against a quota) or `none`. `k`: a part's key of the
 * entry's organization.
 */
export function chargeArgs(
  c: ChargeRequest,
  k: (part: string) => string,
  store: Pick<RedisStore, 'channel' | 'instanceId'>,
): { kind: 'billed' | 'live' | 'test' | 'none'; args: (string | number)[] } {
  const { entry } = c;
  const kind =
    entry.status === 'billed'
      ? 'billed'
      : entry.environment === 'live'
        ? 'live'
        : entry.reason === 'test_key' && c.quotaProduct
          ? 'test'
          : 'none';
  const markers = kind === 'test' ? k(`thr:quota:${c.quotaProduct}:${c.windowStart}:`) : k('thr:credits:');
  const args = [
    k('bal'),
    k('held'),
    k(`quota:${c.windowStart}`),
    k('ledger'),
    k('entries'),
    k('refunds'),
    k('agg'),
    k('period'),
    k('quotas'),
    c.reservationId ?? '',
    entry.id,
    JSON.stringify(entry),
    kind,
    micro(entry.amount),
    micro(entry.quantity),
    c.quotaProduct ?? '',
    `${entry.environment}|${entry.product}|${entry.status}`,
    c.maxEntries,
    micro(c.grant),
    micro(c.quota),
    entry.orgId,
    store.channel,
    store.instanceId,
    c.percents.join(','),
    entry.product,
    markers,
  ];
  return { kind, args };
}
