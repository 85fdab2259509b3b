import { roundCredits } from './types.js';
/** Credits granted to an organization at the start of each billing period unless set per org. */
export const DEFAULT_PERIOD_GRANT = 1000;
/**
 * Per-organization credit balances. Model (the spec leaves it open): credits are a prepaid allowance.
 * Each billing period starts with the balance set to the org's grant (default 1000 credits; unused credits
 * do not roll over and an overdraft is forgiven); top-ups add to the balance for the current period.
 */
export class Balances {
    defaultGrant;
    orgs = new Map();
    grants = new Map();
    constructor(defaultGrant = DEFAULT_PERIOD_GRANT) {
        this.defaultGrant = defaultGrant;
        checkCredits('default grant', defaultGrant);
    }
    get(orgId) {
        let b = this.orgs.get(orgId);
        if (!b) {
            const grant = this.grants.get(orgId) ?? this.defaultGrant;
            b = { orgId, balance: grant, periodGrant: grant, grantedInPeriod: grant, consumedInPeriod: 0 };
            this.orgs.set(orgId, b);
        }
        return b;
    }
    /** The grant an organization starts a period with. */
    grantOf(orgId) {
        return this.orgs.get(orgId)?.periodGrant ?? this.grants.get(orgId) ?? this.defaultGrant;
    }
    /** Overwrites the local copy with the shared store's figures (issue 17). */
    apply(orgId, figures) {
        Object.assign(this.get(orgId), figures);
    }
    /** Sets the org's per-period grant; an org not yet seen also starts with it (e.g. the demo org). */
    setGrant(orgId, credits) {
        checkCredits('grant', credits);
        this.grants.set(orgId, credits);
        const b = this.orgs.get(orgId);
        if (b)
            b.periodGrant = credits;
    }
    /** Adds credits now (a top-up); they count as granted in the current period. */
    addCredits(orgId, credits) {
        if (!Number.isFinite(credits))
            throw new RangeError(`credits must be a finite number (got ${credits})`);
        const b = this.get(orgId);
        b.balance = roundCredits(b.balance + credits);
        b.grantedInPeriod = roundCredits(b.grantedInPeriod + credits);
        return b;
    }
    /** Sets the balance to an exact value, as a top-up (or withdrawal) of the difference. */
    setBalance(orgId, credits) {
        checkCredits('balance', credits);
        return this.addCredits(orgId, credits - this.get(orgId).balance);
    }
    /** Debits (positive) or credits back (negative) live usage. */
    charge(orgId, amount) {
        const b = this.get(orgId);
        b.balance = roundCredits(b.balance - amount);
        b.consumedInPeriod = roundCredits(b.consumedInPeriod + amount);
    }
    startPeriod(orgId) {
        const b = this.get(orgId);
        b.balance = b.periodGrant;
        b.grantedInPeriod = b.periodGrant;
        b.consumedInPeriod = 0;
    }
    reset(defaultGrant = DEFAULT_PERIOD_GRANT) {
        this.orgs.clear();
        this.grants.clear();
        this.defaultGrant = defaultGrant;
    }
}
function checkCredits(name, credits) {
    if (!Number.isFinite(credits) || credits < 0) {
        throw new RangeError(`${name} must be a finite number of credits >= 0 (got ${credits})`);
    }
}
