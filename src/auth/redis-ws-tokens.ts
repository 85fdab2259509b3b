/**
 * Ws-tokens in Redis: minted on one instance, accepted once on any. A token is in Redis before the response
 * that hands it out (the write is tracked, and POST /v1/auth/ws-token waits for it), and taken with GETDEL,
 * atomic in Redis, so a second use is refused on every instance. Its expiry is checked on its organization's
 * clock (the emulator's, or its sandbox's, shared through Redis) at the instance that takes it (a test may
 * freeze that clock), so the Redis TTL is only garbage collection.
 *
 * A token is keyed by its value alone (`wst:{token}`), not under its organization: the instance that takes
 * it knows only the value, and minting is on the request path, where a per-organization index would cost a
 * second command. One organization's tokens are found the rare way instead, for an admin call: SCAN MATCH
 * over the token keys, reading each one's organization.
 */
import type { OrgClocks } from '../core/clocks.js';
import type { RedisStore } from '../store/redis-store.js';
import type { ExportOptions } from '../store/state-unit.js';
import { checkWsTokenSection, importedTokens, wsTokenExport, type WsTokenExport } from './ws-token-export.js';
import type { TokenRecord, WsTokenState } from './ws-token-state.js';

/** Wall-time garbage collection: far beyond the 60 seconds of clock time a token lives. */
const TOKEN_GC_MS = 3_600_000;
const SCAN_COUNT = 1000;

export class RedisWsTokenState implements WsTokenState {
  readonly name = 'ws_tokens';

  readonly perOrg = {
    ids: async (): Promise<string[]> => {
      const ids = new Set<string>();
      for await (const [, record] of this.scan())
        if (record.expiresAt > this.clocks.for(record.orgId).now()) ids.add(record.orgId);
      return [...ids];
    },
    reset: async (orgId: string): Promise<void> => {
      const keys: string[] = [];
      for await (const [key, record] of this.scan()) if (record.orgId === orgId) keys.push(key);
      // A token's value never changes once put (only GETDEL or its TTL removes it), so a key read as this
      // organization's is still its own, or gone: no other organization's token can be deleted here. One
      // minted while the scan runs may be missed, as a write after the reset; it is refused at use, since
      // its key went with the organization (the orgs unit is reset first).
      if (keys.length > 0) await this.store.run(() => this.store.redis.unlink(...keys));
    },
    export: async (orgId: string, options?: ExportOptions): Promise<WsTokenExport | undefined> => {
      if (options?.secrets === false) return undefined;
      const all: [string, TokenRecord][] = [];
      const prefix = this.key('');
      for await (const [key, record] of this.scan()) all.push([key.slice(prefix.length), record]);
      return wsTokenExport(all, orgId, this.clocks.for(orgId).now(), options);
    },
    /** One transaction: each token as put, with the same garbage-collection TTL. */
    import: async (orgId: string, data: unknown): Promise<void> => {
      const tx = this.store.redis.multi();
      for (const [token, record] of importedTokens(orgId, data))
        tx.set(this.key(token), JSON.stringify(record), 'PX', TOKEN_GC_MS);
      for (const [err] of (await this.store.run(() => tx.exec())) ?? []) if (err) throw err;
    },
    check: checkWsTokenSection,
  };

  constructor(
    private readonly store: RedisStore,
    private readonly clocks: Pick<OrgClocks, 'for'>,
  ) {}

  /** In the store's generation: a reset through any instance retires every token at once. */
  private key(token: string): string {
    return this.store.scopedKey(`wst:${token}`);
  }

  put(token: string, record: TokenRecord): void {
    this.store.assertAvailable();
    this.store.track(this.store.redis.set(this.key(token), JSON.stringify(record), 'PX', TOKEN_GC_MS));
  }

  async take(token: string): Promise<TokenRecord | undefined> {
    const json = await this.store.run(() => this.store.redis.getdel(this.key(token)));
    return json ? (JSON.parse(json) as TokenRecord) : undefined;
  }

  /** Nothing to delete: the store's reset moved the generation, which retires every token (and they expire). */
  reset(): void {}

  /** Every token of the generation, with its Redis key (SCAN, never KEYS: Redis stays free between batches). */
  private async *scan(): AsyncGenerator<[string, TokenRecord]> {
    const match = this.key('*');
    let cursor = '0';
    do {
      const [next, keys] = await this.store.run(() =>
        this.store.redis.scan(cursor, 'MATCH', match, 'COUNT', SCAN_COUNT),
      );
      cursor = next;
      if (keys.length === 0) continue;
      const values = await this.store.run(() => this.store.redis.mget(keys));
      for (let i = 0; i < keys.length; i++) {
        const json = values[i];
        if (json) yield [keys[i], JSON.parse(json) as TokenRecord];
      }
    } while (cursor !== '0');
  }
}
