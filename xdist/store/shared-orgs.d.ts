/**
 * Organizations, API keys (hashed) and revocations in Redis. Each instance keeps its OrgStore as a local
 * cache, so authentication stays a synchronous map lookup; the cache is kept coherent by the events channel
 * (every change is written and published in one Lua script). A key this instance has not heard of yet is
 * looked up in Redis before it is refused, so a key created on one instance works on every other at once.
 * A revocation reaches the other instances with the event (sub-millisecond on one host): docs/scaling.md.
 */
import type { ApiKeyRecord, OrgReplica, OrgStore, Organization } from '../orgs/store.js';
import type { RedisStore } from './redis-store.js';
export declare class SharedOrgs implements OrgReplica {
    private readonly store;
    private readonly orgs;
    constructor(store: RedisStore, orgs: OrgStore);
    private get k();
    assertWritable(): void;
    orgCreated(org: Organization): void;
    orgUpdated(org: Organization): void;
    keyCreated(key: ApiKeyRecord): void;
    keyRevoked(key: ApiKeyRecord): void;
    fetchByHash(hashHex: string): Promise<void>;
    fetchKey(keyId: string): Promise<void>;
    /** Everything in Redis into the local cache: at start, and after the subscriber reconnects. */
    load(): Promise<void>;
    /** The Redis keys of organizations and keys, for a reset. */
    keyNames(): string[];
    private applyKey;
    private receive;
}
