import { hash, timingSafeEqual } from 'node:crypto';
import { displayKey, generateApiKey, parseApiKey, type Environment } from '../core/api-keys.js';
import type { Clock } from '../core/clock.js';
import { andThen, type MaybePromise } from '../core/maybe.js';
import type { IdFactory, Random } from '../core/random.js';
import type { ApiKeyRecord, OrgEvent, OrgState, Organization, Scope } from './org-state.js';

export { ALL_SCOPES, type ApiKeyRecord, type OrgEvent, type Organization, type Scope } from './org-state.js';

export type KeyLookup =
  | { ok: true; key: ApiKeyRecord; org: Organization }
  | { ok: false; reason: 'unknown' | 'revoked'; key?: ApiKeyRecord };

/**
 * Organizations and their API keys: the rules (ids, generated secrets, a revocation once) over the area's
 * state (org-state.ts), in this process or shared through Redis. Keys are looked up by hash and compared in
 * constant time.
 */
export class OrgStore {
  constructor(
    private readonly state: OrgState,
    private readonly deps: { clock: Clock; ids: IdFactory; random: Random },
  ) {}

  /** Every change, made through this instance or (with a shared store) another one. */
  onEvent(listener: (event: OrgEvent) => void): void {
    this.state.onEvent(listener);
  }

  /** Throws (502 `upstream_error`) while a shared store is unreachable, before anything changes. */
  assertWritable(): void {
    this.state.assertWritable();
  }

  createOrg(input: { name?: string; ragEntitled?: boolean; id?: string }): Organization {
    this.state.assertWritable();
    return this.state.addOrg({
      id: input.id ?? this.deps.ids.next('org', 16),
      name: input.name ?? 'Organization',
      ragEntitled: input.ragEntitled ?? false,
      createdAt: this.deps.clock.isoNow(),
    });
  }

  getOrg(id: string): Organization | undefined {
    return this.state.getOrg(id);
  }

  listOrgs(): Organization[] {
    return this.state.listOrgs();
  }

  updateOrg(id: string, patch: { name?: string; ragEntitled?: boolean }): Organization | undefined {
    if (!this.state.getOrg(id)) return undefined;
    this.state.assertWritable();
    return this.state.updateOrg(id, patch);
  }

  /** Creates a key and returns the full secret, which is not kept. */
  createKey(
    orgId: string,
    input: {
      environment: Environment;
      scopes: readonly Scope[];
      name?: string;
      id?: string;
      random?: Random;
    },
  ): { record: ApiKeyRecord; secret: string } {
    if (!this.state.getOrg(orgId)) throw new Error(`unknown organization ${orgId}`);
    const secret = generateApiKey(input.environment, input.random ?? this.deps.random);
    // A boot key already known (another instance of a shared store created it): the same key, as it stands.
    const known = input.id === undefined ? undefined : this.state.getKey(input.id);
    if (known && known.hash.equals(hashKey(secret))) return { record: known, secret };
    this.state.assertWritable();
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
    return { record: this.state.addKey(record), secret };
  }

  listKeys(orgId: string): ApiKeyRecord[] {
    return this.state.listKeys(orgId);
  }

  getKey(keyId: string): ApiKeyRecord | undefined {
    return this.state.getKey(keyId);
  }

  /** A key by id, looked up in a shared store when this instance has not heard of it yet (a ws-token's key). */
  findKey(keyId: string): MaybePromise<ApiKeyRecord | undefined> {
    return this.state.findKey(keyId);
  }

  revokeKey(keyId: string, reason = 'revoked'): ApiKeyRecord | undefined {
    const key = this.state.getKey(keyId);
    if (!key) return undefined;
    if (!key.revokedAt) {
      this.state.assertWritable();
      this.state.revokeKey(keyId, this.deps.clock.isoNow(), reason);
    }
    return key;
  }

  /**
   * Looks a well-formed key up. Call parseApiKey first: the checksum is checked before any lookup. At once
   * from what this instance knows; a promise only for a key it has not heard of, asked of a shared store.
   */
  lookup(secret: string): MaybePromise<KeyLookup> {
    const hash = hashKey(secret);
    return andThen(this.state.findKeyByHash(hash.toString('hex')), (candidate): KeyLookup => {
      if (!candidate || !timingSafeEqual(candidate.hash, hash)) return { ok: false, reason: 'unknown' };
      if (candidate.revokedAt) return { ok: false, reason: 'revoked', key: candidate };
      const org = this.state.getOrg(candidate.orgId);
      if (!org) return { ok: false, reason: 'unknown' };
      return { ok: true, key: candidate, org };
    });
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
