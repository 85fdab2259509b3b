/**
 * Rate-limit windows and per-key overrides in Redis, shared by every instance: one counter per key and window,
 * counted by a Lua script that reads the key's override in the same step, so 429 comes at the same count
 * whichever instance answers, and an override set through one instance applies to the next request on any
 * other. Hits made while others are on their way go together (group-commit.ts). Keys carry the store's generation and the organization's id.
 */
import type { RedisStore } from '../store/redis-store.js';
import { GroupCommit } from '../store/group-commit.js';
import { defineOnce } from '../store/redis-scripts.js';
import type { RateLimitHit, RateLimitState } from './rate-limit-state.js';
import type { RateLimitRule } from './rate-limit.js';

/** Wall-time garbage collection of windows: they are counted on the emulator clock, which a test may freeze. */
const WINDOW_GC_MIN_MS = 3_600_000;

/**
 * Requests against their keys' windows, each with its key's override read in the same step, in order (a
 * batch: group-commit.ts). ARGV, per request: the organization's overrides hash, key id, default limit,
 * default window ms, emulator now ms, window key prefix, gc ttl ms. An override is 'limit|windowMs|stamp'; the
 * stamp is part of the window, so setting an override starts a fresh window as on one instance. A refusal
 * does not count. Returns, per request, allowed, count, limit, window ms, window start.
 */
export const RATE_HITS = `
local out = {}
for i = 1, #ARGV, 7 do
  local limit, windowMs, stamp = tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3]), ''
  local o = redis.call('HGET', ARGV[i], ARGV[i + 1])
  if o then
    local l, w, s = string.match(o, '^([^|]*)|([^|]*)|([^|]*)$')
    limit, windowMs, stamp = tonumber(l), tonumber(w), s
  end
  local now = tonumber(ARGV[i + 4])
  local start = math.floor(now / windowMs) * windowMs
  local key = ARGV[i + 5] .. ARGV[i + 1] .. ':' .. string.format('%d', windowMs) .. ':' .. string.format('%d', start) .. ':' .. stamp
  local count = tonumber(redis.call('GET', key) or '0')
  local allowed = 0
  if count < limit then
    allowed = 1
    count = redis.call('INCR', key)
    if count == 1 then redis.call('PEXPIRE', key, math.max(tonumber(ARGV[i + 6]), windowMs * 2)) end
  end
  for _, v in ipairs({allowed, count, limit, windowMs, start}) do out[#out + 1] = v end
end
return out`;

type Run = (...args: (string | number)[]) => Promise<number[]>;

export class RedisRateLimits implements RateLimitState {
  readonly name = 'rate-limits';
  private stamps = 0;
  private readonly hits = new GroupCommit<number[]>(async (args) => {
    const flat = await (this.store.redis as unknown as { svcRateLimitHits: Run }).svcRateLimitHits(...args);
    const results: number[][] = [];
    for (let i = 0; i < flat.length; i += 5) results.push(flat.slice(i, i + 5));
    return results;
  });

  constructor(private readonly store: RedisStore) {}

  open(): Promise<void> {
    defineOnce(this.store.redis, 'svcRateLimitHits', 0, RATE_HITS);
    return Promise.resolve();
  }

  private k(name: string): string {
    return this.store.scopedKey(`rl:${name}`);
  }

  async hit(orgId: string, keyId: string, rule: RateLimitRule, now: number): Promise<RateLimitHit> {
    const [allowed, count, limit, windowMs, start] = await this.store.run(() =>
      this.hits.call([
        this.k(`overrides:${orgId}`),
        keyId,
        rule.limit,
        rule.windowSeconds * 1000,
        now,
        this.k(`w:${orgId}:`),
        WINDOW_GC_MIN_MS,
      ]),
    );
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
