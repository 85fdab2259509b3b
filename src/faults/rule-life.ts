/**
 * How long a fault rule lives (until it expires or its `times` are used up) and when it is active (its
 * `active_from`/`active_until` window). Shared by both implementations of FaultRulesState and the store.
 * A rule of one organization (`match.org_id`, or a sandbox's) lives on that organization's clock, which is its sandbox's own
 * when it has one; every other rule on the emulator's clock.
 */
import type { FaultRule } from './store.js';

/** The time a rule is judged at: one instant for every rule, or each rule's clock's now. */
export type RuleNow = number | ((rule: FaultRule) => number);

/**
 * The organization a rule belongs to, whose clock its times follow: the one it matches (by `org_id`, or as a
 * sandbox's, `sandbox_org_id`); none: the emulator's (and the rule is no organization's).
 */
export function ruleOrg(rule: Pick<FaultRule, 'match' | 'sandbox_org_id'>): string | undefined {
  return rule.match.org_id || rule.sandbox_org_id || undefined;
}

/** A rule that can never fire again: expired, or its `times` used up. */
export function isSpent(rule: FaultRule, now: RuleNow): boolean {
  if (rule.remaining !== null && rule.remaining <= 0) return true;
  if (rule.expires_at === null) return false;
  return Date.parse(rule.expires_at) <= (typeof now === 'number' ? now : now(rule));
}

/** Whether `now` is inside the rule's active window; `now` is only read for a rule that has one. */
export function isActive(rule: FaultRule, now: (rule: FaultRule) => number): boolean {
  if (!rule.active_from && !rule.active_until) return true;
  const t = now(rule);
  if (rule.active_from && t < Date.parse(rule.active_from)) return false;
  return !(rule.active_until && t >= Date.parse(rule.active_until));
}

/** Takes one of a rule's `times` in this process: what is left after it, or -1 when none was left. */
export function claimHere(rule: FaultRule): number {
  if (rule.remaining === null || rule.remaining <= 0) return -1;
  return --rule.remaining;
}
