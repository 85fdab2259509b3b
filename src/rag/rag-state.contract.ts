/**
 * The contract of the RAG state (rag-state.ts): the same cases run against the memory implementation and the
 * Redis one (test/rag/rag-state.test.ts). With Redis, two states opened on two stores over one Redis act as two
 * instances; with memory, every "instance" is the one process and its one state.
 */
import { describe, expect, it } from 'vitest';
import type { MaybePromise } from '../core/maybe.js';
import { prepareText } from './engine/prepare.js';
import type { RagState } from './rag-state.js';
import type { OrgRagState, RagDocumentRecord, RagJobRecord } from './store.js';
import type { Tenant } from './tenants.js';

export interface RagStateHarness {
  /** False with the memory store: there is one instance, so a second one joining is that same one. */
  readonly separateInstances: boolean;
  /** An instance that opens the store now (Redis: a new store on the same Redis, opened). */
  join(): Promise<RagState>;
  /** POST /_emulator/reset through this instance: the store's part, then the state's. */
  reset(state: RagState): Promise<void>;
  /** The writes made through `from` are in the store, and the events they sent have reached `to`. */
  settle(from: RagState, to: RagState): Promise<void>;
}

export const T0 = '2030-01-01T00:00:00.000Z';
let serial = 0;

export async function value<T>(v: MaybePromise<T>): Promise<T> {
  return v;
}

export function newOrg(): string {
  return `org_contract_${++serial}_${Math.random().toString(36).slice(2, 8)}`;
}

export function upload(
  word: string,
  overrides: Partial<RagDocumentRecord> = {},
): { doc: RagDocumentRecord; job: RagJobRecord; text: string } {
  // Ids of the shapes the service makes (16 base62 characters), so that exports meet the state schema.
  const id = `${word}${++serial}`.padStart(16, 'x').slice(-16);
  const doc: RagDocumentRecord = {
    documentId: `doc_${id}`,
    title: `${word} handbook`,
    fileName: `${word}.txt`,
    fileType: 'text',
    sizeBytes: 100,
    language: null,
    status: 'indexing',
    chunkCount: 0,
    metadata: {},
    createdAt: T0,
    updatedAt: T0,
    environment: 'live',
    ...overrides,
  };
  const job: RagJobRecord = {
    jobId: `ragjob_${id}`,
    documentId: doc.documentId,
    status: 'processing',
    createdAt: T0,
    updatedAt: T0,
    completedAt: null,
    error: null,
    requestId: `req_${id}abcd`,
    livemode: true,
    usageEntryId: null,
    dueAt: T0,
  };
  return {
    doc,
    job,
    text: `The ${word} procedure covers the quarterly ${word} audit and its ${word} findings.`,
  };
}

/** Accepts an upload and completes its job, as the service does. */
export async function ingest(state: RagState, orgId: string, word: string): Promise<RagDocumentRecord> {
  const { doc, job, text } = upload(word);
  const prepared = prepareText(text);
  await value(state.accept(orgId, doc, prepared, job));
  const ready: RagDocumentRecord = { ...doc, status: 'ready', chunkCount: prepared.chunks.length };
  expect(
    await value(state.finish(orgId, { ...job, status: 'completed', completedAt: T0 }, ready, prepared)),
  ).not.toBeNull();
  return ready;
}

export const ids = (org: OrgRagState) => [...org.documents.keys()];
export const found = (org: OrgRagState, query: string) =>
  org.index.search({ query, topK: 10 }).map((h) => ({ id: h.chunkId, score: h.score }));

export function tenant(orgId: string, state: Tenant['state']): Tenant {
  const at = Date.parse(T0);
  return {
    orgId,
    state,
    since: at,
    resuming: false,
    hold: false,
    lastActivityAt: at,
    durations: { notProvisionedSeconds: 5, provisioningSeconds: 20, idleAfterSeconds: 900, resumeSeconds: 3 },
  };
}

export function ragStateContract(name: string, harness: () => RagStateHarness): void {
  describe(`RAG state contract: ${name}`, () => {
    it('accepts an upload: its document, job and text are read back; the job is saved while it processes', async () => {
      const h = harness();
      const state = await h.join();
      const orgId = newOrg();
      const { doc, job, text } = upload('zorblax');
      const prepared = prepareText(text);
      await value(state.accept(orgId, doc, prepared, job));
      state.saveJob(orgId, { ...job, usageEntryId: 'le_1' });
      await h.settle(state, state);
      const org = await value(state.read(orgId));
      expect(org.documents.get(doc.documentId)).toMatchObject({
        status: 'indexing',
        title: 'zorblax handbook',
      });
      expect(org.jobs.get(job.jobId)).toMatchObject({ status: 'processing', usageEntryId: 'le_1' });
      expect((await value(state.text(orgId, doc.documentId)))?.chunks.map((c) => c.text)).toEqual(
        prepared.chunks.map((c) => c.text),
      );
      expect(found(org, 'zorblax')).toEqual([]);
    });

    it('finishes a job once: the document is indexed, a second outcome is refused', async () => {
      const h = harness();
      const state = await h.join();
      const orgId = newOrg();
      const { doc, job, text } = upload('quindle');
      const prepared = prepareText(text);
      await value(state.accept(orgId, doc, prepared, job));
      const ready: RagDocumentRecord = { ...doc, status: 'ready', chunkCount: prepared.chunks.length };
      const org = await value(
        state.finish(orgId, { ...job, status: 'completed', completedAt: T0 }, ready, prepared),
      );
      expect(org?.jobs.get(job.jobId)?.status).toBe('completed');
      expect(org?.documents.get(doc.documentId)?.status).toBe('ready');
      expect(found(org!, 'quindle').length).toBeGreaterThan(0);
      expect(org!.storedBytes('live')).toBe(100);
      expect(
        await value(
          state.finish(
            orgId,
            { ...job, status: 'failed', completedAt: T0 },
            { ...doc, status: 'failed' },
            null,
          ),
        ),
      ).toBeNull();
      expect((await value(state.read(orgId))).jobs.get(job.jobId)?.status).toBe('completed');
    });

    it('a failed job leaves its document out of the index, marked failed', async () => {
      const h = harness();
      const state = await h.join();
      const orgId = newOrg();
      const { doc, job, text } = upload('plimbus');
      await value(state.accept(orgId, doc, prepareText(text), job));
      expect(
        await value(
          state.finish(
            orgId,
            { ...job, status: 'failed', completedAt: T0 },
            { ...doc, status: 'failed' },
            null,
          ),
        ),
      ).not.toBeNull();
      const org = await value(state.read(orgId));
      expect(org.documents.get(doc.documentId)?.status).toBe('failed');
      expect(org.jobs.get(job.jobId)?.status).toBe('failed');
      expect(found(org, 'plimbus')).toEqual([]);
    });

    it('removes a document: gone from reads and search; its processing jobs fail; a second removal finds nothing', async () => {
      const h = harness();
      const state = await h.join();
      const orgId = newOrg();
      const kept = await ingest(state, orgId, 'keptword');
      const gone = await ingest(state, orgId, 'goneword');
      const { doc, job, text } = upload('pendingword');
      await value(state.accept(orgId, doc, prepareText(text), job));
      const failing = { ...job, status: 'failed' as const, completedAt: T0 };
      const removed = await value(state.remove(orgId, doc, [failing]));
      expect(removed?.failed).toEqual([job.jobId]);
      expect(removed?.org.jobs.get(job.jobId)?.status).toBe('failed');
      expect(
        await value(
          state.finish(
            orgId,
            { ...job, status: 'completed' },
            { ...doc, status: 'ready' },
            prepareText(text),
          ),
        ),
      ).toBeNull();
      expect((await value(state.remove(orgId, gone, [])))?.failed).toEqual([]);
      expect(await value(state.remove(orgId, gone, []))).toBeNull();
      const org = await value(state.read(orgId));
      expect(ids(org)).toEqual([kept.documentId]);
      expect(found(org, 'goneword')).toEqual([]);
      expect(found(org, 'keptword').length).toBeGreaterThan(0);
    });

    it('keeps organizations apart', async () => {
      const h = harness();
      const state = await h.join();
      const [a, b] = [newOrg(), newOrg()];
      const doc = await ingest(state, a, 'apartword');
      expect(ids(await value(state.read(b)))).toEqual([]);
      expect(await value(state.remove(b, doc, []))).toBeNull();
      expect(ids(await value(state.read(a)))).toEqual([doc.documentId]);
    });

    it('two instances: a document ingested through one is read and ranked the same through the other; removed through it, gone from both', async () => {
      const h = harness();
      const [a, b] = [await h.join(), await h.join()];
      const orgId = newOrg();
      await ingest(a, orgId, 'sharedword');
      await ingest(b, orgId, 'sharedword');
      const [onA, onB] = [await value(a.read(orgId)), await value(b.read(orgId))];
      expect(ids(onB).sort()).toEqual(ids(onA).sort());
      expect(found(onB, 'sharedword audit')).toEqual(found(onA, 'sharedword audit'));
      const victim = onA.documents.values().next().value!;
      expect(await value(b.remove(orgId, victim, []))).not.toBeNull();
      // No event awaited: the read itself sees the removal.
      expect(ids(await value(a.read(orgId)))).not.toContain(victim.documentId);
      expect(found(await value(a.read(orgId)), 'sharedword').map((f) => f.id.split(':')[0])).not.toContain(
        victim.documentId,
      );
    });

    it('concurrent writers on two instances: a job ends once, and a removal racing its completion leaves one outcome', async () => {
      const h = harness();
      const [a, b] = [await h.join(), await h.join()];
      const orgId = newOrg();
      const first = upload('raceword');
      const prepared = prepareText(first.text);
      await value(a.accept(orgId, first.doc, prepared, first.job));
      const ready = { ...first.doc, status: 'ready' as const, chunkCount: prepared.chunks.length };
      const outcomes = await Promise.all([
        value(a.finish(orgId, { ...first.job, status: 'completed' }, ready, prepared)),
        value(b.finish(orgId, { ...first.job, status: 'completed' }, ready, prepared)),
      ]);
      expect(outcomes.filter((o) => o !== null)).toHaveLength(1);

      const second = upload('raceword');
      await value(b.accept(orgId, second.doc, prepareText(second.text), second.job));
      const [finished, removed] = await Promise.all([
        value(
          a.finish(
            orgId,
            { ...second.job, status: 'completed' },
            { ...second.doc, status: 'ready' },
            prepareText(second.text),
          ),
        ),
        value(b.remove(orgId, second.doc, [{ ...second.job, status: 'failed' }])),
      ]);
      expect(removed).not.toBeNull();
      const job = (await value(a.read(orgId))).jobs.get(second.job.jobId);
      expect(job?.status).toBe(finished === null ? 'failed' : 'completed');
      for (const state of [a, b]) expect(ids(await value(state.read(orgId)))).toEqual([first.doc.documentId]);
    });

    it('tenants: one per organization; the first created is kept on every instance; a change through one is seen by the other', async () => {
      const h = harness();
      const [a, b] = [await h.join(), await h.join()];
      const orgId = newOrg();
      // "First" is the first to reach the store: a's create has landed before b's is made.
      a.tenants.create(tenant(orgId, 'ready'));
      await h.settle(a, b);
      b.tenants.create(tenant(orgId, 'not_provisioned'));
      await h.settle(b, a);
      expect(a.tenants.get(orgId)?.state).toBe('ready');
      expect(b.tenants.get(orgId)?.state).toBe('ready');
      // Made at once through both, over two connections either may land first: both keep the same one.
      const raced = newOrg();
      a.tenants.create(tenant(raced, 'ready'));
      b.tenants.create(tenant(raced, 'not_provisioned'));
      await h.settle(a, b);
      await h.settle(b, a);
      expect(a.tenants.get(raced)?.state).toBeDefined();
      expect(b.tenants.get(raced)?.state).toBe(a.tenants.get(raced)?.state);
      const changed = { ...a.tenants.get(orgId)!, state: 'idle' as const, hold: true };
      a.tenants.save(changed);
      await h.settle(a, b);
      expect(b.tenants.get(orgId)).toMatchObject({ state: 'idle', hold: true });
      expect(b.tenants.madeElsewhere(orgId)).toBe(h.separateInstances);
    });

    it('the demo corpus is per instance, never shared; a corpus document removed through one is hidden on every instance, even one joining later', async () => {
      const h = harness();
      const a = await h.join();
      const orgId = newOrg();
      const corpus = ['alpha', 'beta'].map((w) => ({
        ...upload(`${w}corpus`, { status: 'ready', builtin: true }),
      }));
      for (const c of corpus) a.addBuiltin(orgId, c.doc, prepareText(c.text));
      expect(ids(await value(a.read(orgId))).sort()).toEqual(corpus.map((c) => c.doc.documentId).sort());
      expect(await value(a.remove(orgId, corpus[0].doc, []))).not.toBeNull();
      expect(await value(a.remove(orgId, corpus[0].doc, []))).toBeNull();
      const late = await h.join();
      // Every instance builds the corpus itself (the memory store's one instance built it already).
      if (h.separateInstances) for (const c of corpus) late.addBuiltin(orgId, c.doc, prepareText(c.text));
      for (const state of [a, late]) {
        const org = await value(state.read(orgId));
        expect(ids(org)).toEqual([corpus[1].doc.documentId]);
        expect(found(org, 'alphacorpus')).toEqual([]);
        expect(found(org, 'betacorpus').length).toBeGreaterThan(0);
      }
      // Built after its tombstone was read: still hidden.
      if (h.separateInstances) {
        const later = await h.join();
        await value(later.read(orgId));
        for (const c of corpus) later.addBuiltin(orgId, c.doc, prepareText(c.text));
        expect(ids(later.local(orgId))).toEqual([corpus[1].doc.documentId]);
      }
    });

    it('an instance joining late adopts the shared state and resets nothing', async () => {
      const h = harness();
      const a = await h.join();
      const orgId = newOrg();
      const doc = await ingest(a, orgId, 'lateword');
      a.tenants.create(tenant(orgId, 'provisioning'));
      await h.settle(a, a);
      const late = await h.join();
      expect(late.tenants.get(orgId)?.state).toBe('provisioning');
      expect(ids(await value(late.read(orgId)))).toEqual([doc.documentId]);
      expect(found(await value(late.read(orgId)), 'lateword').length).toBeGreaterThan(0);
      expect(ids(await value(a.read(orgId)))).toEqual([doc.documentId]);
      expect(a.tenants.get(orgId)?.state).toBe('provisioning');
    });

    it('a reset through one instance empties the state on every instance; the others are told to build their boot state again', async () => {
      const h = harness();
      const [a, b] = [await h.join(), await h.join()];
      let rebuilt = 0;
      b.onRemoteReset(() => rebuilt++);
      const orgId = newOrg();
      await ingest(a, orgId, 'resetword');
      a.tenants.create(tenant(orgId, 'ready'));
      a.local(orgId).failNextJobs = 2;
      await h.settle(a, b);
      expect(b.tenants.get(orgId)).toBeDefined();
      await h.reset(a);
      await h.settle(a, b);
      for (const state of [a, b]) {
        expect(ids(await value(state.read(orgId)))).toEqual([]);
        expect(found(await value(state.read(orgId)), 'resetword')).toEqual([]);
        expect(state.tenants.get(orgId)).toBeUndefined();
      }
      expect(a.local(orgId).failNextJobs).toBe(0);
      expect(rebuilt).toBe(h.separateInstances ? 1 : 0);
      // The store works on after a reset, through both.
      const doc = await ingest(b, orgId, 'afterword');
      expect(ids(await value(a.read(orgId)))).toEqual([doc.documentId]);
    });
  });
}
