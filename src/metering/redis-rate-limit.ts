/**
 * Rate-limit windows and per-key overrides in Redis, shared by every instance: one counter per key and window,
 * counted by a Lua script that reads the key's override in the same step, so 429 comes at the same count
 * whichever instance answers, and an override set through one instance applies to the next request on any
 * other. One round trip per hit. Keys carry the store's generation and the organization's id.
 */
import type { RedisStore } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import type { RateLimitHit, RateLimitState } from './rate-limit-state.js';
import type { RateLimitRule } from './rate-limit.js';

/** Wall-time garbage collection of windows: they are counted on the emulator clock, which a test may freeze. */
const WINDOW_GC_MIN_MS = 3_600_000;

/**
 * One request against the key's window, with the key's override read in the same step. KEYS: the
 * organization's overrides hash. ARGV: key id, default limit, default window ms, emulator now ms, window key
 * prefix, gc ttl ms. An override is 'limit|windowMs|stamp'; the stamp is part of the window, so setting an
 * override starts a fresh window as on one instance. A refusal does not count. Returns {allowed, count,
 * limit, window ms, window start}.
 */
export const RATE_HIT = `
local limit, windowMs, stamp = tonumber(ARGV[2]), tonumber(ARGV[3]), ''
local o = redis.call('HGET', KEYS[1], ARGV[1])
if o then
  local l, w, s = string.match(o, '^([^|]*)|([^|]*)|([^|]*)$')
  limit, windowMs, stamp = tonumber(l), tonumber(w), s
end
local now = tonumber(ARGV[4])
local start = math.floor(now / windowMs) * windowMs
local key = ARGV[5] .. ARGV[1] .. ':' .. string.format('%d', windowMs) .. ':' .. string.format('%d', start) .. ':' .. stamp
local count = tonumber(redis.call('GET', key) or '0')
if count >= limit then return {0, count, limit, windowMs, start} end
count = redis.call('INCR', key)
if count == 1 then redis.call('PEXPIRE', key, math.max(tonumber(ARGV[6]), windowMs * 2)) end
return {1, count, limit, windowMs, start}`;

type Run = (...args: (string | number)[]) => Promise<unknown>;

export class RedisRateLimits implements RateLimitState {
  readonly name = 'rate-limits';
  private stamps = 0;

  constructor(private readonly store: RedisStore) {}

  open(): Promise<void> {
    defineOnce(this.store.redis, 'svcRateLimitHit', 1, RATE_HIT);
    return Promise.resolve();
  }

  private k(name: string): string {
    return this.store.scopedKey(`rl:${name}`);
  }

  async hit(orgId: string, keyId: string, rule: RateLimitRule, now: number): Promise<RateLimitHit> {
    const hit = (this.store.redis as unknown as { svcRateLimitHit: Run }).svcRateLimitHit;
    const [allowed, count, limit, windowMs, start] = (await this.store.run(() =>
      hit.call(
        this.store.redis,
        this.k(`overrides:${orgId}`),
        keyId,
        rule.limit,
        rule.windowSeconds * 1000,
        now,
        this.k(`w:${orgId}:`),
        WINDOW_GC_MIN_MS,
      ),
    )) as number[];
    return { allowed: allowed === 1, count, rule: { limit, windowSeconds: windowMs / 1000 }, start };
  }

  setKeyLimit(orgId: string, keyId: string, rule: RateLimitRule | null): void {
    this.store.assertAvailable();
    const key = this.k(`overrides:${orgId}`);
    const stamp = `${this.store.instanceId}.${++this.stamps}`;
    this.store.track(
      rule
        ? this.store.redis.hset(key, keyId, `${rule.limit}|${rule.windowSeconds * 1000}|${stamp}`)
        : this.store.redis.hdel(key, keyId),
    );
  }

  async keyLimits(orgId: string): Promise<Map<string, RateLimitRule>> {
    const all = await this.store.run(() => this.store.redis.hgetall(this.k(`overrides:${orgId}`)));
    return new Map(
      Object.entries(all).map(([keyId, value]) => {
        const [limit, windowMs] = value.split('|').map(Number);
        return [keyId, { limit, windowSeconds: windowMs / 1000 }];
      }),
    );
  }

  /** Deletes this generation's windows and overrides (a reset through the emulator has moved the generation first). */
  async reset(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.store.run(() =>
        this.store.redis.scan(cursor, 'MATCH', this.k('*'), 'COUNT', 1000),
      );
      if (keys.length > 0) await this.store.run(() => this.store.redis.unlink(...keys));
      cursor = next;
    } while (cursor !== '0');
  }
}
