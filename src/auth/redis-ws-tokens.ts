/**
 * Ws-tokens in Redis: minted on one instance, accepted once on any. A token is in Redis before the response
 * that hands it out (the write is tracked, and POST /v1/auth/ws-token waits for it), and taken with GETDEL,
 * atomic in Redis, so a second use is refused on every instance. Its expiry is checked on the emulator clock
 * of the instance that takes it (which a test may freeze), so the Redis TTL is only garbage collection.
 */
import type { RedisStore } from '../store/redis-store.js';
import type { TokenRecord, WsTokenState } from './ws-token-state.js';

/** Wall-time garbage collection: far beyond the 60 seconds of clock time a token lives. */
const TOKEN_GC_MS = 3_600_000;

export class RedisWsTokenState implements WsTokenState {
  readonly name = 'ws-tokens';

  constructor(private readonly store: RedisStore) {}

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
}
