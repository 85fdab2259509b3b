/** Credits granted to an organization at the start of each billing period unless set per org. */
export const DEFAULT_PERIOD_GRANT = 1000;

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
 * Model (the spec leaves it open): credits are a prepaid allowance. Each billing period starts with the
 * balance set to the org's grant (default 1000 credits; unused credits do not roll over and an overdraft is
 * forgiven); top-ups add to the balance for the current period. The figures live in the billing state
 * (billing-state.ts); these are the checks of an admin change.
 */
export function checkCredits(name: string, credits: number): void {
  if (!Number.isFinite(credits) || credits < 0) {
    throw new RangeError(`${name} must be a finite number of credits >= 0 (got ${credits})`);
  }
}
