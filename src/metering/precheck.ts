import type { Clock } from '../core/clock.js';
import type { Balances } from './balance.js';
import { MeteringError } from './errors.js';
import type { BillingPeriods } from './periods.js';
import { costOf, type PriceTable } from './prices.js';
import { quotaProductOf, type QuotaProduct, type TestQuotas } from './quotas.js';
import { productUnits, roundCredits, type Mode, type Principal, type Product } from './types.js';

export interface PrecheckDeps {
  clock: Clock;
  prices: () => PriceTable;
  balances: Pick<Balances, 'get'>;
  quotas: Pick<TestQuotas, 'status'>;
  periods: Pick<BillingPeriods, 'current'>;
  /** What concurrent requests of the org already hold (see reservations.ts). */
  reserved: { credits(orgId: string): number; quota(orgId: string, product: QuotaProduct): number };
}

/** What the precheck found the request needs: the amount to reserve until it is charged. */
export interface PrecheckResult {
  credits: number;
  quotaProduct: QuotaProduct | undefined;
  quantity: number;
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
): PrecheckResult {
  const now = deps.clock.now();
  if (principal.environment === 'live') {
    const cost = costOf(deps.prices(), product, quantity, mode);
    const { balance } = deps.balances.get(principal.orgId);
    const held = deps.reserved.credits(principal.orgId);
    const available = roundCredits(balance - held);
    if (cost > 0 ? cost > available : available <= 0) {
      const { end } = deps.periods.current(principal.orgId);
      const heldText = held > 0 ? `, of which ${held} are held by requests in progress` : '';
      throw new MeteringError(
        'insufficient_credits',
        `this request costs ${cost} credits; the organization's balance is ${balance} credits${heldText} (credits are granted again when the billing period ends)`,
        (end - now) / 1000,
      );
    }
    return { credits: cost, quotaProduct: undefined, quantity };
  }
  const q = quotaProductOf(product);
  if (!q) return { credits: 0, quotaProduct: undefined, quantity };
  const status = deps.quotas.status(principal.orgId, q);
  const used = status.used + deps.reserved.quota(principal.orgId, q);
  if (used >= status.quota || used + quantity > status.quota) {
    const unit = productUnits[product].replace('_', ' ');
    const seconds = (status.windowEnd - status.windowStart) / 1000;
    const per = seconds === 86_400 ? 'day' : `${seconds} s`;
    throw new MeteringError(
      'test_quota_exceeded',
      `test keys may use ${status.quota} ${unit} of ${q} per ${per}; ${used} used or held by requests in progress, this request needs ${quantity}`,
      (status.windowEnd - now) / 1000,
    );
  }
  return { credits: 0, quotaProduct: q, quantity };
}
