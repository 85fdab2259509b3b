export class SharedOrgs {
    store;
    orgs;
    constructor(store, orgs) {
        this.store = store;
        this.orgs = orgs;
        store.onMessage((m) => this.receive(m));
        store.onResync(() => this.load());
    }
    get k() {
        const key = (name) => this.store.key(name);
        return { orgs: key('orgs'), keys: key('keys'), keyhash: key('keyhash'), revoked: key('revoked') };
    }
    assertWritable() {
        this.store.assertAvailable();
    }
    orgCreated(org) {
        const json = JSON.stringify(org);
        this.store.track(this.store.redis.svcPutNew(this.k.orgs, this.k.orgs, org.id, json, '', this.store.channel, this.store.message('org', org)));
    }
    orgUpdated(org) {
        const json = JSON.stringify(org);
        this.store.track(this.store.redis
            .multi()
            .hset(this.k.orgs, org.id, json)
            .publish(this.store.channel, this.store.message('org', org))
            .exec());
    }
    keyCreated(key) {
        const stored = { ...withoutRevocation(key), hash: key.hash.toString('hex') };
        const json = JSON.stringify(stored);
        this.store.track(this.store.redis.svcPutNew(this.k.keys, this.k.keyhash, key.id, json, stored.hash, this.store.channel, this.store.message('key', stored)));
    }
    keyRevoked(key) {
        const revocation = { at: key.revokedAt, reason: key.revokedReason ?? 'revoked' };
        const json = JSON.stringify(revocation);
        this.store.track(this.store.redis.svcRevoke(this.k.revoked, key.id, json, this.store.channel, this.store.message('revoked', { keyId: key.id, ...revocation })));
    }
    async fetchByHash(hashHex) {
        const k = this.k;
        const found = await this.store.run(() => this.store.redis.svcLookupByHash(k.keyhash, k.keys, k.revoked, k.orgs, hashHex));
        if (!found)
            return;
        const [key, revoked, org] = found;
        if (org)
            this.orgs.applyRemote({ org: JSON.parse(org) });
        this.applyKey(key, revoked);
    }
    async fetchKey(keyId) {
        const [key, revoked] = await this.store.run(() => Promise.all([this.store.redis.hget(this.k.keys, keyId), this.store.redis.hget(this.k.revoked, keyId)]));
        if (!key)
            return;
        const orgId = JSON.parse(key).orgId;
        const org = await this.store.run(() => this.store.redis.hget(this.k.orgs, orgId));
        if (org)
            this.orgs.applyRemote({ org: JSON.parse(org) });
        this.applyKey(key, revoked ?? '');
    }
    /** Everything in Redis into the local cache: at start, and after the subscriber reconnects. */
    async load() {
        const k = this.k;
        const [orgs, keys, revoked] = await Promise.all([
            this.store.redis.hgetall(k.orgs),
            this.store.redis.hgetall(k.keys),
            this.store.redis.hgetall(k.revoked),
        ]);
        for (const json of Object.values(orgs))
            this.orgs.applyRemote({ org: JSON.parse(json) });
        for (const [id, json] of Object.entries(keys))
            this.applyKey(json, revoked[id] ?? '');
    }
    /** The Redis keys of organizations and keys, for a reset. */
    keyNames() {
        const k = this.k;
        return [k.orgs, k.keys, k.keyhash, k.revoked];
    }
    applyKey(json, revokedJson) {
        const stored = JSON.parse(json);
        const record = {
            ...stored,
            hash: Buffer.from(stored.hash, 'hex'),
            revokedAt: null,
            revokedReason: null,
        };
        this.orgs.applyRemote({ key: record });
        if (revokedJson) {
            const r = JSON.parse(revokedJson);
            this.orgs.applyRemote({ revoked: { keyId: record.id, at: r.at, reason: r.reason } });
        }
    }
    receive(m) {
        if (m.type === 'org')
            this.orgs.applyRemote({ org: m.data });
        else if (m.type === 'key')
            this.applyKey(JSON.stringify(m.data), '');
        else if (m.type === 'revoked') {
            const d = m.data;
            this.orgs.applyRemote({ revoked: { keyId: d.keyId, at: d.at, reason: d.reason } });
        }
    }
}
function withoutRevocation(key) {
    const { hash: _hash, revokedAt: _at, revokedReason: _reason, ...rest } = key;
    return rest;
}
