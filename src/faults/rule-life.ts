/** How long a fault rule lives: until it expires or its `times` are used up. Shared by both implementations of FaultRulesState. */
import type { FaultRule } from './store.js';

/** A rule that can never fire again: expired, or its `times` used up. */
export function isSpent(rule: FaultRule, now: number): boolean {
  return (
    (rule.expires_at !== null && Date.parse(rule.expires_at) <= now) ||
    (rule.remaining !== null && rule.remaining <= 0)
  );
}

/** Takes one of a rule's `times` in this process: what is left after it, or -1 when none was left. */
export function claimHere(rule: FaultRule): number {
  if (rule.remaining === null || rule.remaining <= 0) return -1;
  return --rule.remaining;
}
