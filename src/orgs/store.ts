import { hash, timingSafeEqual } from 'node:crypto';
import { displayKey, generateApiKey, parseApiKey, type Environment } from '../core/api-keys.js';
import type { Clock } from '../core/clock.js';
import type { IdFactory, Random } from '../core/random.js';

export const ALL_SCOPES = ['tts:speak', 'stt:transcribe', 'rag:query'] as const;
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

export type KeyLookup =
  | { ok: true; key: ApiKeyRecord; org: Organization }
  | { ok: false; reason: 'unknown' | 'revoked'; key?: ApiKeyRecord };

/**
 * Where changes go when organizations are shared between instances (src/orgs/redis-orgs.ts); null with
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

export type OrgEvent =
  | { type: 'org.created'; org: Organization }
  | { type: 'org.updated'; org: Organization; previous: Organization }
  | { type: 'key.revoked'; key: ApiKeyRecord };

/** Organizations and their API keys. Keys are looked up by hash and compared in constant time. */
export class OrgStore {
  private orgs = new Map<string, Organization>();
  private keys = new Map<string, ApiKeyRecord>();
  private keysByHash = new Map<string, ApiKeyRecord>();
  private listeners: ((event: OrgEvent) => void)[] = [];
  replica: OrgReplica | null = null;

  constructor(
    private readonly deps: { clock: Clock; ids: IdFactory; random: Random },
  ) {}

  onEvent(listener: (event: OrgEvent) => void): void {
    this.listeners.push(listener);
  }

  createOrg(input: { name?: string; ragEntitled?: boolean; id?: string }): Organization {
    this.replica?.assertWritable();
    const org: Organization = {
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

  getOrg(id: string): Organization | undefined {
    return this.orgs.get(id);
  }

  listOrgs(): Organization[] {
    return [...this.orgs.values()];
  }

  updateOrg(id: string, patch: { name?: string; ragEntitled?: boolean }): Organization | undefined {
    const org = this.orgs.get(id);
    if (!org) return undefined;
    this.replica?.assertWritable();
    const previous = { ...org };
    if (patch.name !== undefined) org.name = patch.name;
    if (patch.ragEntitled !== undefined) org.ragEntitled = patch.ragEntitled;
    this.replica?.orgUpdated(org);
    this.emit({ type: 'org.updated', org, previous });
    return org;
  }

  /** Creates a key and returns the full secret, which is not kept. */
  createKey(
    orgId: string,
    input: { environment: Environment; scopes: readonly Scope[]; name?: string; id?: string; random?: Random },
  ): { record: ApiKeyRecord; secret: string } {
    if (!this.orgs.has(orgId)) throw new Error(`unknown organization ${orgId}`);
    const secret = generateApiKey(input.environment, input.random ?? this.deps.random);
    // A boot key already known (another instance of a shared store created it): the same key, as it stands.
    const known = input.id === undefined ? undefined : this.keys.get(input.id);
    if (known && known.hash.equals(hashKey(secret))) return { record: known, secret };
    this.replica?.assertWritable();
    const record: ApiKeyRecord = {
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

  listKeys(orgId: string): ApiKeyRecord[] {
    return [...this.keys.values()].filter((k) => k.orgId === orgId);
  }

  getKey(keyId: string): ApiKeyRecord | undefined {
    return this.keys.get(keyId);
  }

  revokeKey(keyId: string, reason = 'revoked'): ApiKeyRecord | undefined {
    const key = this.keys.get(keyId);
    if (!key) return undefined;
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
  lookup(secret: string): KeyLookup {
    const hash = hashKey(secret);
    const candidate = this.keysByHash.get(hash.toString('hex'));
    if (!candidate || !timingSafeEqual(candidate.hash, hash)) return { ok: false, reason: 'unknown' };
    if (candidate.revokedAt) return { ok: false, reason: 'revoked', key: candidate };
    const org = this.orgs.get(candidate.orgId);
    if (!org) return { ok: false, reason: 'unknown' };
    return { ok: true, key: candidate, org };
  }

  isActive(keyId: string): boolean {
    const key = this.keys.get(keyId);
    return !!key && !key.revokedAt;
  }

  /** A change made by another instance: applied here and told to this instance's listeners, not shared again. */
  applyRemote(change: { org: Organization } | { key: ApiKeyRecord } | { revoked: { keyId: string; at: string; reason: string } }): void {
    if ('org' in change) {
      const existing = this.orgs.get(change.org.id);
      if (!existing) {
        this.orgs.set(change.org.id, change.org);
        this.emit({ type: 'org.created', org: change.org });
      } else if (existing.name !== change.org.name || existing.ragEntitled !== change.org.ragEntitled) {
        const previous = { ...existing };
        existing.name = change.org.name;
        existing.ragEntitled = change.org.ragEntitled;
        this.emit({ type: 'org.updated', org: existing, previous });
      }
    } else if ('key' in change) {
      if (this.keys.has(change.key.id)) return;
      this.keys.set(change.key.id, change.key);
      this.keysByHash.set(change.key.hash.toString('hex'), change.key);
    } else {
      const key = this.keys.get(change.revoked.keyId);
      if (!key || key.revokedAt) return;
      key.revokedAt = change.revoked.at;
      key.revokedReason = change.revoked.reason;
      this.emit({ type: 'key.revoked', key });
    }
  }

  clear(): void {
    this.orgs.clear();
    this.keys.clear();
    this.keysByHash.clear();
  }

  private emit(event: OrgEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

export function hashKey(secret: string): Buffer {
  // One-shot: a third of createHash's cost, on every authenticated request.
  return hash('sha256', secret, 'buffer');
}

export function publicKeyView(key: ApiKeyRecord) {
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
