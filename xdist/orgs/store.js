import { createHash, timingSafeEqual } from 'node:crypto';
import { displayKey, generateApiKey, parseApiKey } from '../core/api-keys.js';
export const ALL_SCOPES = ['tts:speak', 'stt:transcribe', 'rag:query'];
/** Organizations and their API keys. Keys are looked up by hash and compared in constant time. */
export class OrgStore {
    deps;
    orgs = new Map();
    keys = new Map();
    keysByHash = new Map();
    listeners = [];
    replica = null;
    constructor(deps) {
        this.deps = deps;
    }
    onEvent(listener) {
        this.listeners.push(listener);
    }
    createOrg(input) {
        this.replica?.assertWritable();
        const org = {
            id: input.id ?? this.deps.ids.next('org', 16),
            name: input.name ?? 'Organization',
            ragEntitled: input.ragEntitled ?? false,
            createdAt: this.deps.clock.isoNow(),
        };
        this.orgs.set(org.id, org);
        this.replica?.orgCreated(org);
        this.emit({ type: 'org.created', org });
        return org;
    }
    getOrg(id) {
        return this.orgs.get(id);
    }
    listOrgs() {
        return [...this.orgs.values()];
    }
    updateOrg(id, patch) {
        const org = this.orgs.get(id);
        if (!org)
            return undefined;
        this.replica?.assertWritable();
        const previous = { ...org };
        if (patch.name !== undefined)
            org.name = patch.name;
        if (patch.ragEntitled !== undefined)
            org.ragEntitled = patch.ragEntitled;
        this.replica?.orgUpdated(org);
        this.emit({ type: 'org.updated', org, previous });
        return org;
    }
    /** Creates a key and returns the full secret, which is not kept. */
    createKey(orgId, input) {
        if (!this.orgs.has(orgId))
            throw new Error(`unknown organization ${orgId}`);
        const secret = generateApiKey(input.environment, input.random ?? this.deps.random);
        // A boot key already known (another instance of a shared store created it): the same key, as it stands.
        const known = input.id === undefined ? undefined : this.keys.get(input.id);
        if (known && known.hash.equals(hashKey(secret)))
            return { record: known, secret };
        this.replica?.assertWritable();
        const record = {
            id: input.id ?? this.deps.ids.next('key', 16),
            orgId,
            environment: input.environment,
            scopes: [...new Set(input.scopes)],
            display: displayKey(secret),
            hash: hashKey(secret),
            name: input.name ?? null,
            createdAt: this.deps.clock.isoNow(),
            revokedAt: null,
            revokedReason: null,
        };
        this.keys.set(record.id, record);
        this.keysByHash.set(record.hash.toString('hex'), record);
        this.replica?.keyCreated(record);
        return { record, secret };
    }
    listKeys(orgId) {
        return [...this.keys.values()].filter((k) => k.orgId === orgId);
    }
    getKey(keyId) {
        return this.keys.get(keyId);
    }
    revokeKey(keyId, reason = 'revoked') {
        const key = this.keys.get(keyId);
        if (!key)
            return undefined;
        if (!key.revokedAt) {
            this.replica?.assertWritable();
            key.revokedAt = this.deps.clock.isoNow();
            key.revokedReason = reason;
            this.replica?.keyRevoked(key);
            this.emit({ type: 'key.revoked', key });
        }
        return key;
    }
    /** Looks a well-formed key up. Call parseApiKey first: the checksum is checked before any lookup. */
    lookup(secret) {
        const hash = hashKey(secret);
        const candidate = this.keysByHash.get(hash.toString('hex'));
        if (!candidate || !timingSafeEqual(candidate.hash, hash))
            return { ok: false, reason: 'unknown' };
        if (candidate.revokedAt)
            return { ok: false, reason: 'revoked', key: candidate };
        const org = this.orgs.get(candidate.orgId);
        if (!org)
            return { ok: false, reason: 'unknown' };
        return { ok: true, key: candidate, org };
    }
    isActive(keyId) {
        const key = this.keys.get(keyId);
        return !!key && !key.revokedAt;
    }
    /** A change made by another instance: applied here and told to this instance's listeners, not shared again. */
    applyRemote(change) {
        if ('org' in change) {
            const existing = this.orgs.get(change.org.id);
            if (!existing) {
                this.orgs.set(change.org.id, change.org);
                this.emit({ type: 'org.created', org: change.org });
            }
            else if (existing.name !== change.org.name || existing.ragEntitled !== change.org.ragEntitled) {
                const previous = { ...existing };
                existing.name = change.org.name;
                existing.ragEntitled = change.org.ragEntitled;
                this.emit({ type: 'org.updated', org: existing, previous });
            }
        }
        else if ('key' in change) {
            if (this.keys.has(change.key.id))
                return;
            this.keys.set(change.key.id, change.key);
            this.keysByHash.set(change.key.hash.toString('hex'), change.key);
        }
        else {
            const key = this.keys.get(change.revoked.keyId);
            if (!key || key.revokedAt)
                return;
            key.revokedAt = change.revoked.at;
            key.revokedReason = change.revoked.reason;
            this.emit({ type: 'key.revoked', key });
        }
    }
    clear() {
        this.orgs.clear();
        this.keys.clear();
        this.keysByHash.clear();
    }
    emit(event) {
        for (const listener of this.listeners)
            listener(event);
    }
}
export function hashKey(secret) {
    return createHash('sha256').update(secret).digest();
}
export function publicKeyView(key) {
    return {
        id: key.id,
        org_id: key.orgId,
        environment: key.environment,
        scopes: key.scopes,
        display: key.display,
        name: key.name,
        created_at: key.createdAt,
        revoked_at: key.revokedAt,
        revoked_reason: key.revokedReason,
    };
}
export { parseApiKey };
