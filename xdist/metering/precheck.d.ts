import type { Clock } from '../core/clock.js';
import type { BillingBackend } from './backend.js';
import type { Balances } from './balance.js';
import type { BillingPeriods } from './periods.js';
import { type PriceTable } from './prices.js';
import { type QuotaProduct, type TestQuotas } from './quotas.js';
import { type Mode, type Principal, type Product } from './types.js';
export interface PrecheckDeps {
    clock: Clock;
    prices: () => PriceTable;
    balances: Pick<Balances, 'get'>;
    quotas: Pick<TestQuotas, 'status'>;
    periods: Pick<BillingPeriods, 'current'>;
    /** What concurrent requests of the org already hold (see reservations.ts). */
    reserved: {
        credits(orgId: string): number;
        quota(orgId: string, product: QuotaProduct): number;
    };
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
export declare function precheck(deps: PrecheckDeps, principal: Principal, product: Product, quantity: number, mode?: Mode): PrecheckResult;
/**
 * The precheck with a shared store (issue 17): the same rules, decided and reserved atomically in the store
 * against what every instance has charged and holds, so requests split across instances cannot overspend.
 * The refusal is the memory precheck's, worded from the figures the store decided on.
 */
export declare function sharedPrecheck(deps: PrecheckDeps & {
    shared: BillingBackend;
    balances: Pick<Balances, 'get' | 'grantOf'>;
    quotas: Pick<TestQuotas, 'status' | 'quotaOf'>;
}, principal: Principal, product: Product, quantity: number, mode?: Mode): Promise<PrecheckResult & {
    sharedId: string | undefined;
}>;
