/**
 * Where ws-tokens wait to be used (spec, Authentication 8): single use, so taking one removes it. In this
 * process, or in Redis (redis-ws-tokens.ts) where a token minted on one instance is taken once, on any.
 */
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { MaybePromise } from '../core/maybe.js';
import type { StateStore } from '../store/index.js';
import { RedisStore } from '../store/redis-store.js';
import type { OrgStatePart, StateUnit } from '../store/state-unit.js';
import type { Scope } from '../orgs/store.js';
import { RedisWsTokenState } from './redis-ws-tokens.js';

export interface TokenRecord {
  orgId: string;
  keyId: string;
  scopes: Scope[];
  expiresAt: number;
}

export interface WsTokenState extends StateUnit {
  /**
   * The organizations with live tokens, and one organization's tokens removed. Never exported (`export` is
   * always undefined): a token lives 60 seconds of clock time and is used once, so a saved state loaded
   * later would hold tokens long expired, or ones already used since the save and then usable again.
   * A client after a load mints new ones.
   */
  readonly perOrg: OrgStatePart & { export(orgId: string): undefined };
  /** Keeps a token until it is taken or expires (its `expiresAt`, on its organization's clock). */
  put(token: string, record: TokenRecord): void;
  /** Removes and returns the token atomically: of two takers (two instances), one gets it. */
  take(token: string): MaybePromise<TokenRecord | undefined>;
}

/** Tokens minted on one clock, in minting order. */
type Queue = Map<string, TokenRecord>;

/**
 * Tokens in this process. Each token also waits in the queue of its organization's clock, where tokens expire
 * in minting order; the clocks of two organizations (sandboxes) may be years apart, so one queue would not.
 */
export class MemoryWsTokenState implements WsTokenState {
  readonly name = 'ws-tokens';
  private readonly tokens = new Map<string, { record: TokenRecord; queue: Queue }>();
  private readonly queues = new Map<Clock, Queue>();

  readonly perOrg = {
    ids: (): string[] => {
      const ids = new Set<string>();
      for (const { record } of this.tokens.values())
        if (record.expiresAt > this.clocks.for(record.orgId).now()) ids.add(record.orgId);
      return [...ids];
    },
    reset: (orgId: string): void => {
      for (const [token, { record }] of this.tokens) if (record.orgId === orgId) this.take(token);
    },
    export: (): undefined => undefined,
  };

  constructor(private readonly clocks: Pick<OrgClocks, 'for'>) {}

  put(token: string, record: TokenRecord): void {
    const clock = this.clocks.for(record.orgId);
    let queue = this.queues.get(clock);
    if (queue) this.sweep(queue, clock.now());
    else this.queues.set(clock, (queue = new Map()));
    queue.set(token, record);
    this.tokens.set(token, { record, queue });
  }

  take(token: string): TokenRecord | undefined {
    const held = this.tokens.get(token);
    if (!held) return undefined;
    this.tokens.delete(token);
    held.queue.delete(token);
    return held.record;
  }

  reset(): void {
    this.tokens.clear();
    this.queues.clear();
  }

  /**
   * Drops expired tokens from the front of a clock's queue. Tokens are queued in minting order with one TTL,
   * so the oldest expire first: stopping at the first live one keeps minting O(1) amortised instead of a scan
   * of every token minted in the last minute per request. (If the clock was set back, a later token can sit
   * behind an earlier one and is swept a little later; the service checks expiry when a token is used anyway.)
   */
  private sweep(queue: Queue, now: number): void {
    for (const [token, record] of queue) {
      if (record.expiresAt > now) break;
      queue.delete(token);
      this.tokens.delete(token);
    }
  }
}

/** The ws-token state for a store. Called once, by the composition root. */
export function createWsTokenState(store: StateStore, clocks: Pick<OrgClocks, 'for'>): WsTokenState {
  return store instanceof RedisStore ? new RedisWsTokenState(store, clocks) : new MemoryWsTokenState(clocks);
}
