/** Credits granted to an organization at the start of each billing period unless set per org. */
export declare const DEFAULT_PERIOD_GRANT = 1000;
export interface OrgBalance {
    orgId: string;
    /** Credits available now; may go below 0 when usage recorded after a precheck overshoots. */
    balance: number;
    /** Credits granted at each period start (the org's allowance). */
    periodGrant: number;
    /** Credits made available in the current period: the grant plus top-ups. Base of quota.threshold. */
    grantedInPeriod: number;
    /** Live credits consumed in the current period, net of refunds and true-ups. */
    consumedInPeriod: number;
}
/**
 * Per-organization credit balances. Model (the spec leaves it open): credits are a prepaid allowance.
 * Each billing period starts with the balance set to the org's grant (default 1000 credits; unused credits
 * do not roll over and an overdraft is forgiven); top-ups add to the balance for the current period.
 */
export declare class Balances {
    private defaultGrant;
    private readonly orgs;
    private readonly grants;
    constructor(defaultGrant?: number);
    get(orgId: string): OrgBalance;
    /** The grant an organization starts a period with. */
    grantOf(orgId: string): number;
    /** Overwrites the local copy with the shared store's figures (issue 17). */
    apply(orgId: string, figures: Omit<OrgBalance, 'orgId'>): void;
    /** Sets the org's per-period grant; an org not yet seen also starts with it (e.g. the demo org). */
    setGrant(orgId: string, credits: number): void;
    /** Adds credits now (a top-up); they count as granted in the current period. */
    addCredits(orgId: string, credits: number): OrgBalance;
    /** Sets the balance to an exact value, as a top-up (or withdrawal) of the difference. */
    setBalance(orgId: string, credits: number): OrgBalance;
    /** Debits (positive) or credits back (negative) live usage. */
    charge(orgId: string, amount: number): void;
    startPeriod(orgId: string): void;
    reset(defaultGrant?: number): void;
}
