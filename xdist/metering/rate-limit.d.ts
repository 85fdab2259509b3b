import type { Clock } from '../core/clock.js';
import type { BillingBackend } from './backend.js';
import type { Environment } from './types.js';
export interface RateLimitRule {
    /** Requests allowed per window. */
    limit: number;
    windowSeconds: number;
}
/** Documented defaults: live keys 600 requests / 60 s, test keys 60 requests / 60 s. */
export declare const defaultRateLimits: Readonly<Record<Environment, RateLimitRule>>;
export interface RateLimitResult {
    allowed: boolean;
    limit: number;
    remaining: number;
    /** Whole seconds until the window resets; at least 1 while the window is open. */
    resetSeconds: number;
}
/** Windows counted where every instance sees them (src/store/shared-state.ts); null with the memory store. */
export interface WindowBackend {
    hitWindow(keyId: string, limit: number, windowMs: number, start: number): Promise<{
        allowed: boolean;
        count: number;
    }>;
}
/**
 * Fixed windows per key in clock time, aligned to multiples of the window length since the epoch, so a
 * frozen clock advanced past the boundary opens a fresh window. Rejected requests do not count.
 */
export declare class RateLimiter {
    private readonly clock;
    private rules;
    private readonly perKey;
    private readonly windows;
    shared: WindowBackend | null;
    /** Per-key overrides shared by every instance (issue 17), read with each hit; null with the memory store. */
    sharedRules: Pick<BillingBackend, 'assertWritable' | 'setKeyLimit' | 'hitKey'> | null;
    constructor(clock: Clock, rules?: Partial<Record<Environment, RateLimitRule>>);
    setDefaults(rules: Partial<Record<Environment, RateLimitRule>>): void;
    /** Overrides the rule of one key; `null` removes the override. */
    setKeyLimit(keyId: string, rule: RateLimitRule | null): void;
    /** An override set here or, with a shared store, through another instance. */
    applyKeyLimit(keyId: string, rule: RateLimitRule | null): void;
    clearKeyLimits(): void;
    ruleFor(keyId: string, environment: Environment): RateLimitRule;
    /** The same rule against the shared window of every instance (`shared` must be set). */
    sharedHit(keyId: string, environment: Environment): Promise<RateLimitResult>;
    /** The key's override read in the store with the hit itself, so one set on any instance applies at once. */
    private sharedRuleHit;
    hit(keyId: string, environment: Environment): RateLimitResult;
    reset(): void;
}
