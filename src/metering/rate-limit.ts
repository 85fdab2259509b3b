import type { OrgClocks } from '../core/clocks.js';
import { andThen, type MaybePromise } from '../core/maybe.js';
import type { RateLimitState } from './rate-limit-state.js';
import type { Environment } from './types.js';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** Documented defaults: live keys 600 requests / 60 s, test keys 60 requests / 60 s. */
export const defaultRateLimits: Readonly<Record<Environment, RateLimitRule>> = Object.freeze({
  live: Object.freeze({ limit: 600, windowSeconds: 60 }),
  test: Object.freeze({ limit: 60, windowSeconds: 60 }),
});

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets; at least 1 while the window is open. */
  resetSeconds: number;
}

/** Who a request counts against. */
export interface RateLimited {
  orgId: string;
  keyId: string;
  environment: Environment;
}

/**
 * Fixed windows per key in clock time (its organization's clock), aligned to multiples of the window length
 * since the epoch, so a frozen clock advanced past the boundary opens a fresh window. Rejected requests do
 * not count. The windows and the per-key overrides are in the state (rate-limit-state.ts); the default rules
 * per environment are this instance's (set by the config or `PUT /rate-limits`).
 */
export class RateLimiter {
  private rules: Record<Environment, RateLimitRule>;
  /** The rule each key's last hit through this instance applied (an injected 429's RateLimit-Limit). */
  private readonly lastRules = new Map<string, RateLimitRule>();

  constructor(
    private readonly clocks: Pick<OrgClocks, 'for'>,
    private readonly state: RateLimitState,
    private readonly initial: Partial<Record<Environment, RateLimitRule>> = {},
  ) {
    this.rules = { ...defaultRateLimits, ...validRules(initial) };
  }

  setDefaults(rules: Partial<Record<Environment, RateLimitRule>>): void {
    this.rules = { ...this.rules, ...validRules(rules) };
  }

  defaults(environment: Environment): RateLimitRule {
    return this.rules[environment];
  }

  /** Overrides the rule of one key; `null` removes the override. */
  setKeyLimit(orgId: string, keyId: string, rule: RateLimitRule | null): void {
    const valid = rule === null ? null : validRule(`key ${keyId}`, rule);
    this.state.setKeyLimit(orgId, keyId, valid);
    this.lastRules.delete(keyId);
  }

  /** The rule of each key of the organization that has an override. */
  keyLimits(orgId: string): MaybePromise<Map<string, RateLimitRule>> {
    return this.state.keyLimits(orgId);
  }

  /** The rule the key's last request through this instance was counted under (the default before any). */
  ruleFor(keyId: string, environment: Environment): RateLimitRule {
    return this.lastRules.get(keyId) ?? this.rules[environment];
  }

  /** Counts one request: synchronous with the memory store, one round trip with Redis. */
  hit(who: RateLimited): MaybePromise<RateLimitResult> {
    const now = this.clocks.for(who.orgId).now();
    return andThen(
      this.state.hit(who.orgId, who.keyId, this.rules[who.environment], now),
      ({ allowed, count, rule, start }) => {
        this.lastRules.set(who.keyId, rule);
        return {
          allowed,
          limit: rule.limit,
          remaining: Math.max(0, rule.limit - count),
          resetSeconds: Math.max(1, Math.ceil((start + rule.windowSeconds * 1000 - now) / 1000)),
        };
      },
    );
  }

  /** The default rules go back to the start options'. */
  reset(): void {
    this.lastRules.clear();
    this.rules = { ...defaultRateLimits, ...validRules(this.initial) };
  }
}

function validRules(
  rules: Partial<Record<Environment, RateLimitRule>>,
): Partial<Record<Environment, RateLimitRule>> {
  const out: Partial<Record<Environment, RateLimitRule>> = {};
  for (const env of ['live', 'test'] as const) {
    const rule = rules[env];
    if (rule) out[env] = validRule(env, rule);
  }
  return out;
}

function validRule(name: string, rule: RateLimitRule): RateLimitRule {
  if (!Number.isInteger(rule.limit) || rule.limit < 0) {
    throw new RangeError(`rate limit of ${name} must be an integer >= 0 (got ${rule.limit})`);
  }
  if (!Number.isInteger(rule.windowSeconds) || rule.windowSeconds < 1) {
    throw new RangeError(`rate window of ${name} must be an integer >= 1 second (got ${rule.windowSeconds})`);
  }
  return { limit: rule.limit, windowSeconds: rule.windowSeconds };
}
