import { MeteringError } from './errors.js';
import { costOf } from './prices.js';
import { quotaProductOf } from './quotas.js';
import { productUnits, roundCredits } from './types.js';
/**
 * Refuses work before it starts. Live key: `insufficient_credits` when the cost exceeds the balance;
 * Retry-After is the time until the billing period ends, when the next grant arrives. Test key:
 * `test_quota_exceeded` when the quota is used up or this quantity would overrun it; Retry-After is the
 * time until the quota window resets. Pass quantity 0 when the size is not known yet (STT before decoding).
 */
export function precheck(deps, principal, product, quantity, mode) {
    const now = deps.clock.now();
    if (principal.environment === 'live') {
        const cost = costOf(deps.prices(), product, quantity, mode);
        const { balance } = deps.balances.get(principal.orgId);
        const held = deps.reserved.credits(principal.orgId);
        const available = roundCredits(balance - held);
        if (cost > 0 ? cost > available : available <= 0) {
            const { end } = deps.periods.current(principal.orgId);
            const heldText = held > 0 ? `, of which ${held} are held by requests in progress` : '';
            throw new MeteringError('insufficient_credits', `this request costs ${cost} credits; the organization's balance is ${balance} credits${heldText} (credits are granted again when the billing period ends)`, (end - now) / 1000);
        }
        return { credits: cost, quotaProduct: undefined, quantity };
    }
    const q = quotaProductOf(product);
    if (!q)
        return { credits: 0, quotaProduct: undefined, quantity };
    const status = deps.quotas.status(principal.orgId, q);
    const used = status.used + deps.reserved.quota(principal.orgId, q);
    if (used >= status.quota || used + quantity > status.quota) {
        const unit = productUnits[product].replace('_', ' ');
        const seconds = (status.windowEnd - status.windowStart) / 1000;
        const per = seconds === 86_400 ? 'day' : `${seconds} s`;
        throw new MeteringError('test_quota_exceeded', `test keys may use ${status.quota} ${unit} of ${q} per ${per}; ${used} used or held by requests in progress, this request needs ${quantity}`, (status.windowEnd - now) / 1000);
    }
    return { credits: 0, quotaProduct: q, quantity };
}
/**
 * The precheck with a shared store (issue 17): the same rules, decided and reserved atomically in the store
 * against what every instance has charged and holds, so requests split across instances cannot overspend.
 * The refusal is the memory precheck's, worded from the figures the store decided on.
 */
export async function sharedPrecheck(deps, principal, product, quantity, mode) {
    const orgId = principal.orgId;
    const live = principal.environment === 'live';
    const q = live ? undefined : quotaProductOf(product);
    const credits = live ? costOf(deps.prices(), product, quantity, mode) : 0;
    if (!live && !q)
        return { credits, quotaProduct: undefined, quantity, sharedId: undefined };
    const out = await deps.shared.reserve({
        orgId,
        kind: q ?? 'credits',
        amount: live ? credits : quantity,
        grant: deps.balances.grantOf(orgId),
        quota: q ? deps.quotas.quotaOf(orgId, q) : 0,
        windowStart: q ? deps.quotas.status(orgId, q).windowStart : 0,
    });
    if (out.reservationId !== undefined)
        return { credits, quotaProduct: q, quantity, sharedId: out.reservationId };
    precheck({
        ...deps,
        balances: { get: (o) => ({ ...deps.balances.get(o), balance: out.value }) },
        quotas: { status: (o, p) => ({ ...deps.quotas.status(o, p), used: out.value, quota: out.quota }) },
        reserved: { credits: () => out.held, quota: () => out.held },
    }, principal, product, quantity, mode);
    // Rounding aside, the figures above always refuse; this only keeps the rule that a refusal is a 429.
    const code = live ? 'insufficient_credits' : 'test_quota_exceeded';
    throw new MeteringError(code, `this request needs more than the organization has left (${out.value})`, 1);
}
