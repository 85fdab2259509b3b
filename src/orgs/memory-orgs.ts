/**
 * Organizations and keys in this process (the memory store), each key under its organization. The Redis
 * implementation keeps one of these as its local copy, and applies other instances' changes to it.
 */
import { checkOrgSection, importedKeys } from './org-import.js';
import type { ApiKeyRecord, ExportedKey, OrgEvent, OrgExport, OrgState, Organization } from './org-state.js';

interface OrgEntry {
  org: Organization;
  keys: Map<string, ApiKeyRecord>;
}

export class MemoryOrgState implements OrgState {
  readonly name = 'orgs';
  private readonly orgs = new Map<string, OrgEntry>();
  /** Indexes over every organization's keys: by id (admin calls, ws-tokens) and by hash (every request). */
  private readonly keysById = new Map<string, ApiKeyRecord>();
  private readonly keysByHash = new Map<string, ApiKeyRecord>();
  private readonly listeners: ((event: OrgEvent) => void)[] = [];

  readonly perOrg = {
    ids: (): string[] => [...this.orgs.keys()],
    reset: (orgId: string): void => this.removeOrg(orgId),
    export: (orgId: string): OrgExport | undefined => {
      const entry = this.orgs.get(orgId);
      if (!entry) return undefined;
      return { org: { ...entry.org }, keys: [...entry.keys.values()].map(exportedKey) };
    },
    import: (orgId: string, data: unknown): void => this.putExport(data as OrgExport),
    check: checkOrgSection,
  };

  assertWritable(): void {}

  onEvent(listener: (event: OrgEvent) => void): void {
    this.listeners.push(listener);
  }

  getOrg(orgId: string): Organization | undefined {
    return this.orgs.get(orgId)?.org;
  }

  /**
   * Oldest first (by `createdAt`, then id): the same order on every instance (a Redis instance's copy fills in
   * whatever order Redis answers) and after a load (which adds organizations in id order), even for ones
   * created at the same instant of a frozen clock.
   */
  listOrgs(): Organization[] {
    const orgs = [...this.orgs.values()].map((entry) => entry.org);
    return orgs.sort((a, b) =>
      a.createdAt !== b.createdAt
        ? a.createdAt < b.createdAt
          ? -1
          : 1
        : a.id < b.id
          ? -1
          : a.id > b.id
            ? 1
            : 0,
    );
  }

  addOrg(org: Organization): Organization {
    const known = this.getOrg(org.id);
    if (known) return known;
    this.orgs.set(org.id, { org, keys: new Map() });
    this.emit({ type: 'org.created', org });
    return org;
  }

  updateOrg(orgId: string, patch: { name?: string; ragEntitled?: boolean }): Organization | undefined {
    const org = this.getOrg(orgId);
    if (!org) return undefined;
    const previous = { ...org };
    if (patch.name !== undefined) org.name = patch.name;
    if (patch.ragEntitled !== undefined) org.ragEntitled = patch.ragEntitled;
    this.emit({ type: 'org.updated', org, previous });
    return org;
  }

  /** An organization as another instance has it: added, or its changes applied (its listeners told either way). */
  applyOrg(org: Organization): void {
    const known = this.getOrg(org.id);
    if (!known) {
      this.addOrg(org);
      return;
    }
    // Two instances booting at once both make the demo organization: the one in the store wins.
    known.createdAt = org.createdAt;
    if (known.name !== org.name || known.ragEntitled !== org.ragEntitled) {
      this.updateOrg(org.id, { name: org.name, ragEntitled: org.ragEntitled });
    }
  }

  getKey(keyId: string): ApiKeyRecord | undefined {
    return this.keysById.get(keyId);
  }

  listKeys(orgId: string): ApiKeyRecord[] {
    return [...(this.orgs.get(orgId)?.keys.values() ?? [])];
  }

  addKey(key: ApiKeyRecord): ApiKeyRecord {
    const entry = this.orgs.get(key.orgId);
    if (!entry) throw new Error(`unknown organization ${key.orgId}`);
    const known = entry.keys.get(key.id);
    if (known) return known;
    entry.keys.set(key.id, key);
    this.keysById.set(key.id, key);
    this.keysByHash.set(key.hash.toString('hex'), key);
    return key;
  }

  /** A key as another instance has it (without its revocation, applied with revokeKey): added, or the stored one adopted. */
  applyKey(key: ApiKeyRecord): ApiKeyRecord | undefined {
    if (!this.orgs.has(key.orgId)) return undefined;
    const known = this.keysById.get(key.id);
    if (!known) return this.addKey(key);
    // Two instances booting at once both make the demo keys: the one in the store wins.
    known.createdAt = key.createdAt;
    return known;
  }

  revokeKey(keyId: string, at: string, reason: string): ApiKeyRecord | undefined {
    const key = this.keysById.get(keyId);
    if (!key || key.revokedAt) return key;
    key.revokedAt = at;
    key.revokedReason = reason;
    this.emit({ type: 'key.revoked', key });
    return key;
  }

  findKeyByHash(hashHex: string): ApiKeyRecord | undefined {
    return this.keysByHash.get(hashHex);
  }

  findKey(keyId: string): ApiKeyRecord | undefined {
    return this.keysById.get(keyId);
  }

  /**
   * An organization with its keys as an export holds them (a load; with Redis, another instance's), replacing
   * what is here for it. No listener is told: nothing was created or revoked, and the other areas load their
   * own sections (a RAG tenant is not provisioned again).
   */
  putExport(section: OrgExport): void {
    this.drop(section.org.id);
    const keys = new Map<string, ApiKeyRecord>();
    this.orgs.set(section.org.id, { org: { ...section.org }, keys });
    for (const key of importedKeys(section)) {
      keys.set(key.id, key);
      this.keysById.set(key.id, key);
      this.keysByHash.set(key.hash.toString('hex'), key);
    }
  }

  /** Removes an organization and its keys from the indexes, telling listeners (`org.removed`) if it was there. */
  private removeOrg(orgId: string): void {
    const entry = this.drop(orgId);
    if (entry) this.emit({ type: 'org.removed', orgId, keyIds: [...entry.keys.keys()] });
  }

  private drop(orgId: string): OrgEntry | undefined {
    const entry = this.orgs.get(orgId);
    if (!entry) return undefined;
    this.orgs.delete(orgId);
    for (const key of entry.keys.values()) {
      this.keysById.delete(key.id);
      this.keysByHash.delete(key.hash.toString('hex'));
    }
    return entry;
  }

  reset(): void {
    this.orgs.clear();
    this.keysById.clear();
    this.keysByHash.clear();
  }

  private emit(event: OrgEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** A key as an export holds it (a copy: the record stays this state's). */
export function exportedKey(key: ApiKeyRecord): ExportedKey {
  return { ...key, scopes: [...key.scopes], hash: key.hash.toString('hex') };
}
