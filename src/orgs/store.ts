import { createHash, timingSafeEqual } from 'node:crypto';
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

  constructor(
    private readonly deps: { clock: Clock; ids: IdFactory; random: Random },
  ) {}

  onEvent(listener: (event: OrgEvent) => void): void {
    this.listeners.push(listener);
  }

  createOrg(input: { name?: string; ragEntitled?: boolean; id?: string }): Organization {
    const org: Organization = {
      id: input.id ?? this.deps.ids.next('org', 16),
      name: input.name ?? 'Organization',
      ragEntitled: input.ragEntitled ?? false,
      createdAt: this.deps.clock.isoNow(),
    };
    this.orgs.set(org.id, org);
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
    const previous = { ...org };
    if (patch.name !== undefined) org.name = patch.name;
    if (patch.ragEntitled !== undefined) org.ragEntitled = patch.ragEntitled;
    this.emit({ type: 'org.updated', org, previous });
    return org;
  }

  /** Creates a key and returns the full secret, which is not kept. */
  createKey(
    orgId: string,
    input: { environment: Environment; scopes: readonly Scope[]; name?: string; id?: string },
  ): { record: ApiKeyRecord; secret: string } {
    if (!this.orgs.has(orgId)) throw new Error(`unknown organization ${orgId}`);
    const secret = generateApiKey(input.environment, this.deps.random);
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
      key.revokedAt = this.deps.clock.isoNow();
      key.revokedReason = reason;
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
  return createHash('sha256').update(secret).digest();
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
