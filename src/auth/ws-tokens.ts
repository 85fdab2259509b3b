/**
 * WebSocket tokens (spec, Authentication 8): single use, 60 seconds of its organization's clock time, bound to
 * (organization, key, scopes), passed as a `Sec-WebSocket-Protocol` value.
 */
import type { OrgClocks } from '../core/clocks.js';
import { andThen, type MaybePromise } from '../core/maybe.js';
import type { Random } from '../core/random.js';
import { ApiError } from '../core/errors.js';
import type { OrgStore, Scope } from '../orgs/store.js';
import { principalFor, type Principal } from './principal.js';
import type { TokenRecord, WsTokenState } from './ws-token-state.js';

export const WS_TOKEN_TTL_SECONDS = 60;
export const WS_TOKEN_PREFIX = 'wst_';

export class WsTokenStore {
  constructor(
    private readonly state: WsTokenState,
    private readonly deps: { clocks: Pick<OrgClocks, 'for'>; random: Random; orgs: OrgStore },
  ) {}

  mint(principal: Principal, scopes: Scope[]): { token: string; expiresAt: number } {
    const token = WS_TOKEN_PREFIX + this.deps.random.base62(40);
    const expiresAt = this.deps.clocks.for(principal.orgId).now() + WS_TOKEN_TTL_SECONDS * 1000;
    this.state.put(token, { orgId: principal.orgId, keyId: principal.keyId, scopes, expiresAt });
    return { token, expiresAt };
  }

  /** Consumes a token: it can be used once, before it expires, while its key is still active. */
  consume(token: string): MaybePromise<Principal> {
    return andThen(this.state.take(token), (record) => {
      if (!record) return this.principalOf(record);
      // Minted on another instance with a key this one has not heard of yet: the key is looked up first.
      return andThen(this.deps.orgs.findKey(record.keyId), () => this.principalOf(record));
    });
  }

  private principalOf(record: TokenRecord | undefined): Principal {
    if (!record)
      throw new ApiError(
        'invalid_ws_token',
        'the ws-token is unknown or was already used (tokens are single-use)',
      );
    if (this.deps.clocks.for(record.orgId).now() >= record.expiresAt) {
      throw new ApiError(
        'invalid_ws_token',
        `the ws-token expired (tokens live ${WS_TOKEN_TTL_SECONDS} seconds)`,
      );
    }
    const key = this.deps.orgs.getKey(record.keyId);
    const org = this.deps.orgs.getOrg(record.orgId);
    if (!key || !org || key.revokedAt) {
      throw new ApiError('invalid_ws_token', 'the API key that minted this ws-token has been revoked');
    }
    return principalFor(org, key, 'ws_token', record.scopes);
  }

  static looksLikeToken(value: string): boolean {
    return value.startsWith(WS_TOKEN_PREFIX);
  }
}
