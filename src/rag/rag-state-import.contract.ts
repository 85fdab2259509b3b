/**
 * The contract of putting one organization's RAG state back (`perOrg.import` and `check`; issue 25), run
 * against the memory implementation and the Redis one by test/rag/rag-state.test.ts with the harness of
 * rag-state.contract.ts: an export, a reset and an import give the same export and the same search answers.
 */
import { describe, expect, it } from 'vitest';
import { sectionSchemaError } from '../../test/support/area-state-schema.js';
import { CustomApiError } from '../core/errors.js';
import type { RagOrgExport } from './rag-export.js';
import { Written } from './rag-state-orgs.contract.js';
import { T0, found, newOrg, value, type RagStateHarness } from './rag-state.contract.js';

const T1 = '2030-01-01T00:00:01.000Z';
const T2 = '2030-01-01T00:00:02.000Z';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export function ragStateImportContract(name: string, harness: () => RagStateHarness): void {
  describe(`RAG state import: ${name}`, () => {
    it('an export put back after a reset exports the same, for every instance, and searches give the same hits and scores', async () => {
      const h = harness();
      const [a, b] = [await h.join(), await h.join()];
      const orgId = newOrg();
      const A = new Written(a, orgId);
      A.withTenant('idle');
      A.builtin('importcorpus', T0);
      for (const state of h.separateInstances ? [a, b] : [a]) A.buildCorpus(state);
      // Two documents made at the same time: the list shows them in the order they were stored.
      await A.ready('zeta', T1);
      await A.ready('alpha', T1);
      const pending = await A.indexing(
        'pendingimport',
        T2,
        new CustomApiError(502, 'indexing_failed', 'Up', 'x'),
      );
      await A.failed('failedimport', T2);
      await h.settle(a, b);
      const exported = (await value(a.perOrg.export(orgId)))!;
      expect(exported).toEqual(A.expected());
      const queries = ['zeta', 'alpha', 'importcorpus', 'procedure quarterly audit', 'pendingimport'];
      const before = await value(a.read(orgId));
      const hits = queries.map((q) => found(before, q));
      expect(hits[0].length).toBeGreaterThan(0);
      const order = [...before.documents.keys()];

      await value(a.perOrg.reset(orgId));
      await h.settle(a, b);
      expect(a.perOrg.check!(orgId, clone(exported))).toBeNull();
      await value(a.perOrg.import(orgId, clone(exported)));
      await h.settle(a, b);
      const late = await h.join();
      for (const state of [a, b, late]) {
        // At once (the index build has not run: the text comes from what waits for it), then once searchable.
        expect(await value(state.perOrg.export(orgId))).toEqual(exported);
        const org = await value(state.searchable(orgId));
        expect(queries.map((q) => found(org, q))).toEqual(hits);
        expect(await value(state.perOrg.export(orgId))).toEqual(exported);
        expect([...org.documents.keys()]).toEqual(order);
        expect(org.jobs.get(pending.job.jobId)?.injectedFailure).toMatchObject({ code: 'indexing_failed' });
        const text = await value(state.text(orgId, pending.doc.documentId));
        expect(text?.chunks.map((c) => c.text)).toEqual(exported.documents[3].text?.chunks);
        expect(state.tenants.get(orgId)).toMatchObject(exported.tenant!);
      }
      expect(sectionSchemaError('StateOrgRag', exported)).toBeNull();
    });

    it('a reset while a loaded index is being built leaves nothing of it in the index; other organizations build on', async () => {
      const h = harness();
      const a = await h.join();
      const [orgId, other] = [newOrg(), newOrg()];
      const A = new Written(a, orgId);
      await A.ready('staleword', T1);
      await A.ready('freshword', T2);
      const exported = (await value(a.perOrg.export(orgId)))!;
      const fresh = clone(exported);
      fresh.documents = fresh.documents.filter((d) => d.title.includes('freshword'));
      fresh.jobs = [];
      await value(a.perOrg.reset(orgId));
      await value(a.perOrg.import(orgId, clone(exported)));
      await value(a.perOrg.import(other, clone(exported)));
      a.buildIndexes();
      await value(a.perOrg.reset(orgId));
      await value(a.perOrg.import(orgId, fresh));
      a.buildIndexes();
      const org = await value(a.searchable(orgId));
      expect(found(org, 'staleword')).toEqual([]);
      expect(found(org, 'freshword').length).toBeGreaterThan(0);
      const second = await value(a.searchable(other));
      expect(found(second, 'staleword').length).toBeGreaterThan(0);
      // A whole reset while a build runs: nothing of it after.
      const third = newOrg();
      await value(a.perOrg.import(third, clone(exported)));
      a.buildIndexes();
      await h.reset(a);
      const emptied = await value(a.searchable(third));
      expect(found(emptied, 'staleword')).toEqual([]);
      expect(emptied.documents.size).toBe(0);
    });

    it('a section with only a tenant, or only jobs whose documents were deleted, loads', async () => {
      const h = harness();
      const a = await h.join();
      const [onlyTenant, onlyJobs] = [newOrg(), newOrg()];
      const T = new Written(a, onlyTenant);
      T.withTenant('not_provisioned');
      const J = new Written(a, onlyJobs);
      const doc = await J.ready('goneimport', T1);
      await value(a.remove(onlyJobs, doc, []));
      for (const orgId of [onlyTenant, onlyJobs]) {
        const exported = (await value(a.perOrg.export(orgId)))!;
        expect(sectionSchemaError('StateOrgRag', exported)).toBeNull();
        await value(a.perOrg.reset(orgId));
        expect(a.perOrg.check!(orgId, clone(exported))).toBeNull();
        await value(a.perOrg.import(orgId, clone(exported)));
        expect(await value(a.perOrg.export(orgId))).toEqual(exported);
      }
    });

    it('check names what the schema cannot: another organization, ids twice, a processing job without its indexing document', async () => {
      const h = harness();
      const a = await h.join();
      const orgId = newOrg();
      const A = new Written(a, orgId);
      A.withTenant('ready');
      await A.ready('checkready', T1);
      await A.indexing('checkpending', T2);
      const good = (await value(a.perOrg.export(orgId)))!;
      const check = (change: (d: RagOrgExport) => void) => {
        const d = clone(good);
        change(d);
        return a.perOrg.check!(orgId, d);
      };
      expect(check(() => {})).toBeNull();
      const p = good.jobs.findIndex((j) => j.status === 'processing');
      expect(check((d) => (d.tenant!.orgId = 'org_other'))).toMatchObject({ path: '/tenant/orgId' });
      expect(check((d) => d.documents.push(d.documents[0]))).toMatchObject({
        path: '/documents/2/documentId',
      });
      expect(check((d) => d.jobs.push(d.jobs[1]))).toMatchObject({ path: '/jobs/2/jobId' });
      const noDocument = `/jobs/${p}/documentId`;
      expect(check((d) => d.documents.splice(1, 1))).toMatchObject({ path: noDocument });
      expect(check((d) => (d.documents[1].status = 'failed'))).toMatchObject({ path: noDocument });
      expect(check((d) => (d.documents[0].chunkCount += 1))).toMatchObject({
        path: '/documents/0/chunkCount',
      });
      expect(check((d) => (d.documents[0].text = null))).toMatchObject({ path: '/documents/0/text' });
    });
  });
}
