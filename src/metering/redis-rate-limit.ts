/**
 * Rate-limit windows and per-key overrides in Redis, shared by every instance: one counter per key and window,
 * counted by a Lua script that reads the key's override in the same step, so 429 comes at the same count
 * whichever instance answers, and an override set through one instance applies to the next request on any
 * other. One round trip per hit. Keys carry the store's generation, and an organization's are under
 * `rl:org:<id>:` (its overrides hash, and one counter per key and window), so one organization is listed,
 * exported and reset by its keys alone (store/redis-org-keys.ts). Nothing is kept at hand, so an
 * organization's reset (one script) tells no one.
 */
import { hashOf, OrgKeys, type DumpedKey } from '../store/redis-org-keys.js';
import type { RedisStore } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import {
  byKeyId,
  checkRateLimitSection,
  type RateLimitExport,
  type RateLimitHit,
  type RateLimitOrgs,
  type RateLimitState,
} from './rate-limit-state.js';
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
  readonly name = 'rate_limits';
  private stamps = 0;
  private readonly keys: OrgKeys;
  readonly perOrg: RateLimitOrgs = {
    ids: () => this.keys.ids(),
    reset: async (orgId) => void (await this.keys.drop(orgId)),
    export: async (orgId) => exportOf(await this.keys.dump(orgId)),
    import: (orgId, data) => this.importOrg(orgId, data as RateLimitExport),
    check: checkRateLimitSection,
  };

  constructor(private readonly store: RedisStore) {
    this.keys = new OrgKeys(store, 'rl');
  }

  open(): Promise<void> {
    defineOnce(this.store.redis, 'svcRateLimitHit', 1, RATE_HIT);
    return Promise.resolve();
  }

  private k(orgId: string, part: string): string {
    return this.keys.key(orgId, part);
  }

  async hit(orgId: string, keyId: string, rule: RateLimitRule, now: number): Promise<RateLimitHit> {
    const hit = (this.store.redis as unknown as { svcRateLimitHit: Run }).svcRateLimitHit;
    const [allowed, count, limit, windowMs, start] = (await this.store.run(() =>
      hit.call(
        this.store.redis,
        this.k(orgId, 'overrides'),
        keyId,
        rule.limit,
        rule.windowSeconds * 1000,
        now,
        this.k(orgId, 'w:'),
        WINDOW_GC_MIN_MS,
      ),
    )) as number[];
    return { allowed: allowed === 1, count, rule: { limit, windowSeconds: windowMs / 1000 }, start };
  }

  setKeyLimit(orgId: string, keyId: string, rule: RateLimitRule | null): void {
    this.store.assertAvailable();
    const key = this.k(orgId, 'overrides');
    const stamp = `${this.store.instanceId}.${++this.stamps}`;
    this.store.track(
      rule
        ? this.store.redis.hset(key, keyId, `${rule.limit}|${rule.windowSeconds * 1000}|${stamp}`)
        : this.store.redis.hdel(key, keyId),
    );
  }

  async keyLimits(orgId: string): Promise<Map<string, RateLimitRule>> {
    const all = await this.store.run(() => this.store.redis.hgetall(this.k(orgId, 'overrides')));
    return new Map(
      Object.entries(all).map(([keyId, value]) => {
        const [limit, windowMs] = value.split('|').map(Number);
        return [keyId, { limit, windowSeconds: windowMs / 1000 }];
      }),
    );
  }

  /**
   * One organization's overrides and windows in one transaction: each override with a new stamp, each window
   * as the counter RATE_HIT reads (under its key's stamp), expiring as a counted one does.
   */
  private async importOrg(orgId: string, data: RateLimitExport): Promise<void> {
    const tx = this.store.redis.multi();
    const stamps = new Map<string, string>();
    if (data.overrides.length) {
      const fields = data.overrides.flatMap(({ keyId, limit, windowSeconds }) => {
        const stamp = `${this.store.instanceId}.${++this.stamps}`;
        stamps.set(keyId, stamp);
        return [keyId, `${limit}|${windowSeconds * 1000}|${stamp}`];
      });
      tx.hset(this.k(orgId, 'overrides'), ...fields);
    }
    for (const w of data.windows) {
      const windowMs = w.windowSeconds * 1000;
      const key = this.k(orgId, `w:${w.keyId}:${windowMs}:${w.start}:${stamps.get(w.keyId) ?? ''}`);
      tx.set(key, w.count, 'PX', Math.max(WINDOW_GC_MIN_MS, windowMs * 2));
    }
    for (const [err] of (await this.store.run(() => tx.exec())) ?? []) if (err) throw err;
  }

  /** Deletes this generation's windows and overrides (a reset through the emulator has moved the generation first). */
  async reset(): Promise<void> {
    await this.keys.dropAll();
  }
}

/**
 * The export from the organization's keys: its overrides, and each key's window of its latest hit, the newest
 * counted under its override as it is now (a window's key is `w:<key id>:<window ms>:<start>:<stamp>`; an
 * override's stamp starts its windows afresh, none without an override).
 */
function exportOf(keys: Map<string, DumpedKey>): RateLimitExport | undefined {
  const overrides = new Map(
    Object.entries(hashOf(keys.get('overrides'))).map(([keyId, value]) => {
      const [limit, windowMs, stamp] = value.split('|');
      return [keyId, { limit: Number(limit), windowSeconds: Number(windowMs) / 1000, stamp }];
    }),
  );
  const windows = new Map<string, RateLimitExport['windows'][number]>();
  for (const [part, key] of keys) {
    if (!part.startsWith('w:')) continue;
    const fields = part.slice(2).split(':');
    const [windowMs, start] = fields.slice(-3, -1).map(Number);
    const stamp = fields.at(-1);
    const keyId = fields.slice(0, -3).join(':');
    if (stamp !== (overrides.get(keyId)?.stamp ?? '')) continue;
    const w = { keyId, start, windowSeconds: windowMs / 1000, count: Number(key.value[0]) };
    const newest = windows.get(keyId);
    if (
      !newest ||
      w.start > newest.start ||
      (w.start === newest.start && w.windowSeconds > newest.windowSeconds)
    )
      windows.set(keyId, w);
  }
  if (overrides.size + windows.size === 0) return undefined;
  return {
    overrides: [...overrides]
      .map(([keyId, { limit, windowSeconds }]) => ({ keyId, limit, windowSeconds }))
      .sort(byKeyId),
    windows: [...windows.values()].sort(byKeyId),
  };
}
