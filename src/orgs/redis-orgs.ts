/**
 * Organizations, API keys (hashed) and revocations in Redis. Each instance keeps its OrgStore as a local
 * cache, so authentication stays a synchronous map lookup; the cache is kept coherent by the events channel
 * (every change is written and published in one Lua script). A key this instance has not heard of yet is
 * looked up in Redis before it is refused, so a key created on one instance works on every other at once.
 * A revocation reaches the other instances with the event (sub-millisecond on one host): docs/scaling.md.
 */
import type { ApiKeyRecord, OrgReplica, OrgStore, Organization } from './store.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import { LOOKUP_BY_HASH, REVOKE } from './redis-org-scripts.js';

interface OrgScripts {
  svcRevoke(k1: string, id: string, json: string, channel: string, message: string): Promise<string>;
  svcLookupByHash(k1: string, k2: string, k3: string, k4: string, hex: string): Promise<[string, string, string] | null>;
}

interface StoredKey extends Omit<ApiKeyRecord, 'hash' | 'revokedAt' | 'revokedReason'> {
  hash: string;
}
interface Revocation {
  at: string;
  reason: string;
}

export class SharedOrgs implements OrgReplica {
  constructor(
    private readonly store: RedisStore,
    private readonly orgs: OrgStore,
  ) {
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  /** The connection, with this part's scripts defined on it. */
  private get redis(): RedisStore['redis'] & OrgScripts {
    const redis = this.store.redis;
    defineOnce(redis, 'svcRevoke', 1, REVOKE);
    defineOnce(redis, 'svcLookupByHash', 4, LOOKUP_BY_HASH);
    return redis as RedisStore['redis'] & OrgScripts;
  }

  private get k() {
    const key = (name: string) => this.store.key(name);
    return { orgs: key('orgs'), keys: key('keys'), keyhash: key('keyhash'), revoked: key('revoked') };
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  orgCreated(org: Organization): void {
    const json = JSON.stringify(org);
    this.store.track(
      this.store.redis.svcPutNew(
        this.k.orgs,
        this.k.orgs,
        org.id,
        json,
        '',
        this.store.channel,
        this.store.message('org', org),
      ),
    );
  }

  orgUpdated(org: Organization): void {
    const json = JSON.stringify(org);
    this.store.track(
      this.store.redis
        .multi()
        .hset(this.k.orgs, org.id, json)
        .publish(this.store.channel, this.store.message('org', org))
        .exec(),
    );
  }

  keyCreated(key: ApiKeyRecord): void {
    const stored: StoredKey = { ...withoutRevocation(key), hash: key.hash.toString('hex') };
    const json = JSON.stringify(stored);
    this.store.track(
      this.store.redis.svcPutNew(
        this.k.keys,
        this.k.keyhash,
        key.id,
        json,
        stored.hash,
        this.store.channel,
        this.store.message('key', stored),
      ),
    );
  }

  keyRevoked(key: ApiKeyRecord): void {
    const revocation: Revocation = { at: key.revokedAt!, reason: key.revokedReason ?? 'revoked' };
    const json = JSON.stringify(revocation);
    this.store.track(
      this.redis.svcRevoke(
        this.k.revoked,
        key.id,
        json,
        this.store.channel,
        this.store.message('revoked', { keyId: key.id, ...revocation }),
      ),
    );
  }

  async fetchByHash(hashHex: string): Promise<void> {
    const k = this.k;
    const found = await this.store.run(() =>
      this.redis.svcLookupByHash(k.keyhash, k.keys, k.revoked, k.orgs, hashHex),
    );
    if (!found) return;
    const [key, revoked, org] = found;
    if (org) this.orgs.applyRemote({ org: JSON.parse(org) as Organization });
    this.applyKey(key, revoked);
  }

  async fetchKey(keyId: string): Promise<void> {
    const [key, revoked] = await this.store.run(() =>
      Promise.all([this.store.redis.hget(this.k.keys, keyId), this.store.redis.hget(this.k.revoked, keyId)]),
    );
    if (!key) return;
    const orgId = (JSON.parse(key) as StoredKey).orgId;
    const org = await this.store.run(() => this.store.redis.hget(this.k.orgs, orgId));
    if (org) this.orgs.applyRemote({ org: JSON.parse(org) as Organization });
    this.applyKey(key, revoked ?? '');
  }

  /** Everything in Redis into the local cache: at start, and after the subscriber reconnects. */
  async load(): Promise<void> {
    const k = this.k;
    const [orgs, keys, revoked] = await Promise.all([
      this.store.redis.hgetall(k.orgs),
      this.store.redis.hgetall(k.keys),
      this.store.redis.hgetall(k.revoked),
    ]);
    for (const json of Object.values(orgs)) this.orgs.applyRemote({ org: JSON.parse(json) as Organization });
    for (const [id, json] of Object.entries(keys)) this.applyKey(json, revoked[id] ?? '');
  }

  /** The Redis keys of organizations and keys, for a reset. */
  keyNames(): string[] {
    const k = this.k;
    return [k.orgs, k.keys, k.keyhash, k.revoked];
  }

  private applyKey(json: string, revokedJson: string): void {
    const stored = JSON.parse(json) as StoredKey;
    const record: ApiKeyRecord = {
      ...stored,
      hash: Buffer.from(stored.hash, 'hex'),
      revokedAt: null,
      revokedReason: null,
    };
    this.orgs.applyRemote({ key: record });
    if (revokedJson) {
      const r = JSON.parse(revokedJson) as Revocation;
      this.orgs.applyRemote({ revoked: { keyId: record.id, at: r.at, reason: r.reason } });
    }
  }

  private receive(m: StoreMessage): void {
    if (m.type === 'org') this.orgs.applyRemote({ org: m.data as Organization });
    else if (m.type === 'key') this.applyKey(JSON.stringify(m.data), '');
    else if (m.type === 'revoked') {
      const d = m.data as { keyId: string } & Revocation;
      this.orgs.applyRemote({ revoked: { keyId: d.keyId, at: d.at, reason: d.reason } });
    }
  }
}

function withoutRevocation(key: ApiKeyRecord): Omit<ApiKeyRecord, 'hash' | 'revokedAt' | 'revokedReason'> {
  const { hash: _hash, revokedAt: _at, revokedReason: _reason, ...rest } = key;
  return rest;
}
