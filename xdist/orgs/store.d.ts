import { parseApiKey, type Environment } from '../core/api-keys.js';
import type { Clock } from '../core/clock.js';
import type { IdFactory, Random } from '../core/random.js';
export declare const ALL_SCOPES: readonly ["tts:speak", "stt:transcribe", "rag:query"];
export type Scope = (typeof ALL_SCOPES)[number];
export interface Organization {
    id: string;
    name: string;
    ragEntitled: boolean;
    createdAt: string;
}
export interface ApiKeyRecord {
    id: string;
    orgId: string;
    environment: Environment;
    scopes: Scope[];
    display: string;
    /** SHA-256 of the full key; the key itself is never stored. */
    hash: Buffer;
    name: string | null;
    createdAt: string;
    revokedAt: string | null;
    revokedReason: string | null;
}
export type KeyLookup = {
    ok: true;
    key: ApiKeyRecord;
    org: Organization;
} | {
    ok: false;
    reason: 'unknown' | 'revoked';
    key?: ApiKeyRecord;
};
/**
 * Where changes go when organizations are shared between instances (src/store/shared-orgs.ts); null with
 * the memory store, so the local structures below are the whole story and nothing is added per request.
 */
export interface OrgReplica {
    /** Throws (502 `upstream_error`) while the shared store is unreachable, before anything changes here. */
    assertWritable(): void;
    orgCreated(org: Organization): void;
    orgUpdated(org: Organization): void;
    keyCreated(key: ApiKeyRecord): void;
    keyRevoked(key: ApiKeyRecord): void;
    /** A key this instance has not seen yet (created on another instance a moment ago): loads it if it exists. */
    fetchByHash(hashHex: string): Promise<void>;
    fetchKey(keyId: string): Promise<void>;
}
export type OrgEvent = {
    type: 'org.created';
    org: Organization;
} | {
    type: 'org.updated';
    org: Organization;
    previous: Organization;
} | {
    type: 'key.revoked';
    key: ApiKeyRecord;
};
/** Organizations and their API keys. Keys are looked up by hash and compared in constant time. */
export declare class OrgStore {
    private readonly deps;
    private orgs;
    private keys;
    private keysByHash;
    private listeners;
    replica: OrgReplica | null;
    constructor(deps: {
        clock: Clock;
        ids: IdFactory;
        random: Random;
    });
    onEvent(listener: (event: OrgEvent) => void): void;
    createOrg(input: {
        name?: string;
        ragEntitled?: boolean;
        id?: string;
    }): Organization;
    getOrg(id: string): Organization | undefined;
    listOrgs(): Organization[];
    updateOrg(id: string, patch: {
        name?: string;
        ragEntitled?: boolean;
    }): Organization | undefined;
    /** Creates a key and returns the full secret, which is not kept. */
    createKey(orgId: string, input: {
        environment: Environment;
        scopes: readonly Scope[];
        name?: string;
        id?: string;
        random?: Random;
    }): {
        record: ApiKeyRecord;
        secret: string;
    };
    listKeys(orgId: string): ApiKeyRecord[];
    getKey(keyId: string): ApiKeyRecord | undefined;
    revokeKey(keyId: string, reason?: string): ApiKeyRecord | undefined;
    /** Looks a well-formed key up. Call parseApiKey first: the checksum is checked before any lookup. */
    lookup(secret: string): KeyLookup;
    isActive(keyId: string): boolean;
    /** A change made by another instance: applied here and told to this instance's listeners, not shared again. */
    applyRemote(change: {
        org: Organization;
    } | {
        key: ApiKeyRecord;
    } | {
        revoked: {
            keyId: string;
            at: string;
            reason: string;
        };
    }): void;
    clear(): void;
    private emit;
}
export declare function hashKey(secret: string): Buffer;
export declare function publicKeyView(key: ApiKeyRecord): {
    id: string;
    org_id: string;
    environment: Environment;
    scopes: ("tts:speak" | "stt:transcribe" | "rag:query")[];
    display: string;
    name: string | null;
    created_at: string;
    revoked_at: string | null;
    revoked_reason: string | null;
};
export { parseApiKey };
