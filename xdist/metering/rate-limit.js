/** Documented defaults: live keys 600 requests / 60 s, test keys 60 requests / 60 s. */
export const defaultRateLimits = Object.freeze({
    live: Object.freeze({ limit: 600, windowSeconds: 60 }),
    test: Object.freeze({ limit: 60, windowSeconds: 60 }),
});
/**
 * Fixed windows per key in clock time, aligned to multiples of the window length since the epoch, so a
 * frozen clock advanced past the boundary opens a fresh window. Rejected requests do not count.
 */
export class RateLimiter {
    clock;
    rules;
    perKey = new Map();
    windows = new Map();
    shared = null;
    /** Per-key overrides shared by every instance (issue 17), read with each hit; null with the memory store. */
    sharedRules = null;
    constructor(clock, rules = {}) {
        this.clock = clock;
        this.rules = { ...defaultRateLimits, ...validRules(rules) };
    }
    setDefaults(rules) {
        this.rules = { ...this.rules, ...validRules(rules) };
    }
    /** Overrides the rule of one key; `null` removes the override. */
    setKeyLimit(keyId, rule) {
        this.sharedRules?.assertWritable();
        const valid = rule === null ? null : validRule(`key ${keyId}`, rule);
        this.applyKeyLimit(keyId, valid);
        this.sharedRules?.setKeyLimit(keyId, valid);
    }
    /** An override set here or, with a shared store, through another instance. */
    applyKeyLimit(keyId, rule) {
        if (rule === null)
            this.perKey.delete(keyId);
        else
            this.perKey.set(keyId, rule);
        this.windows.delete(keyId);
    }
    clearKeyLimits() {
        this.perKey.clear();
        this.windows.clear();
    }
    ruleFor(keyId, environment) {
        return this.perKey.get(keyId) ?? this.rules[environment];
    }
    /** The same rule against the shared window of every instance (`shared` must be set). */
    async sharedHit(keyId, environment) {
        if (this.sharedRules)
            return this.sharedRuleHit(this.sharedRules, keyId, environment);
        const rule = this.ruleFor(keyId, environment);
        const windowMs = rule.windowSeconds * 1000;
        const now = this.clock.now();
        const start = Math.floor(now / windowMs) * windowMs;
        const { allowed, count } = await this.shared.hitWindow(keyId, rule.limit, windowMs, start);
        return {
            allowed,
            limit: rule.limit,
            remaining: Math.max(0, rule.limit - count),
            resetSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
        };
    }
    /** The key's override read in the store with the hit itself, so one set on any instance applies at once. */
    async sharedRuleHit(rules, keyId, environment) {
        const now = this.clock.now();
        const { allowed, count, rule, start } = await rules.hitKey(keyId, this.rules[environment], now);
        return {
            allowed,
            limit: rule.limit,
            remaining: Math.max(0, rule.limit - count),
            resetSeconds: Math.max(1, Math.ceil((start + rule.windowSeconds * 1000 - now) / 1000)),
        };
    }
    hit(keyId, environment) {
        const rule = this.ruleFor(keyId, environment);
        const windowMs = rule.windowSeconds * 1000;
        const now = this.clock.now();
        const start = Math.floor(now / windowMs) * windowMs;
        let w = this.windows.get(keyId);
        if (!w || w.start !== start || w.windowMs !== windowMs) {
            w = { start, windowMs, count: 0 };
            this.windows.set(keyId, w);
        }
        const allowed = w.count < rule.limit;
        if (allowed)
            w.count++;
        return {
            allowed,
            limit: rule.limit,
            remaining: Math.max(0, rule.limit - w.count),
            resetSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
        };
    }
    reset() {
        this.windows.clear();
        this.perKey.clear();
        this.rules = { ...defaultRateLimits };
    }
}
function validRules(rules) {
    const out = {};
    for (const env of ['live', 'test']) {
        const rule = rules[env];
        if (rule)
            out[env] = validRule(env, rule);
    }
    return out;
}
function validRule(name, rule) {
    if (!Number.isInteger(rule.limit) || rule.limit < 0) {
        throw new RangeError(`rate limit of ${name} must be an integer >= 0 (got ${rule.limit})`);
    }
    if (!Number.isInteger(rule.windowSeconds) || rule.windowSeconds < 1) {
        throw new RangeError(`rate window of ${name} must be an integer >= 1 second (got ${rule.windowSeconds})`);
    }
    return { limit: rule.limit, windowSeconds: rule.windowSeconds };
}
