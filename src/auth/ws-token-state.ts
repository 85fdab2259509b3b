/**
 * Where ws-tokens wait to be used (spec, Authentication 8): single use, so taking one removes it. In this
 * process, or in Redis (redis-ws-tokens.ts) where a token minted on one instance is taken once, on any.
 */
import type { Clock } from '../core/clock.js';
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
  /** Keeps a token until it is taken or expires (its `expiresAt`, on the emulator clock). */
  put(token: string, record: TokenRecord): void;
  /** Removes and returns the token atomically: of two takers (two instances), one gets it. */
  take(token: string): MaybePromise<TokenRecord | undefined>;
}

/** Tokens in this process. */
export class MemoryWsTokenState implements WsTokenState {
  readonly name = 'ws-tokens';
  private readonly tokens = new Map<string, TokenRecord>();

  readonly perOrg = {
    ids: (): string[] => {
      const now = this.clock.now();
      return [...new Set([...this.tokens.values()].filter((r) => r.expiresAt > now).map((r) => r.orgId))];
    },
    reset: (orgId: string): void => {
      for (const [token, record] of this.tokens) if (record.orgId === orgId) this.tokens.delete(token);
    },
    export: (): undefined => undefined,
  };

  constructor(private readonly clock: Clock) {}

  put(token: string, record: TokenRecord): void {
    this.sweep();
    this.tokens.set(token, record);
  }

  take(token: string): TokenRecord | undefined {
    const record = this.tokens.get(token);
    this.tokens.delete(token);
    return record;
  }

  reset(): void {
    this.tokens.clear();
  }

  /**
   * Drops expired tokens from the front of the map. Tokens are inserted in minting order with one TTL, so the
   * oldest expire first: stopping at the first live one keeps minting O(1) amortised instead of a scan of every
   * token minted in the last minute per request. (If the clock was set back, a later token can sit behind an
   * earlier one and is swept a little later; the service checks expiry when a token is used anyway.)
   */
  private sweep(): void {
    const now = this.clock.now();
    for (const [token, record] of this.tokens) {
      if (record.expiresAt > now) break;
      this.tokens.delete(token);
    }
  }
}

/** The ws-token state for a store. Called once, by the composition root. */
export function createWsTokenState(store: StateStore, clock: Clock): WsTokenState {
  return store instanceof RedisStore ? new RedisWsTokenState(store, clock) : new MemoryWsTokenState(clock);
}
