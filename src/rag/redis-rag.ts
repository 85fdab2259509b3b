/**
 * The RAG state in Redis (docs/scaling.md): tenants (redis-tenants.ts), documents with their extracted text,
 * and indexing jobs, every key under the organization and the store's generation. Each instance keeps its
 * documents, jobs and BM25 index as a cache. Every change to an org's documents or jobs runs in one Lua script
 * (redis-rag-scripts.ts) that moves the org's version and publishes `rag.changed`; every read first reads the
 * version (one round trip) and reloads the org when it moved, adding to or removing from the index only the
 * documents that changed. So a document deleted before another instance answered is never served, even if the
 * event has not arrived yet; the event only starts the reload early, off the request path.
 *
 * The demo corpus is per instance: every instance builds the same one from the seed at boot and it is never
 * written to Redis; deleting one of its documents leaves a tombstone in the org's documents, which every
 * instance (and one started later) applies. A reset retires every key with the generation; reset() then
 * deletes the retired ones (RAG_CLEAR). `rag:seq` is never reset, so a version never comes back.
 *
 * One organization (`perOrg`): listed from the generation's orgs set and tenants hash (RAG_ORG_IDS), exported
 * from its keys in one transaction, and reset by one script (RAG_CLEAR_ORG) that publishes `rag.org-reset`:
 * every instance drops its cache of the org (index, demo corpus, per-instance parts) and its tenant copy.
 * Its documents and jobs are never read stale meanwhile: the script moves or deletes the org's version.
 */
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import type { PreparedText } from './engine/prepare.js';
import { IndexBuilds, type PendingDocument } from './index-builds.js';
import { indexInput } from './index-input.js';
import { jobRecord, storedJob, type RagOrgExport, type StoredJob } from './rag-export.js';
import { checkRagOrg } from './rag-import.js';
import type { RagOrgPart, RagState } from './rag-state.js';
import { exportRagOrg } from './redis-rag-export.js';
import { writeRagOrg } from './redis-rag-import.js';
import { ragOrgKeys, TOMBSTONE, type RagOrgKeys } from './redis-rag-keys.js';
import { isBare, preparedText, storedText, type BareText, type StoredText } from './redis-rag-text.js';
import { ragRedis, type RagRedis } from './redis-rag-scripts.js';
import { RedisTenants } from './redis-tenants.js';
import { OrgRagState, type RagDocumentRecord, type RagJobRecord } from './store.js';
import type { Tenant } from './tenants.js';

type StoredDocument = RagDocumentRecord;

/** The event of `perOrg.reset`, published by its script. */
const ORG_RESET = 'rag.org-reset';

/** An organization as this instance caches it, with what it knows of the org in Redis. */
class CachedOrg extends OrgRagState {
  /** The org's version in Redis that the documents, jobs and index reflect. */
  version = 0;
  /** The number of the last reload applied (reloads are numbered as sent; replies come in order on one connection). */
  applied = 0;
  /** Stored documents this instance put into the index (the demo corpus is not among them). */
  readonly indexed = new Set<string>();
  /** Demo-corpus documents deleted through any instance, as of the last reload. */
  readonly tombstones = new Set<string>();
}

export class RedisRagState implements RagState {
  readonly name = 'rag';
  readonly tenants: RedisTenants;
  private readonly orgs = new Map<string, CachedOrg>();
  private readonly resetListeners: (() => void)[] = [];
  private readonly orgResetListeners: ((orgId: string, jobIds: string[]) => void)[] = [];
  private sent = 0;
  /** Indexes of loaded documents, built in the background (index-builds.ts). */
  private readonly builds = new IndexBuilds();
  /** Loads in progress through this instance: their builds start once the load is done (`buildIndexes`). */
  private importing = 0;

  readonly perOrg: RagOrgPart = {
    ids: () => this.orgIds(),
    reset: (orgId) => this.resetOrg(orgId),
    export: (orgId) => exportRagOrg(this.store, orgId, this.tenants.hashKey, this.orgs),
    import: (orgId, data) => this.importOrg(orgId, data as RagOrgExport),
    check: (orgId, data) => checkRagOrg(orgId, data as RagOrgExport),
  };

  constructor(private readonly store: RedisStore) {
    this.tenants = new RedisTenants(store);
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.tenants.load());
  }

  private get redis(): RagRedis {
    return ragRedis(this.store.redis);
  }

  /** The keys of one org, in the order of every script's KEYS (redis-rag-keys.ts). */
  private orgKeys(orgId: string): RagOrgKeys {
    return ragOrgKeys(this.store, orgId);
  }

  /** An event of this instance up to its data, which a script appends (and closes the event after). */
  private head(orgId: string): string[] {
    const prefix = this.store.messageHead('rag.changed');
    return [orgId, this.store.channel, `${prefix}{"org":${JSON.stringify(orgId)},"ver":`];
  }

  /** At open: the tenants into the local copy (documents are read per org, on use). */
  async open(): Promise<void> {
    await this.tenants.load();
  }

  /**
   * POST /_emulator/reset through this instance: the store's reset already moved the generation (every RAG key
   * of the last one is retired, for every instance); this deletes the retired keys and what this instance held.
   */
  async reset(): Promise<void> {
    await this.store.run(() =>
      this.redis.svcRagClear(this.store.key('rag:gens'), this.store.scopedKey('rag:orgs')),
    );
    this.drop();
  }

  private drop(): void {
    this.builds.cancel();
    this.orgs.clear();
    this.tenants.clear();
  }

  onRemoteReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  onOrgReset(listener: (orgId: string, jobIds: string[]) => void): void {
    this.orgResetListeners.push(listener);
  }

  /** Stored organizations, and those whose demo corpus (built here, never stored) is not all hidden. */
  private async orgIds(): Promise<string[]> {
    const stored = (await this.store.run(() =>
      this.redis.svcRagOrgIds(
        this.store.scopedKey('rag:orgs'),
        this.tenants.hashKey,
        this.store.scopedKey('rag:org:'),
        TOMBSTONE,
      ),
    )) as string[];
    const ids = new Set(stored);
    for (const orgId of [...this.orgs.keys()]) {
      if (ids.has(orgId) || !hasBuiltin(this.local(orgId))) continue;
      // Read first: a reload applies the tombstones written through other instances.
      if (hasBuiltin(await this.read(orgId))) ids.add(orgId);
    }
    return [...ids];
  }

  /**
   * One organization for every instance, in one script: its keys, its tenant and (tombstones) the demo corpus
   * that every instance builds. This instance drops its cache now, the others on the script's event.
   */
  private async resetOrg(orgId: string): Promise<void> {
    const builtin = [...(this.orgs.get(orgId)?.documents.values() ?? [])]
      .filter((d) => d.builtin)
      .map((d) => d.documentId);
    const from = JSON.stringify(this.store.instanceId);
    const event = `{"from":${from},"type":"${ORG_RESET}","data":{"org":${JSON.stringify(orgId)},"rev":`;
    const keys = [...this.orgKeys(orgId).all, this.tenants.hashKey];
    const args = [orgId, this.store.channel, event, TOMBSTONE, ...builtin];
    const out = (await this.store.run(() => this.redis.svcRagClearOrg(...keys, ...args))) as string[];
    this.dropOrg(orgId, Number(out[0]));
    for (const listener of this.orgResetListeners) listener(orgId, out.slice(1));
  }

  private dropOrg(orgId: string, rev: number): void {
    this.builds.cancel(orgId);
    this.orgs.delete(orgId);
    this.tenants.drop(orgId, rev);
  }

  /** The org's export written in one transaction; then this instance reads it as one that joined late does. */
  private async importOrg(orgId: string, data: RagOrgExport): Promise<void> {
    this.importing++;
    try {
      const tenant = await writeRagOrg(this.store, data, {
        orgId,
        keys: [...this.orgKeys(orgId).all, this.tenants.hashKey],
        head: this.head(orgId),
      });
      if (tenant !== undefined) this.tenants.apply(tenant);
      await this.read(orgId);
    } finally {
      this.importing--;
    }
  }

  buildIndexes(): void {
    this.builds.start();
  }

  async searchable(orgId: string): Promise<OrgRagState> {
    await this.read(orgId);
    await this.builds.ready(orgId);
    return this.local(orgId);
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  local(orgId: string): CachedOrg {
    let org = this.orgs.get(orgId);
    if (org === undefined) this.orgs.set(orgId, (org = new CachedOrg()));
    return org;
  }

  /** One round trip for the org's version; a reload when it moved. */
  async read(orgId: string): Promise<OrgRagState> {
    const org = this.local(orgId);
    const ver =
      Number(await this.store.run(() => this.redis.get(this.store.scopedKey(`rag:org:${orgId}:ver`)))) || 0;
    if (ver !== org.version) await this.reload(orgId, org);
    return this.local(orgId);
  }

  async accept(
    orgId: string,
    doc: RagDocumentRecord,
    prepared: PreparedText,
    job: RagJobRecord,
  ): Promise<void> {
    const k = this.orgKeys(orgId);
    const args = [
      ...this.head(orgId),
      doc.documentId,
      JSON.stringify(doc),
      JSON.stringify(storedText(prepared)),
      job.jobId,
      JSON.stringify(storedJob(job)),
    ];
    await this.store.run(() => this.redis.svcRagAccept(...k.all, ...args));
  }

  saveJob(orgId: string, job: RagJobRecord): void {
    this.store.assertAvailable();
    const k = this.orgKeys(orgId);
    this.store.track(
      this.redis.svcRagJobPut(...k.all, ...this.head(orgId), job.jobId, JSON.stringify(storedJob(job))),
    );
  }

  async text(orgId: string, documentId: string): Promise<PreparedText | null> {
    const json = await this.store.run(() => this.redis.hget(this.orgKeys(orgId).text, documentId));
    return json === null ? null : preparedText(JSON.parse(json) as StoredText | BareText);
  }

  /** The index follows from the reload: any instance indexes the text stored beside the document. */
  async finish(orgId: string, job: RagJobRecord, doc: RagDocumentRecord): Promise<OrgRagState | null> {
    const k = this.orgKeys(orgId);
    const args = [
      ...this.head(orgId),
      doc.documentId,
      JSON.stringify(doc),
      job.jobId,
      JSON.stringify(storedJob(job)),
      job.status === 'failed' ? '1' : '',
    ];
    if (Number(await this.store.run(() => this.redis.svcRagFinish(...k.all, ...args))) === 0) return null;
    return this.read(orgId);
  }

  async remove(
    orgId: string,
    doc: RagDocumentRecord,
    failing: RagJobRecord[],
  ): Promise<{ org: OrgRagState; failed: string[] } | null> {
    const k = this.orgKeys(orgId);
    const args = [...this.head(orgId), doc.documentId, doc.builtin ? TOMBSTONE : ''];
    for (const job of failing) args.push(job.jobId, JSON.stringify(storedJob(job)));
    const out = (await this.store.run(() => this.redis.svcRagDelete(...k.all, ...args))) as string[] | null;
    if (out === null) return null;
    return { org: await this.read(orgId), failed: out.slice(1) };
  }

  addBuiltin(orgId: string, doc: RagDocumentRecord, prepared: PreparedText): void {
    const org = this.local(orgId);
    // Deleted through some instance before this one built its corpus (a reload saw the tombstone).
    if (org.tombstones.has(doc.documentId)) return;
    org.documents.set(doc.documentId, doc);
    org.index.addDocument(indexInput(doc, prepared, doc.language));
  }

  /** Reads the org's documents and jobs, and the text of documents ready there but not in the local index yet. */
  private async reload(orgId: string, org: CachedOrg): Promise<void> {
    const k = this.orgKeys(orgId);
    const ticket = ++this.sent;
    const results = await this.store.run(() =>
      this.redis.multi().get(k.ver).zrange(k.order, 0, -1).hgetall(k.docs).hgetall(k.jobs).exec(),
    );
    const [ver, order, docs, jobs] = (results ?? []).map(([err, value]) => {
      if (err) throw err;
      return value;
    }) as [string | null, string[], Record<string, string>, Record<string, string>];
    const stored = order
      .filter((id) => docs[id] !== undefined && docs[id] !== TOMBSTONE)
      .map((id) => JSON.parse(docs[id]) as StoredDocument);
    const missing = stored.filter((d) => d.status === 'ready' && !org.indexed.has(d.documentId));
    const texts =
      missing.length === 0
        ? []
        : await this.store.run(() => this.redis.hmget(k.text, ...missing.map((d) => d.documentId)));
    // A later reload already applied, or a reset replaced the org's cache meanwhile: this one is stale.
    if (org.applied > ticket || this.orgs.get(orgId) !== org) return;
    org.applied = ticket;

    const ready = new Set(stored.filter((d) => d.status === 'ready').map((d) => d.documentId));
    for (const id of org.indexed) {
      if (ready.has(id)) continue;
      this.builds.drop(orgId, id);
      org.index.removeDocument(id);
      org.indexed.delete(id);
    }
    // Text with its counts is indexed now; a loaded one (bare) by the background build, in slices.
    const later: PendingDocument[] = [];
    missing.forEach((d, i) => {
      const json = texts[i];
      if (json === null || json === undefined) return;
      const text = JSON.parse(json) as StoredText | BareText;
      if (isBare(text))
        later.push({ doc: d, chunks: text.chunks.map((c) => c.text), language: text.language });
      else org.index.addDocument(indexInput(d, preparedText(text), d.language));
      org.indexed.add(d.documentId);
    });
    if (later.length > 0) {
      this.builds.add(orgId, org.index, later);
      if (this.importing === 0) this.builds.start();
    }
    for (const [id, json] of Object.entries(docs)) if (json === TOMBSTONE) org.tombstones.add(id);
    const builtin = [...org.documents.values()].filter((d) => d.builtin);
    org.documents.clear();
    for (const d of builtin) {
      if (org.tombstones.has(d.documentId)) org.index.removeDocument(d.documentId);
      else org.documents.set(d.documentId, d);
    }
    for (const d of stored) org.documents.set(d.documentId, d);
    org.jobs.clear();
    for (const json of Object.values(jobs)) {
      const job = jobRecord(JSON.parse(json) as StoredJob);
      org.jobs.set(job.jobId, job);
    }
    org.version = Number(ver) || 0;
  }

  private receive(m: StoreMessage): void {
    switch (m.type) {
      case 'rag.changed': {
        // Reloads the org now, off the request path; the next read checks the version anyway.
        const { org, ver } = m.data as { org: string; ver: number };
        const cached = this.orgs.get(org);
        if (cached !== undefined && cached.version !== ver) void this.read(org).catch(() => {});
        return;
      }
      case 'rag.tenant':
        this.tenants.apply(m.data as Tenant);
        return;
      case ORG_RESET: {
        const { org, rev } = m.data as { org: string; rev: number };
        this.dropOrg(org, rev);
        return;
      }
      case 'reset':
        // The generation moved with the message (RedisStore): what this instance held is of the last one.
        this.drop();
        for (const listener of this.resetListeners) listener();
        return;
    }
  }
}

function hasBuiltin(org: OrgRagState): boolean {
  for (const d of org.documents.values()) if (d.builtin) return true;
  return false;
}
