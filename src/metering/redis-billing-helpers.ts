import type { BalanceFigures } from './billing-state.js';
import type { LedgerFilter } from './ledger.js';
import { unmicro } from './redis-ledger.js';

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
