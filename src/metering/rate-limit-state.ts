/**
 * Rate-limit windows and per-key overrides (issue 23): the state the rate limiter counts in, keyed by
 * organization. Two implementations: MemoryRateLimits below (synchronous) and redis-rate-limit.ts (shared by
 * every instance: one counter per key and window, counted by a Lua script with the key's override read in the
 * same step). The rules (default limits per environment, validation, headers) are RateLimiter's.
 */
import type { MaybePromise } from '../core/maybe.js';
import type { OrgStatePart, StateProblem, StateUnit } from '../store/state-unit.js';
import type { RateLimitRule } from './rate-limit.js';

export interface RateLimitHit {
  allowed: boolean;
  /** Requests counted in the window, this one included when allowed. */
  count: number;
  /** The rule applied: the key's override, or the default given. */
  rule: RateLimitRule;
  /** The window's start (emulator ms). */
  start: number;
}

/** One organization's rate-limit state as `perOrg.export` gives it: lists by key id. */
export interface RateLimitExport {
  /** The keys' overrides. */
  overrides: ({ keyId: string } & RateLimitRule)[];
  /**
   * The window each key counts in (the one of its latest hit, under its override or the default rule then).
   * Redis keeps older windows until they expire, which no hit reads again; memory keeps only this one.
   */
  windows: { keyId: string; start: number; windowSeconds: number; count: number }[];
}

/** An organization's windows and overrides, listed, reset and exported (issue 23 item 2). */
export interface RateLimitOrgs extends OrgStatePart {
  export(orgId: string): MaybePromise<RateLimitExport | undefined>;
}

export interface RateLimitState extends StateUnit {
  /** The windows and overrides per organization: listed, reset and exported. */
  readonly perOrg: RateLimitOrgs;
  /**
   * Counts one request of the key against its window (fixed windows aligned to multiples of their length since
   * the epoch), under the key's override or else `rule`. A refusal does not count.
   */
  hit(orgId: string, keyId: string, rule: RateLimitRule, now: number): MaybePromise<RateLimitHit>;
  /** Sets (or with null, removes) a key's override; it starts a fresh window. A write the next admin answer waits for. */
  setKeyLimit(orgId: string, keyId: string, rule: RateLimitRule | null): void;
  /** The overrides of the organization's keys. */
  keyLimits(orgId: string): MaybePromise<Map<string, RateLimitRule>>;
}

export class MemoryRateLimits implements RateLimitState {
  readonly name = 'rate_limits';
  private readonly orgs = new Map<
    string,
    {
      overrides: Map<string, RateLimitRule>;
      windows: Map<string, { start: number; windowMs: number; count: number }>;
    }
  >();

  readonly perOrg: RateLimitOrgs = {
    ids: () => [...this.orgs.keys()].filter((id) => this.perOrg.export(id) !== undefined),
    reset: (orgId) => void this.orgs.delete(orgId),
    export: (orgId) => {
      const org = this.orgs.get(orgId);
      const overrides = [...(org?.overrides ?? [])].map(([keyId, rule]) => ({ keyId, ...rule }));
      // A window only refused (a limit of 0) counts nothing: Redis writes no counter for it.
      const windows = [...(org?.windows ?? [])]
        .filter(([, w]) => w.count > 0)
        .map(([keyId, w]) => ({ keyId, start: w.start, windowSeconds: w.windowMs / 1000, count: w.count }));
      if (overrides.length + windows.length === 0) return undefined;
      return { overrides: overrides.sort(byKeyId), windows: windows.sort(byKeyId) };
    },
    import: (orgId, data) => {
      const { overrides, windows } = data as RateLimitExport;
      const org = this.org(orgId);
      for (const { keyId, limit, windowSeconds } of overrides)
        org.overrides.set(keyId, { limit, windowSeconds });
      for (const { keyId, start, windowSeconds, count } of windows)
        org.windows.set(keyId, { start, windowMs: windowSeconds * 1000, count });
    },
    check: checkRateLimitSection,
  };

  hit(orgId: string, keyId: string, rule: RateLimitRule, now: number): RateLimitHit {
    const org = this.org(orgId);
    const applied = org.overrides.get(keyId) ?? rule;
    const windowMs = applied.windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    let w = org.windows.get(keyId);
    if (!w || w.start !== start || w.windowMs !== windowMs)
      org.windows.set(keyId, (w = { start, windowMs, count: 0 }));
    const allowed = w.count < applied.limit;
    if (allowed) w.count++;
    return { allowed, count: w.count, rule: applied, start };
  }

  setKeyLimit(orgId: string, keyId: string, rule: RateLimitRule | null): void {
    const org = this.org(orgId);
    if (rule === null) org.overrides.delete(keyId);
    else org.overrides.set(keyId, rule);
    org.windows.delete(keyId);
  }

  keyLimits(orgId: string): Map<string, RateLimitRule> {
    return new Map(this.orgs.get(orgId)?.overrides);
  }

  reset(): void {
    this.orgs.clear();
  }

  private org(orgId: string) {
    let org = this.orgs.get(orgId);
    if (!org) this.orgs.set(orgId, (org = { overrides: new Map(), windows: new Map() }));
    return org;
  }
}

/**
 * What `perOrg.check` refuses in a `rate-limits` section the schema accepted: a key listed twice, and a
 * window that does not start on a multiple of its length (windows are aligned to the epoch).
 */
export function checkRateLimitSection(_orgId: string, data: unknown): StateProblem | null {
  const s = data as RateLimitExport;
  for (const [name, list] of [
    ['overrides', s.overrides],
    ['windows', s.windows],
  ] as const) {
    const seen = new Set<string>();
    for (const [i, { keyId }] of list.entries()) {
      if (seen.has(keyId)) return { path: `/${name}/${i}/keyId`, message: `key ${keyId} appears twice` };
      seen.add(keyId);
    }
  }
  for (const [i, w] of s.windows.entries())
    if (w.start % (w.windowSeconds * 1000) !== 0)
      return {
        path: `/windows/${i}/start`,
        message: `must be a multiple of the window (${w.windowSeconds} s)`,
      };
  return null;
}

export function byKeyId(a: { keyId: string }, b: { keyId: string }): number {
  return a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : 0;
}
