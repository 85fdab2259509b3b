/**
 * Rate-limit windows and per-key overrides (issue 23): the state the rate limiter counts in, keyed by
 * organization. Two implementations: MemoryRateLimits below (synchronous) and redis-rate-limit.ts (shared by
 * every instance: one counter per key and window, counted by a Lua script with the key's override read in the
 * same step). The rules (default limits per environment, validation, headers) are RateLimiter's.
 */
import type { MaybePromise } from '../core/maybe.js';
import type { OrgStatePart, StateUnit } from '../store/state-unit.js';
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
  readonly name = 'rate-limits';
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

export function byKeyId(a: { keyId: string }, b: { keyId: string }): number {
  return a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : 0;
}
