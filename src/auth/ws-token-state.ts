/**
 * Where ws-tokens wait to be used (spec, Authentication 8): single use, so taking one removes it. In this
 * process, or in Redis (redis-ws-tokens.ts) where a token minted on one instance is taken once, on any.
 */
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { MaybePromise } from '../core/maybe.js';
import type { StateStore } from '../store/index.js';
import { RedisStore } from '../store/redis-store.js';
import type { ExportOptions, OrgStatePart, StateUnit } from '../store/state-unit.js';
import type { Scope } from '../orgs/store.js';
import { RedisWsTokenState } from './redis-ws-tokens.js';
import { checkWsTokenSection, importedTokens, wsTokenExport, type WsTokenExport } from './ws-token-export.js';

export interface TokenRecord {
  orgId: string;
  keyId: string;
  scopes: Scope[];
  expiresAt: number;
}

export interface WsTokenState extends StateUnit {
  /**
   * The organizations with live tokens, one organization's tokens removed, and its live tokens exported and
   * imported (ws-token-export.ts: a loaded emulator accepts them once, until they expire on the
   * organization's clock; left out of an export without secrets).
   */
  readonly perOrg: OrgStatePart & {
    export(orgId: string, options?: ExportOptions): MaybePromise<WsTokenExport | undefined>;
  };
  /** Keeps a token until it is taken or expires (its `expiresAt`, on its organization's clock). */
  put(token: string, record: TokenRecord): void;
  /** Removes and returns the token atomically: of two takers (two instances), one gets it. */
  take(token: string): MaybePromise<TokenRecord | undefined>;
}

/** Tokens minted on one organization clock, in minting order. */
interface ClockQueue {
  clock: Clock;
  tokens: Map<string, TokenRecord>;
}

/**
 * Tokens in this process, each in a queue of its clock where tokens expire in minting order: the emulator's
 * clock has one (as before sandboxes, nothing else on that path), and each organization clock its own, since
 * two clocks may be years apart and one frozen sandbox clock must not hold back the sweep of the others.
 */
export class MemoryWsTokenState implements WsTokenState {
  readonly name = 'ws_tokens';
  /** Tokens of organizations on the emulator's clock. */
  private readonly tokens = new Map<string, TokenRecord>();
  /** Tokens of organizations with a clock of their own: the queue each is in, and the queue of each clock. */
  private readonly owned = new Map<string, ClockQueue>();
  private readonly queues = new Map<Clock, ClockQueue>();

  readonly perOrg = {
    ids: (): string[] => {
      const ids = new Set<string>();
      const now = this.clocks.global.now();
      for (const record of this.tokens.values()) if (record.expiresAt > now) ids.add(record.orgId);
      for (const q of this.queues.values()) {
        const ownNow = q.clock.now();
        for (const record of q.tokens.values()) if (record.expiresAt > ownNow) ids.add(record.orgId);
      }
      return [...ids];
    },
    reset: (orgId: string): void => {
      for (const [token, record] of this.tokens) if (record.orgId === orgId) this.tokens.delete(token);
      for (const [token, q] of this.owned) if (q.tokens.get(token)?.orgId === orgId) this.take(token);
    },
    export: (orgId: string, options?: ExportOptions): WsTokenExport | undefined => {
      const all = [...this.tokens, ...[...this.queues.values()].flatMap((q) => [...q.tokens])];
      return wsTokenExport(all, orgId, this.clocks.for(orgId).now(), options);
    },
    import: (orgId: string, data: unknown): void => {
      for (const [token, record] of importedTokens(orgId, data)) this.put(token, record);
    },
    check: checkWsTokenSection,
  };

  constructor(private readonly clocks: Pick<OrgClocks, 'for' | 'global'>) {}

  put(token: string, record: TokenRecord): void {
    const clock = this.clocks.for(record.orgId);
    if (clock === this.clocks.global) {
      this.sweepGlobal(clock.now());
      this.tokens.set(token, record);
      return;
    }
    let q = this.queues.get(clock);
    if (q) this.sweepOwn(q);
    else this.queues.set(clock, (q = { clock, tokens: new Map() }));
    q.tokens.set(token, record);
    this.owned.set(token, q);
  }

  take(token: string): TokenRecord | undefined {
    const record = this.tokens.get(token);
    if (record) {
      this.tokens.delete(token);
      return record;
    }
    if (this.owned.size === 0) return undefined;
    const q = this.owned.get(token);
    if (!q) return undefined;
    this.owned.delete(token);
    const own = q.tokens.get(token);
    q.tokens.delete(token);
    // A deleted sandbox's clock is not kept alive by an empty queue.
    if (q.tokens.size === 0) this.queues.delete(q.clock);
    return own;
  }

  reset(): void {
    this.tokens.clear();
    this.owned.clear();
    this.queues.clear();
  }

  /**
   * Drops expired tokens from the front of a queue. Tokens are queued in minting order with one TTL, so the
   * oldest expire first: stopping at the first live one keeps minting O(1) amortised instead of a scan of every
   * token minted in the last minute per request. (If the clock was set back, a later token can sit behind an
   * earlier one and is swept a little later; the service checks expiry when a token is used anyway.)
   */
  private sweepGlobal(now: number): void {
    // Its own loop over its own map: the shared one below, with a callback and another map, made every mint
    // of an organization on the emulator clock cost about 1.3× (bench/pipeline-ab.bench.ts, ws-token).
    for (const [token, record] of this.tokens) {
      if (record.expiresAt > now) break;
      this.tokens.delete(token);
    }
  }

  private sweep(tokens: Map<string, TokenRecord>, now: number, swept?: (token: string) => void): void {
    for (const [token, record] of tokens) {
      if (record.expiresAt > now) break;
      tokens.delete(token);
      swept?.(token);
    }
  }

  private sweepOwn(q: ClockQueue): void {
    this.sweep(q.tokens, q.clock.now(), (token) => this.owned.delete(token));
  }
}

/** The ws-token state for a store. Called once, by the composition root. */
export function createWsTokenState(
  store: StateStore,
  clocks: Pick<OrgClocks, 'for' | 'global'>,
): WsTokenState {
  return store instanceof RedisStore ? new RedisWsTokenState(store, clocks) : new MemoryWsTokenState(clocks);
}
