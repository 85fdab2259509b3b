/**
 * Organizations, API keys (hashed) and revocations in Redis, each key under its organization
 * (redis-org-scripts.ts). Each instance keeps a local copy (a MemoryOrgState), so authentication stays a
 * synchronous map lookup; every change is written and published in one script before the admin call that
 * made it answers, and the other instances apply it to their copy when the event arrives. A key this instance
 * has not heard of yet is looked up in Redis before it is refused, so a key created on one instance works on
 * every other at once. A revocation reaches the others with its event (sub-millisecond on one host), which
 * closes the key's sockets there: docs/scaling.md. So does an organization's removal (perOrg.reset), after
 * which its keys are found nowhere. Everything is in the store's generation, which a reset moves, so a reset
 * through any instance retires it for all at once.
 */
import type { MaybePromise } from '../core/maybe.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { MemoryOrgState } from './memory-orgs.js';
import { checkOrgSection } from './org-import.js';
import type { ApiKeyRecord, OrgEvent, OrgExport, OrgState, Organization } from './org-state.js';
import { orgKeys, orgScripts } from './redis-org-keys.js';
import {
  keyOf,
  recordOf,
  revocationFields,
  storedKey,
  storedOrg,
  type OrgScripts,
  type Revocation,
  type StoredKey,
  type StoredOrg,
} from './redis-org-scripts.js';

export class RedisOrgState implements OrgState {
  readonly name = 'orgs';
  /** What this instance keeps at hand: every organization and key of the store, kept coherent by the events. */
  private readonly local = new MemoryOrgState();
  /** The generation the local copy belongs to: a reset through this instance deletes that one's keys. */
  private gen: number;
  /**
   * Resets applied to the local copy, counted, and when each organization was last removed (by that count):
   * an answer read in Redis before a reset that arrives after the reset's event (a reply and an event come on
   * two connections) is not applied, or the copy would hold what Redis no longer has.
   */
  private resets = 0;
  private lastWholeReset = 0;
  private readonly removedAt = new Map<string, number>();
  /**
   * The organizations this instance is removing, until the removal's own event comes back (see removeOrg):
   * an event about one of them arriving before it was published before the removal, and is not applied.
   */
  private readonly removing = new Map<string, number>();

  /** Read in Redis, as stored, so every instance (one started later too) lists and exports the same. */
  readonly perOrg = {
    ids: (): Promise<string[]> => this.store.run(() => this.store.redis.zrange(this.keys().orgs, 0, -1)),
    reset: (orgId: string): Promise<void> => this.removeOrg(orgId),
    export: (orgId: string): Promise<OrgExport | undefined> => this.exportOrg(orgId),
    import: (orgId: string, data: unknown): Promise<void> => this.importOrg(data as OrgExport),
    check: checkOrgSection,
  };

  constructor(private readonly store: RedisStore) {
    this.gen = store.generation;
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  /** The connection, with this part's scripts defined on it. */
  private get redis(): RedisStore['redis'] & OrgScripts {
    return orgScripts(this.store);
  }

  /** The Redis keys of a generation (the current one unless told). */
  private keys(gen = this.store.generation) {
    return orgKeys(this.store, gen);
  }

  async open(): Promise<void> {
    this.gen = this.store.generation;
    await this.load();
  }

  /**
   * Everything in Redis into the local copy: at open, and after the subscriber reconnects (events may have
   * been missed, an organization's removal among them: one removed, and not made again, leaves the copy).
   */
  private async load(): Promise<void> {
    const k = this.keys();
    const [ids, removed] = await Promise.all([
      this.store.redis.zrange(k.orgs, 0, -1),
      this.store.redis.smembers(k.removed),
    ]);
    const tx = this.store.redis.multi();
    for (const id of ids) tx.hgetall(k.org(id));
    const results = (await tx.exec()) ?? [];
    const inStore = new Set(ids);
    // What Redis holds now is the truth, and a removal's own event lost with the subscriber never comes.
    this.removing.clear();
    for (const id of removed) if (!inStore.has(id)) this.dropLocal(id);
    for (const [err, fields] of results) {
      if (err) throw err;
      const stored = storedOrg(fields as Record<string, string>);
      if (stored) this.applyStored(stored);
    }
  }

  /** One organization as stored: the organization, then its keys in the order they were made, then their revocations. */
  private applyStored({ org, keys, revocations }: StoredOrg): void {
    this.local.applyOrg(org);
    for (const key of keys) this.local.applyKey(recordOf(key));
    for (const [keyId, r] of revocations) this.local.revokeKey(keyId, r.at, r.reason);
  }

  private async exportOrg(orgId: string): Promise<OrgExport | undefined> {
    const fields = await this.store.run(() => this.store.redis.hgetall(this.keys().org(orgId)));
    const stored = storedOrg(fields);
    if (!stored) return undefined;
    const revoked = new Map(stored.revocations);
    const keys = stored.keys.map((key) => {
      const r = revoked.get(key.id);
      return { ...key, revokedAt: r?.at ?? null, revokedReason: r?.reason ?? null };
    });
    return { org: stored.org, keys };
  }

  /**
   * One organization as a state document holds it, in one script (ORG_IMPORT), then into this instance's
   * copy; the others put it in theirs when its event (`orgs.imported`) arrives. No listener is told.
   */
  private async importOrg(section: OrgExport): Promise<void> {
    const k = this.keys();
    const { org } = section;
    const args: string[] = [];
    for (const key of section.keys) {
      const { revokedAt, revokedReason, ...stored } = key;
      const revocation =
        revokedAt === null
          ? ''
          : JSON.stringify({ at: revokedAt, reason: revokedReason ?? '' } satisfies Revocation);
      args.push(key.id, JSON.stringify(stored satisfies StoredKey), key.hash, revocation);
    }
    const message = this.store.message('orgs.imported', section);
    await this.store.run(() =>
      this.redis.svcOrgImport(
        k.orgs,
        k.org(org.id),
        k.keyhash,
        k.keyorg,
        org.id,
        JSON.stringify(org),
        this.store.channel,
        message,
        ...args,
      ),
    );
    this.local.putExport(section);
  }

  /** Removes the organization in Redis with its event (ORG_REMOVE), then from this instance's copy. */
  private async removeOrg(orgId: string): Promise<void> {
    const k = this.keys();
    // The event is sent as from a sender of its own, so that this instance hears it too: one channel keeps
    // the order of events, so one about this organization that reaches this instance before it (another
    // instance's new key, say) was published before the removal, and would put the organization back in
    // the copy. Until it arrives, such events are not applied; after it, they are new.
    const message = JSON.stringify({
      from: this.removalSender,
      type: 'orgs.removed',
      data: { orgId },
    } satisfies StoreMessage);
    this.removing.set(orgId, (this.removing.get(orgId) ?? 0) + 1);
    let removed = 0;
    try {
      removed = await this.store.run(() =>
        this.redis.svcOrgRemove(
          k.orgs,
          k.org(orgId),
          k.keyhash,
          k.keyorg,
          k.removed,
          orgId,
          this.store.channel,
          message,
        ),
      );
    } finally {
      if (!removed) this.removalHeard(orgId); // nothing was there: no event comes back
    }
    this.dropLocal(orgId);
  }

  private get removalSender(): string {
    return `${this.store.instanceId}/orgs`;
  }

  private removalHeard(orgId: string): void {
    const pending = (this.removing.get(orgId) ?? 0) - 1;
    if (pending > 0) this.removing.set(orgId, pending);
    else this.removing.delete(orgId);
  }

  /** Drops an organization's part of the local copy (its listeners told), and says it went: see `resets`. */
  private dropLocal(orgId: string): void {
    this.removedAt.set(orgId, ++this.resets);
    this.local.perOrg.reset(orgId);
  }

  async reset(): Promise<void> {
    // The store's reset moved the generation first, so the others already read the new (empty) one; this
    // deletes what the old one held.
    const old = this.keys(this.gen);
    await this.store.run(() =>
      this.redis.svcOrgsDrop(old.orgs, old.keyhash, old.keyorg, old.removed, old.orgPrefix),
    );
    this.resetLocal();
  }

  private removedSince(orgId: string, asked: number): boolean {
    return this.lastWholeReset > asked || (this.removedAt.get(orgId) ?? 0) > asked;
  }

  private resetLocal(): void {
    this.local.reset();
    this.gen = this.store.generation;
    this.lastWholeReset = ++this.resets;
    this.removedAt.clear();
    this.removing.clear();
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  onEvent(listener: (event: OrgEvent) => void): void {
    this.local.onEvent(listener);
  }

  getOrg(orgId: string): Organization | undefined {
    return this.local.getOrg(orgId);
  }

  listOrgs(): Organization[] {
    return this.local.listOrgs();
  }

  addOrg(org: Organization): Organization {
    const known = this.local.getOrg(org.id);
    if (known) return known;
    this.store.assertAvailable();
    this.local.addOrg(org);
    const k = this.keys();
    const json = JSON.stringify(org);
    const message = this.store.message('orgs.org', org);
    const asked = this.resets;
    this.store.track(
      this.redis
        .svcOrgPutNew(k.orgs, k.org(org.id), org.id, json, this.store.channel, message)
        .then((stored) => {
          // Another instance made it first (the demo organization, at boot): theirs is the one.
          if (stored !== json && !this.removedSince(org.id, asked))
            this.local.applyOrg(JSON.parse(stored) as Organization);
        }),
    );
    return org;
  }

  updateOrg(orgId: string, patch: { name?: string; ragEntitled?: boolean }): Organization | undefined {
    if (!this.local.getOrg(orgId)) return undefined;
    this.store.assertAvailable();
    const org = this.local.updateOrg(orgId, patch)!;
    const json = JSON.stringify(org);
    this.store.track(
      this.redis.svcOrgUpdate(
        this.keys().org(orgId),
        json,
        this.store.channel,
        this.store.message('orgs.org', org),
      ),
    );
    return org;
  }

  getKey(keyId: string): ApiKeyRecord | undefined {
    return this.local.getKey(keyId);
  }

  listKeys(orgId: string): ApiKeyRecord[] {
    return this.local.listKeys(orgId);
  }

  addKey(key: ApiKeyRecord): ApiKeyRecord {
    const known = this.local.getKey(key.id);
    if (known) return known;
    this.store.assertAvailable();
    this.local.addKey(key);
    const k = this.keys();
    const stored = storedKey(key);
    const json = JSON.stringify(stored);
    const message = this.store.message('orgs.key', stored);
    const put = this.redis.svcKeyPutNew(
      k.org(key.orgId),
      k.keyhash,
      k.keyorg,
      key.id,
      json,
      stored.hash,
      key.orgId,
      this.store.channel,
      message,
    );
    this.store.track(
      put.then((inStore) => {
        // null: its organization was removed through another instance first; its event drops the key here.
        if (inStore !== null && inStore !== json) this.local.applyKey(keyOf(inStore));
      }),
    );
    return key;
  }

  revokeKey(keyId: string, at: string, reason: string): ApiKeyRecord | undefined {
    const key = this.local.getKey(keyId);
    if (!key || key.revokedAt) return key;
    this.store.assertAvailable();
    this.local.revokeKey(keyId, at, reason);
    const json = JSON.stringify({ at, reason } satisfies Revocation);
    const message = this.store.message('orgs.revoked', { keyId, at, reason });
    this.store.track(
      this.redis
        .svcKeyRevoke(this.keys().org(key.orgId), keyId, json, this.store.channel, message)
        .then((inForce) => {
          // Revoked through another instance a moment before: the first revocation is the one.
          if (inForce !== null && inForce !== json) Object.assign(key, revocationFields(inForce));
        }),
    );
    return key;
  }

  findKeyByHash(hashHex: string): MaybePromise<ApiKeyRecord | undefined> {
    return (
      this.local.findKeyByHash(hashHex) ??
      this.fetch(hashHex, '').then(() => this.local.findKeyByHash(hashHex))
    );
  }

  findKey(keyId: string): MaybePromise<ApiKeyRecord | undefined> {
    return this.local.findKey(keyId) ?? this.fetch('', keyId).then(() => this.local.findKey(keyId));
  }

  /** A key this instance has not heard of yet, with its organization and revocation, into the local copy. */
  private async fetch(hashHex: string, keyId: string): Promise<void> {
    const k = this.keys();
    const asked = this.resets;
    const found = await this.store.run(() =>
      this.redis.svcKeyFind(k.keyhash, k.keyorg, k.orgPrefix, hashHex, keyId),
    );
    if (!found) return;
    const [org, key, revoked] = found;
    if (!org || !key) return;
    const orgId = (JSON.parse(org) as Organization).id;
    if (this.removedSince(orgId, asked)) return;
    this.local.applyOrg(JSON.parse(org) as Organization);
    const record = this.local.applyKey(keyOf(key));
    if (record && revoked) this.applyRevocation(record.id, revoked);
  }

  private applyRevocation(keyId: string, json: string): void {
    const r = JSON.parse(json) as Revocation;
    this.local.revokeKey(keyId, r.at, r.reason);
  }

  private receive(m: StoreMessage): void {
    if (m.from === this.removalSender) {
      if (m.type === 'orgs.removed') this.removalHeard((m.data as { orgId: string }).orgId);
    } else if (m.type === 'orgs.org') {
      const org = m.data as Organization;
      if (!this.removing.has(org.id)) this.local.applyOrg(org);
    } else if (m.type === 'orgs.key') {
      const key = m.data as StoredKey;
      if (!this.removing.has(key.orgId)) this.local.applyKey(recordOf(key));
    } else if (m.type === 'orgs.revoked') {
      const d = m.data as { keyId: string } & Revocation;
      this.local.revokeKey(d.keyId, d.at, d.reason);
    } else if (m.type === 'orgs.imported') {
      const section = m.data as OrgExport;
      if (!this.removing.has(section.org.id)) this.local.putExport(section);
    } else if (m.type === 'orgs.removed') this.dropLocal((m.data as { orgId: string }).orgId);
    else if (m.type === 'reset') {
      // The store moved to the new generation before this handler: the copy of the old one goes.
      this.resetLocal();
    }
  }
}
