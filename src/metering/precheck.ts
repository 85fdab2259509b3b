import type { Clock } from '../core/clock.js';
import type { Balances } from './balance.js';
import { MeteringError } from './errors.js';
import type { BillingPeriods } from './periods.js';
import { costOf, type PriceTable } from './prices.js';
import { quotaProductOf, type TestQuotas } from './quotas.js';
import { productUnits, type Mode, type Principal, type Product } from './types.js';

export interface PrecheckDeps {
  clock: Clock;
  prices: () => PriceTable;
  balances: Balances;
  quotas: TestQuotas;
  periods: BillingPeriods;
}

/**
 * Refuses work before it starts. Live key: `insufficient_credits` when the cost exceeds the balance;
 * Retry-After is the time until the billing period ends, when the next grant arrives. Test key:
 * `test_quota_exceeded` when the quota is used up or this quantity would overrun it; Retry-After is the
 * time until the quota window resets. Pass quantity 0 when the size is not known yet (STT before decoding).
 */
export function precheck(
  deps: PrecheckDeps,
  principal: Principal,
  product: Product,
  quantity: number,
  mode?: Mode,
): void {
  const now = deps.clock.now();
  if (principal.environment === 'live') {
    const cost = costOf(deps.prices(), product, quantity, mode);
    const { balance } = deps.balances.get(principal.orgId);
    if (cost > 0 ? cost > balance : balance <= 0) {
      const { end } = deps.periods.current(principal.orgId);
      throw new MeteringError(
        'insufficient_credits',
        `this request costs ${cost} credits; the organization's balance is ${balance} credits (credits are granted again when the billing period ends)`,
        (end - now) / 1000,
      );
    }
    return;
  }
  const q = quotaProductOf(product);
  if (!q) return;
  const status = deps.quotas.status(principal.orgId, q);
  if (status.used >= status.quota || status.used + quantity > status.quota) {
    const unit = productUnits[product].replace('_', ' ');
    const seconds = (status.windowEnd - status.windowStart) / 1000;
    const per = seconds === 86_400 ? 'day' : `${seconds} s`;
    throw new MeteringError(
      'test_quota_exceeded',
      `test keys may use ${status.quota} ${unit} of ${q} per ${per}; ${status.used} used, this request needs ${quantity}`,
      (status.windowEnd - now) / 1000,
    );
  }
}
