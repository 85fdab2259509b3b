import { ApiError } from '../http/errors.js';
import { principalFor } from './principal.js';
export const WS_TOKEN_TTL_SECONDS = 60;
export const WS_TOKEN_PREFIX = 'wst_';
export class WsTokenStore {
    deps;
    tokens = new Map();
    shared = null;
    constructor(deps) {
        this.deps = deps;
    }
    mint(principal, scopes) {
        const token = WS_TOKEN_PREFIX + this.deps.random.base62(40);
        const expiresAt = this.deps.clock.now() + WS_TOKEN_TTL_SECONDS * 1000;
        const record = { orgId: principal.orgId, keyId: principal.keyId, scopes, expiresAt };
        if (this.shared) {
            this.shared.putToken(token, record);
        }
        else {
            this.sweep();
            this.tokens.set(token, record);
        }
        return { token, expiresAt };
    }
    /** Consumes a token: it can be used once, before it expires, while its key is still active. */
    consume(token) {
        const shared = this.shared;
        if (shared) {
            return shared.takeToken(token).then(async (record) => {
                if (record)
                    await shared.ensureKey(record.keyId);
                return this.principalOf(record);
            });
        }
        const record = this.tokens.get(token);
        this.tokens.delete(token);
        return this.principalOf(record);
    }
    principalOf(record) {
        if (!record)
            throw new ApiError('invalid_ws_token', 'the ws-token is unknown or was already used (tokens are single-use)');
        if (this.deps.clock.now() >= record.expiresAt) {
            throw new ApiError('invalid_ws_token', `the ws-token expired (tokens live ${WS_TOKEN_TTL_SECONDS} seconds)`);
        }
        const key = this.deps.orgs.getKey(record.keyId);
        const org = this.deps.orgs.getOrg(record.orgId);
        if (!key || !org || key.revokedAt) {
            throw new ApiError('invalid_ws_token', 'the API key that minted this ws-token has been revoked');
        }
        return principalFor(org, key, 'ws_token', record.scopes);
    }
    static looksLikeToken(value) {
        return value.startsWith(WS_TOKEN_PREFIX);
    }
    clear() {
        this.tokens.clear();
    }
    /**
     * Drops expired tokens from the front of the map. Tokens are inserted in minting order with one TTL, so the
     * oldest expire first: stopping at the first live one keeps minting O(1) amortised instead of a scan of every
     * token minted in the last minute per request. (If the clock was set back, a later token can sit behind an
     * earlier one and is swept a little later; consume() checks expiry anyway.)
     */
    sweep() {
        const now = this.deps.clock.now();
        for (const [token, record] of this.tokens) {
            if (record.expiresAt > now)
                break;
            this.tokens.delete(token);
        }
    }
}
