import type { ReserveFigures, ReserveRequest } from './billing-state.js';
import { MeteringError } from './errors.js';
import { productUnits, type Product } from './types.js';

/** What a refusal is worded from besides the figures: times are epoch ms. */
export interface RefusalTimes {
  now: number;
  /** The end of the org's billing period (read only for a credits refusal). */
  periodEnd: () => number;
  windowEnd: number;
  quotaWindowSeconds: number;
}

/**
 * The refusal, worded from the figures it was decided on. Live: Retry-After is the time until the billing
 * period ends, when the next grant arrives. Test: the time until the quota window resets.
 */
export function precheckRefusal(
  product: Product,
  r: ReserveRequest,
  f: ReserveFigures,
  t: RefusalTimes,
): MeteringError {
  const now = t.now;
  if (r.kind === 'credits') {
    const end = t.periodEnd();
    const heldText = f.held > 0 ? `, of which ${f.held} are held by requests in progress` : '';
    return new MeteringError(
      'insufficient_credits',
      `this request costs ${r.amount} credits; the organization's balance is ${f.value} credits${heldText} (credits are granted again when the billing period ends)`,
      (end - now) / 1000,
    );
  }
  const { windowEnd } = t;
  const unit = productUnits[product].replace('_', ' ');
  const per = t.quotaWindowSeconds === 86_400 ? 'day' : `${t.quotaWindowSeconds} s`;
  return new MeteringError(
    'test_quota_exceeded',
    `test keys may use ${f.quota} ${unit} of ${r.kind} per ${per}; ${f.value + f.held} used or held by requests in progress, this request needs ${r.amount}`,
    (windowEnd - now) / 1000,
  );
}
