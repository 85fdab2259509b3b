/**
 * The contract of the RAG state per organization (`perOrg`: ids, reset, export; issue 23 item 2), run against
 * the memory implementation and the Redis one by test/rag/rag-state.test.ts with the harness of
 * rag-state.contract.ts. The expected exports are built here from what each case writes.
 */
import { describe, expect, it } from 'vitest';
import { CustomApiError } from '../core/errors.js';
import { prepareText } from './engine/prepare.js';
import type { ExportedDocument, RagOrgExport, StoredJob } from './rag-export.js';
import type { RagState } from './rag-state.js';
import { T0, found, ids, newOrg, tenant, upload, value, type RagStateHarness } from './rag-state.contract.js';
import type { RagDocumentRecord, RagJobRecord } from './store.js';
import type { Tenant } from './tenants.js';

const T1 = '2030-01-01T00:00:01.000Z';
const T2 = '2030-01-01T00:00:02.000Z';
const T3 = '2030-01-01T00:00:03.000Z';

const chunksOf = (text: string) => prepareText(text).chunks.map((c) => c.text);
const withoutRev = ({ rev: _rev, ...rest }: Tenant) => rest;
const plainJob = ({ injectedFailure: _f, ...rest }: RagJobRecord): StoredJob => rest;

/** What each case writes for an organization, and its expected export, built from the same values. */
export class Written {
  readonly documents: ExportedDocument[] = [];
  readonly jobs: StoredJob[] = [];
  tenant: Tenant | undefined;

  constructor(
    private readonly state: RagState,
    readonly orgId: string,
  ) {}

  /** An upload whose job completed: ready, its text in the index. */
  async ready(word: string, createdAt: string): Promise<RagDocumentRecord> {
    const { doc, job, text } = upload(word, { createdAt });
    const prepared = prepareText(text);
    await value(this.state.accept(this.orgId, doc, prepared, job));
    const ready: RagDocumentRecord = { ...doc, status: 'ready', chunkCount: prepared.chunks.length };
    const done: RagJobRecord = { ...job, status: 'completed', completedAt: T3 };
    expect(await value(this.state.finish(this.orgId, done, ready, prepared))).not.toBeNull();
    this.documents.push({ ...ready, text: { chunks: chunksOf(text) } });
    this.jobs.push(plainJob(done));
    return ready;
  }

  /** An upload still indexing: its text (and the language detected) kept beside it, its job processing. */
  async indexing(
    word: string,
    createdAt: string,
    failure?: CustomApiError,
  ): Promise<{ doc: RagDocumentRecord; job: RagJobRecord; text: string }> {
    const { doc, job, text } = upload(word, { createdAt });
    const prepared = prepareText(text);
    await value(this.state.accept(this.orgId, doc, prepared, job));
    const saved: RagJobRecord = {
      ...job,
      usageEntryId: `ldg_${job.jobId.slice(-16)}ledg`,
      injectedFailure: failure,
    };
    this.state.saveJob(this.orgId, saved);
    this.documents.push({ ...doc, text: { language: prepared.language, chunks: chunksOf(text) } });
    const stored = plainJob(saved);
    if (failure) {
      const { status, code, title, detail } = failure;
      stored.injectedFailure = { status, code, title, detail };
    }
    this.jobs.push(stored);
    return { doc, job: saved, text };
  }

  /** An upload whose job failed: no text kept. */
  async failed(word: string, createdAt: string): Promise<void> {
    const { doc, job, text } = upload(word, { createdAt });
    await value(this.state.accept(this.orgId, doc, prepareText(text), job));
    const failedDoc: RagDocumentRecord = { ...doc, status: 'failed' };
    const failedJob: RagJobRecord = { ...job, status: 'failed', completedAt: T3 };
    expect(await value(this.state.finish(this.orgId, failedJob, failedDoc, null))).not.toBeNull();
    this.documents.push({ ...failedDoc, text: null });
    this.jobs.push(plainJob(failedJob));
  }

  /** Demo-corpus documents: every instance builds them itself (buildCorpus), none is stored. */
  private readonly corpus: { doc: RagDocumentRecord; text: string }[] = [];

  builtin(word: string, createdAt: string): RagDocumentRecord {
    const { doc, text } = upload(word, { status: 'ready', builtin: true, createdAt, chunkCount: 1 });
    this.corpus.push({ doc, text });
    this.documents.push({ ...doc, text: { chunks: chunksOf(text) } });
    return doc;
  }

  buildCorpus(state: RagState): void {
    for (const { doc, text } of this.corpus) state.addBuiltin(this.orgId, doc, prepareText(text));
  }

  withTenant(state: Tenant['state']): void {
    this.tenant = tenant(this.orgId, state);
    this.state.tenants.create(this.tenant);
  }

  expected(): RagOrgExport {
    const byCreation =
      <T extends { createdAt: string }>(id: (t: T) => string) =>
      (a: T, b: T) =>
        a.createdAt === b.createdAt ? (id(a) < id(b) ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1;
    const out: RagOrgExport = {
      // Equal creation times keep the order the documents were stored in (the demo corpus first).
      documents: [...this.documents].sort((a, b) =>
        a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? -1 : 1,
      ),
      jobs: [...this.jobs].sort(byCreation((j) => j.jobId)),
    };
    if (this.tenant) out.tenant = withoutRev(this.tenant);
    return out;
  }
}

async function listed(state: RagState, among: string[]): Promise<string[]> {
  return [...(await value(state.perOrg.ids()))].filter((id) => among.includes(id)).sort();
}

export function ragStateOrgsContract(name: string, harness: () => RagStateHarness): void {
  describe(`RAG state per organization: ${name}`, () => {
    it('lists the organizations that hold something and exports one as JSON: tenant, documents with their text, jobs', async () => {
      const h = harness();
      const [a, b] = [await h.join(), await h.join()];
      const [orgA, orgB, onlyRead] = [newOrg(), newOrg(), newOrg()];
      const A = new Written(a, orgA);
      A.withTenant('provisioning');
      A.builtin('corpusword', T0);
      // Every instance builds the demo corpus itself (the memory store's one instance, once).
      for (const state of h.separateInstances ? [a, b] : [a]) A.buildCorpus(state);
      await A.ready('readyword', T2);
      await A.indexing('pendingword', T1, new CustomApiError(502, 'indexing_failed', 'Upstream', 'boom'));
      await A.failed('failedword', T2);
      const B = new Written(b, orgB);
      await B.ready('otherword', T1);
      await value(a.read(onlyRead));
      await h.settle(a, b);
      await h.settle(b, a);
      // Opened after the writes: it exports the same as the others.
      const late = await h.join();
      if (h.separateInstances) A.buildCorpus(late);
      for (const state of [a, b, late]) {
        expect(await listed(state, [orgA, orgB, onlyRead])).toEqual([orgA, orgB].sort());
        const exported = await value(state.perOrg.export(orgA));
        expect(exported).toEqual(A.expected());
        expect(JSON.parse(JSON.stringify(exported))).toStrictEqual(exported);
        expect(await value(state.perOrg.export(orgB))).toEqual(B.expected());
        expect(await value(state.perOrg.export(onlyRead))).toBeUndefined();
      }
    });
    it("resetting one organization through one instance removes it for every instance, index and demo corpus included, and nothing of another's", async () => {
      const h = harness();
      const [a, b] = [await h.join(), await h.join()];
      const [orgA, orgB] = [newOrg(), newOrg()];
      const A = new Written(a, orgA);
      A.withTenant('ready');
      A.builtin('sandcorpus', T0);
      for (const state of h.separateInstances ? [a, b] : [a]) A.buildCorpus(state);
      await A.ready('sandready', T1);
      const pending = await A.indexing('sandpending', T2);
      const B = new Written(b, orgB);
      B.withTenant('ready');
      await B.ready('keepready', T1);
      await h.settle(a, b);
      await h.settle(b, a);
      b.local(orgA).failNextJobs = 2;
      b.local(orgA).logSearch({
        request_id: 'req_1',
        time: T0,
        mode: 'retrieve',
        query: 'sandready',
        rewritten_query: null,
        instructions: null,
        results: 1,
      });
      expect(found(await value(b.read(orgA)), 'sandready').length).toBeGreaterThan(0);
      const told: [string, string[]][] = [];
      a.onOrgReset((orgId, jobIds) => told.push([orgId, jobIds]));
      const before = await value(b.perOrg.export(orgB));
      expect(before).toEqual(B.expected());

      await value(a.perOrg.reset(orgA));
      // The jobs still processing, for their due completions to be cancelled by the instance that reset.
      expect(told).toEqual([[orgA, [pending.job.jobId]]]);
      await h.settle(a, b);
      const late = await h.join();
      if (h.separateInstances) A.buildCorpus(late);
      for (const state of [a, b, late]) {
        expect(await listed(state, [orgA, orgB])).toEqual([orgB]);
        expect(await value(state.perOrg.export(orgA))).toBeUndefined();
        const org = await value(state.read(orgA));
        expect(ids(org)).toEqual([]);
        expect([...org.jobs.keys()]).toEqual([]);
        for (const word of ['sandcorpus', 'sandready', 'sandpending']) expect(found(org, word)).toEqual([]);
        expect(await value(state.text(orgA, pending.doc.documentId))).toBeNull();
        expect(state.tenants.get(orgA)).toBeUndefined();
        expect(state.local(orgA).failNextJobs).toBe(0);
        expect(state.local(orgA).searches).toEqual([]);
        expect(await value(state.perOrg.export(orgB))).toEqual(before);
      }
      // A job of the reset organization finishes nothing; nothing to reset is no error.
      const done = { ...pending.job, status: 'completed' as const };
      const ready = { ...pending.doc, status: 'ready' as const };
      expect(await value(b.finish(orgA, done, ready, prepareText(pending.text)))).toBeNull();
      await value(b.perOrg.reset(orgA));

      // The organization works again afterwards, through any instance.
      const again = new Written(b, orgA);
      again.withTenant('ready');
      await again.ready('sandagain', T3);
      await h.settle(b, a);
      for (const state of [a, b]) {
        expect(await listed(state, [orgA, orgB])).toEqual([orgA, orgB].sort());
        expect(await value(state.perOrg.export(orgA))).toEqual(again.expected());
        expect(found(await value(state.read(orgA)), 'sandagain').length).toBeGreaterThan(0);
        expect(state.tenants.get(orgA)?.state).toBe('ready');
      }
    });

    it('writes on another instance racing a reset of one organization: the other one intact, the reset one fully there or fully gone', async () => {
      const h = harness();
      const [a, b] = [await h.join(), await h.join()];
      const [orgA, orgB] = [newOrg(), newOrg()];
      await new Written(a, orgA).ready('raceold', T0);
      const B = new Written(b, orgB);
      await B.ready('racekeep', T0);
      const A = new Written(b, orgA);
      const reset = value(a.perOrg.reset(orgA));
      const writes = Promise.all([A.ready('racenew', T1), B.indexing('raceother', T1)]);
      A.withTenant('ready');
      await Promise.all([reset, writes]);
      await h.settle(b, a);
      await h.settle(a, b);
      for (const state of [a, b]) {
        expect(await value(state.perOrg.export(orgB))).toEqual(B.expected());
        const exported = await value(state.perOrg.export(orgA));
        const org = await value(state.read(orgA));
        expect(found(org, 'raceold')).toEqual([]);
        // Each write is whole: the upload (document, text, job) and the tenant are there or not.
        const expected = A.expected();
        if (exported?.documents.length) {
          expect(exported.documents).toEqual(expected.documents);
          expect(exported.jobs).toEqual(expected.jobs);
          expect(found(org, 'racenew').length).toBeGreaterThan(0);
        } else {
          expect(exported?.jobs ?? []).toEqual([]);
          expect(found(org, 'racenew')).toEqual([]);
        }
        expect(state.tenants.get(orgA) === undefined).toBe(exported?.tenant === undefined);
      }
      expect(a.tenants.get(orgA) === undefined).toBe(b.tenants.get(orgA) === undefined);
    });
  });
}
