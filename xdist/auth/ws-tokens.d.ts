/**
 * WebSocket tokens (spec, Authentication 8): single use, 60 seconds of clock time, bound to
 * (organization, key, scopes), passed as a `Sec-WebSocket-Protocol` value.
 */
import type { Clock } from '../core/clock.js';
import type { Random } from '../core/random.js';
import type { OrgStore, Scope } from '../orgs/store.js';
import { type Principal } from './principal.js';
export declare const WS_TOKEN_TTL_SECONDS = 60;
export declare const WS_TOKEN_PREFIX = "wst_";
export interface TokenRecord {
    orgId: string;
    keyId: string;
    scopes: Scope[];
    expiresAt: number;
}
/** Tokens kept where every instance can consume them (src/store/shared-state.ts); null with the memory store. */
export interface TokenBackend {
    putToken(token: string, record: TokenRecord): void;
    /** Removes and returns the token atomically: of two instances racing, one gets it. */
    takeToken(token: string): Promise<TokenRecord | undefined>;
    /** Loads a key (and its organization) this instance has not seen yet. */
    ensureKey(keyId: string): Promise<void>;
}
export declare class WsTokenStore {
    private readonly deps;
    private tokens;
    shared: TokenBackend | null;
    constructor(deps: {
        clock: Clock;
        random: Random;
        orgs: OrgStore;
    });
    mint(principal: Principal, scopes: Scope[]): {
        token: string;
        expiresAt: number;
    };
    /** Consumes a token: it can be used once, before it expires, while its key is still active. */
    consume(token: string): Principal | Promise<Principal>;
    private principalOf;
    static looksLikeToken(value: string): boolean;
    clear(): void;
    /**
     * Drops expired tokens from the front of the map. Tokens are inserted in minting order with one TTL, so the
     * oldest expire first: stopping at the first live one keeps minting O(1) amortised instead of a scan of every
     * token minted in the last minute per request. (If the clock was set back, a later token can sit behind an
     * earlier one and is swept a little later; consume() checks expiry anyway.)
     */
    private sweep;
}
