/**
 * RAG state in Redis (issue 17): tenants, documents with their extracted text, and indexing jobs. Each
 * instance keeps its RagStore and BM25 index as a cache of the shared documents. Every change to an org's
 * documents or jobs runs in one Lua script (rag/redis-rag-scripts.ts) that moves the org's version and publishes
 * `rag.changed`; every RAG read (search, list, get) first reads the version (one round trip) and reloads the
 * org when it moved, adding to or removing from the index only the documents that changed. So a document
 * deleted before another instance answered is never served, even if the event has not arrived yet; the
 * event only starts the reload early, off the request path.
 *
 * The demo corpus is per instance: every instance builds the same one from the seed at boot and it is never
 * written to Redis; deleting one of its documents leaves a tombstone in the org's documents, which every
 * instance (and one started later) applies. Tenants are one hash, kept in each instance's TenantManager by
 * `rag.tenant` events; each write takes the next `rag:seq` as its revision, and an instance applies only a newer
 * one. Reset: every `rag` key but the version counter (rag:seq) is deleted, atomically with
 * the others (SharedState.reset).
 */
import type { ChainableCommander } from 'ioredis';
import type { Clock } from '../core/clock.js';
import { CustomApiError } from '../http/errors.js';
import type { DetectedLanguage } from './engine/language.js';
import type { PreparedText } from './engine/prepare.js';
import { indexInput } from './index-input.js';
import type { OrgRagState, RagDocumentRecord, RagJobRecord, RagReplica, RagStore } from './store.js';
import type { Tenant, TenantManager, TenantReplica } from './tenants.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { RAG_ACCEPT, RAG_CLEAR, RAG_DELETE, RAG_FINISH, RAG_JOB_PUT, RAG_TENANT_PUT } from './redis-rag-scripts.js';
import type { WorkQueue } from '../store/work-queue.js';

/** The due-work kind of an indexing job's completion; the payload names the org, the item id is the job's. */
const INDEX_WORK = 'rag.index';

/** What the RAG area hands over (src/rag/index.ts). */
export interface RagTargets {
  store: RagStore;
  tenants: TenantManager;
  clock: Clock;
  /** Resolves once the demo corpus is in the index: a reload waits for it. */
  ready(): Promise<void>;
  /** Runs a due job's completion (RagService.finishShared). */
  finish(orgId: string, jobId: string): Promise<void>;
  /** Another instance reset the emulator: drop the RAG caches and build the boot state again. */
  remoteReset(): void;
}

type StoredDocument = Omit<RagDocumentRecord, 'prepared'>;
interface StoredFailure {
  status: number;
  code: string;
  title: string;
  detail?: string;
}
type StoredJob = Omit<RagJobRecord, 'timer' | 'injectedFailure'> & { injectedFailure?: StoredFailure };
interface StoredText {
  language: DetectedLanguage;
  vocabulary: string[];
  chunks: { index: number; text: string; termIds: number[]; counts: number[]; length: number; lang: DetectedLanguage }[];
}

const TOMBSTONE = '{"tombstone":true}';

type Keyed = (...args: (string | number)[]) => Promise<unknown>;
interface RagScripts {
  svcRagAccept: Keyed;
  svcRagJobPut: Keyed;
  svcRagFinish: Keyed;
  svcRagDelete: Keyed;
  svcRagClear: Keyed;
  svcRagTenantPut: (...args: string[]) => Promise<string>;
}

export class SharedRag implements RagReplica, TenantReplica {
  private targets: RagTargets | undefined;
  private defined = false;
  /** Reloads are numbered as sent; one applies only if no later one has (replies come in order on one connection). */
  private sent = 0;
  private readonly applied = new WeakMap<OrgRagState, number>();
  /** Stored documents this instance put into each org's index (the demo corpus is not among them). */
  private readonly indexed = new WeakMap<OrgRagState, Set<string>>();

  constructor(
    private readonly store: RedisStore,
    private readonly work: WorkQueue,
  ) {
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.loadTenants());
  }

  attach(targets: RagTargets): void {
    this.targets = targets;
    targets.store.replica = this;
    targets.tenants.replica = this;
    // Idempotent: the job's outcome is written only while it is still processing (RAG_FINISH), so a run
    // again after an instance died mid-way does nothing twice.
    this.work.handle<{ orgId: string }>(INDEX_WORK, (item) => targets.finish(item.payload.orgId, item.id));
  }

  /** The connection, with this part's scripts defined on first use (a tenant may be written while the orgs load). */
  private get redis(): RedisStore['redis'] & RagScripts {
    const redis = this.store.redis;
    if (!this.defined) {
      const define = (name: string, lua: string, numberOfKeys: number) => redis.defineCommand(name, { numberOfKeys, lua });
      define('svcRagAccept', RAG_ACCEPT, 7);
      define('svcRagJobPut', RAG_JOB_PUT, 7);
      define('svcRagFinish', RAG_FINISH, 7);
      define('svcRagDelete', RAG_DELETE, 7);
      define('svcRagClear', RAG_CLEAR, 1);
      define('svcRagTenantPut', RAG_TENANT_PUT, 2);
      this.defined = true;
    }
    return redis as RedisStore['redis'] & RagScripts;
  }

  private orgKeys(orgId: string) {
    const key = (name: string) => this.store.key(`rag:org:${orgId}:${name}`);
    // The order of every script's KEYS (rag/redis-rag-scripts.ts).
    const all = [this.store.key('rag:seq'), key('ver'), this.k.orgs, key('docs'), key('text'), key('jobs'), key('order')];
    return { all, ver: all[1], docs: all[3], text: all[4], jobs: all[5], order: all[6] };
  }

  private get k() {
    return { tenants: this.store.key('rag:tenants'), orgs: this.store.key('rag:orgs') };
  }

  /** An event of this instance up to its data, which a script appends (and closes the event after). */
  private eventPrefix(type: string): string {
    return `{"from":${JSON.stringify(this.store.instanceId)},"type":"${type}","data":`;
  }

  /** The first ARGV of every script: org, channel, and the `rag.changed` event up to its version. */
  private head(orgId: string): string[] {
    return [orgId, this.store.channel, `${this.eventPrefix('rag.changed')}{"org":${JSON.stringify(orgId)},"ver":`];
  }

  /** At open: the tenants into the local copy. */
  async load(): Promise<void> {
    await this.loadTenants();
  }

  private async loadTenants(): Promise<void> {
    const all = await this.store.run(() => this.redis.hgetall(this.k.tenants));
    for (const json of Object.values(all)) this.targets?.tenants.applyRemote(JSON.parse(json) as Tenant);
  }

  /** The fixed keys a reset deletes; clear() adds the per-org ones. */
  keyNames(): string[] {
    return [this.k.tenants, this.k.orgs];
  }

  /** Queues the deletion of every org's RAG keys into a reset's transaction. */
  clear(tx: ChainableCommander): void {
    void (tx as ChainableCommander & RagScripts).svcRagClear(this.k.orgs, this.store.key('rag:org:'));
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  // ---- tenants -----------------------------------------------------------------------------------------

  created(tenant: Tenant): void {
    this.putTenant(tenant, true);
  }

  changed(tenant: Tenant): void {
    this.putTenant(tenant, false);
  }

  /**
   * Writes the tenant under a new revision (only if none is stored, for a new one), then applies what Redis
   * holds: an instance that lost the race to create it takes the winner's, and a reply that arrives after a
   * newer event is ignored by its revision (TenantManager.applyRemote).
   */
  private putTenant(tenant: Tenant, onlyIfNew: boolean): void {
    this.store.assertAvailable();
    const { rev: _rev, ...rest } = tenant;
    const put = this.redis.svcRagTenantPut(this.store.key('rag:seq'), this.k.tenants, tenant.orgId, JSON.stringify(rest), onlyIfNew ? '1' : '', this.store.channel, this.eventPrefix('rag.tenant'));
    this.store.track(put.then((json) => this.targets?.tenants.applyRemote(JSON.parse(json) as Tenant)));
  }

  // ---- documents and jobs ------------------------------------------------------------------------------

  async accept(orgId: string, doc: RagDocumentRecord, prepared: PreparedText, job: RagJobRecord): Promise<void> {
    const k = this.orgKeys(orgId);
    const args = [...this.head(orgId), doc.documentId, JSON.stringify(storedDocument(doc)), JSON.stringify(storedText(prepared)), job.jobId, JSON.stringify(storedJob(job))];
    await this.store.run(() => this.redis.svcRagAccept(...k.all, ...args));
  }

  jobUpdated(orgId: string, job: RagJobRecord): void {
    const k = this.orgKeys(orgId);
    this.store.track(this.redis.svcRagJobPut(...k.all, ...this.head(orgId), job.jobId, JSON.stringify(storedJob(job))));
  }

  async finish(orgId: string, job: RagJobRecord, doc: RagDocumentRecord): Promise<boolean> {
    const k = this.orgKeys(orgId);
    const args = [...this.head(orgId), doc.documentId, JSON.stringify(storedDocument(doc)), job.jobId, JSON.stringify(storedJob(job)), job.status === 'failed' ? '1' : ''];
    return Number(await this.store.run(() => this.redis.svcRagFinish(...k.all, ...args))) > 0;
  }

  async delete(orgId: string, doc: RagDocumentRecord, failing: RagJobRecord[]): Promise<string[] | null> {
    const k = this.orgKeys(orgId);
    const args = [...this.head(orgId), doc.documentId, doc.builtin ? TOMBSTONE : ''];
    for (const job of failing) args.push(job.jobId, JSON.stringify(storedJob(job)));
    const out = (await this.store.run(() => this.redis.svcRagDelete(...k.all, ...args))) as string[] | null;
    return out === null ? null : out.slice(1);
  }

  async text(orgId: string, documentId: string): Promise<PreparedText | null> {
    const json = await this.store.run(() => this.redis.hget(this.orgKeys(orgId).text, documentId));
    return json === null ? null : preparedText(JSON.parse(json) as StoredText);
  }

  /**
   * The job's completion goes through the shared due-work queue: run by the accepting instance while it is
   * alive, by another one if it dies. Everything it needs (document, extracted text, job) is in Redis.
   */
  schedule(orgId: string, job: RagJobRecord, dueInMs: number): void {
    this.work.schedule(INDEX_WORK, job.jobId, { orgId }, this.targets!.clock.now() + dueInMs);
  }

  // ---- the local cache ---------------------------------------------------------------------------------

  async sync(orgId: string): Promise<void> {
    const t = this.targets!;
    await t.ready();
    const state = t.store.org(orgId);
    const ver = Number(await this.store.run(() => this.redis.get(this.orgKeys(orgId).ver))) || 0;
    if (ver !== state.sharedVersion) await this.reload(orgId, state);
  }

  /** Reads the org's documents and jobs, and the text of documents ready there but not in the local index yet. */
  private async reload(orgId: string, state: OrgRagState): Promise<void> {
    const k = this.orgKeys(orgId);
    const ticket = ++this.sent;
    const results = await this.store.run(() => this.redis.multi().get(k.ver).zrange(k.order, 0, -1).hgetall(k.docs).hgetall(k.jobs).exec());
    const [ver, order, docs, jobs] = (results ?? []).map(([err, value]) => {
      if (err) throw err;
      return value;
    }) as [string | null, string[], Record<string, string>, Record<string, string>];
    const indexed = this.indexed.get(state) ?? new Set<string>();
    const stored = order.filter((id) => docs[id] !== undefined && docs[id] !== TOMBSTONE).map((id) => JSON.parse(docs[id]) as StoredDocument);
    const missing = stored.filter((d) => d.status === 'ready' && !indexed.has(d.documentId));
    const texts = missing.length === 0 ? [] : await this.store.run(() => this.redis.hmget(k.text, ...missing.map((d) => d.documentId)));
    // A later reload already applied, or a reset replaced the org's state meanwhile: this one is stale.
    if ((this.applied.get(state) ?? 0) > ticket || this.targets!.store.peek(orgId) !== state) return;
    this.applied.set(state, ticket);
    this.indexed.set(state, indexed);

    const ready = new Set(stored.filter((d) => d.status === 'ready').map((d) => d.documentId));
    for (const id of indexed) {
      if (ready.has(id)) continue;
      state.index.removeDocument(id);
      indexed.delete(id);
    }
    missing.forEach((d, i) => {
      const json = texts[i];
      if (json === null || json === undefined) return;
      const doc: RagDocumentRecord = { ...d, prepared: null };
      state.index.addDocument(indexInput(doc, preparedText(JSON.parse(json) as StoredText), doc.language));
      indexed.add(d.documentId);
    });
    const builtin = [...state.documents.values()].filter((d) => d.builtin);
    state.documents.clear();
    for (const d of builtin) {
      if (docs[d.documentId] === TOMBSTONE) state.index.removeDocument(d.documentId);
      else state.documents.set(d.documentId, d);
    }
    for (const d of stored) state.documents.set(d.documentId, { ...d, prepared: null });
    state.jobs.clear();
    for (const json of Object.values(jobs)) {
      const job = jobRecord(JSON.parse(json) as StoredJob);
      state.jobs.set(job.jobId, job);
    }
    state.sharedVersion = Number(ver) || 0;
  }

  private receive(m: StoreMessage): void {
    const t = this.targets;
    if (t === undefined) return;
    switch (m.type) {
      case 'rag.changed': {
        // Reloads the org now, off the request path; the next read checks the version anyway.
        const { org, ver } = m.data as { org: string; ver: number };
        const state = t.store.peek(org);
        if (state !== undefined && state.sharedVersion !== ver) void this.sync(org).catch(() => {});
        return;
      }
      case 'rag.tenant':
        t.tenants.applyRemote(m.data as Tenant);
        return;
      case 'reset':
        t.remoteReset();
        return;
    }
  }
}

function storedDocument(doc: RagDocumentRecord): StoredDocument {
  const { prepared: _prepared, ...rest } = doc;
  return rest;
}

function storedJob(job: RagJobRecord): StoredJob {
  const { timer: _timer, injectedFailure, ...rest } = job;
  if (injectedFailure === undefined) return rest;
  const { status, code, title, detail } = injectedFailure;
  return { ...rest, injectedFailure: { status, code, title, detail } };
}

function jobRecord(stored: StoredJob): RagJobRecord {
  const { injectedFailure, ...rest } = stored;
  const job: RagJobRecord = { ...rest, timer: null };
  if (injectedFailure !== undefined) {
    const f = injectedFailure;
    job.injectedFailure = new CustomApiError(f.status, f.code, f.title, f.detail);
  }
  return job;
}

function storedText(p: PreparedText): StoredText {
  return {
    language: p.language,
    vocabulary: p.vocabulary,
    chunks: p.chunks.map((c) => ({ index: c.index, text: c.text, termIds: Array.from(c.termIds), counts: Array.from(c.counts), length: c.length, lang: c.lang })),
  };
}

function preparedText(s: StoredText): PreparedText {
  return {
    language: s.language,
    vocabulary: s.vocabulary,
    chunks: s.chunks.map((c) => ({ ...c, termIds: Uint32Array.from(c.termIds), counts: Uint16Array.from(c.counts) })),
  };
}
