/**
 * The RAG state of one organization through the emulator's state units (issue 23 item 2): exported with its
 * jobs in flight and the demo corpus, and reset with its due work and its index.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/app/config.js';
import { readCorpusIndex } from '../../src/rag/corpus-index.js';
import { RAG_FIXTURES_DIR } from '../../src/rag/corpus.js';
import type { RagState } from '../../src/rag/rag-state.js';
import { documentLimits } from '../../src/rag/service.js';
import { buildRagEmulator, readyOrg, search, upload, type RagTest } from './helpers.js';

let t: RagTest;
afterEach(async () => t.emulator.close());

const ragState = () => t.emulator.state.list().find((u) => u.name === 'rag') as RagState;
const ragExport = async (orgId: string) => (await t.emulator.state.exportOrg(orgId)).rag as any;

describe('RAG state per organization', () => {
  it('exports an upload in flight with its text and due time; resetting its organization cancels its completion', async () => {
    t = await buildRagEmulator();
    const { orgId, key } = await readyOrg(t);
    const text = 'The zorvane gateway restarts every night at two.';
    const res = await upload(t, key, { bytes: text, name: 'notes.txt' }).expect(202);
    const { rag } = t.emulator.config;
    const dueMs =
      t.clock.now() + Math.round((rag.indexBaseSeconds + text.length / rag.indexBytesPerSecond) * 1000);

    const exported = await ragExport(orgId);
    expect(exported.tenant).toMatchObject({ orgId, state: 'ready' });
    expect(exported.documents).toEqual([
      expect.objectContaining({
        documentId: res.body.document.document_id,
        status: 'indexing',
        text: { language: 'en', chunks: [text] },
      }),
    ]);
    expect(exported.jobs).toEqual([
      expect.objectContaining({
        jobId: res.body.job.job_id,
        status: 'processing',
        dueAt: new Date(dueMs).toISOString(),
      }),
    ]);
    expect(await t.emulator.state.orgIds()).toContain(orgId);

    const timers = t.clock.state().pendingTimers;
    await t.emulator.state.resetOrg(orgId);
    // The upload's completion goes with it (the billing period's end is one timer for every organization
    // whose period ends then: the demo organization's keeps it).
    expect(t.clock.state().pendingTimers).toBe(timers - 1);
    expect(await ragExport(orgId)).toBeUndefined();
    const org = await ragState().read(orgId);
    expect([...org.documents.keys(), ...org.jobs.keys()]).toEqual([]);
  });

  it("the demo corpus is part of the demo organization's export, and goes from search with a reset of it", async () => {
    t = await buildRagEmulator();
    await t.emulator.ready();
    const corpus = (await readCorpusIndex(RAG_FIXTURES_DIR, documentLimits(resolveConfig({}).rag)))!;
    const before = await search(t, t.keys.live, { query: 'الاجازه السنويه' }).expect(200);
    expect(before.body.results.length).toBeGreaterThan(0);

    const exported = await ragExport(t.orgId);
    expect(
      exported.documents.map((d: any) => ({ id: d.documentId, builtin: d.builtin, text: d.text })),
    ).toEqual(
      // Made at the same clock time: in the order they were indexed (the manifest's).
      corpus.map((c) => ({
        id: c.id,
        builtin: true,
        text: { chunks: c.prepared.chunks.map((chunk) => chunk.text) },
      })),
    );

    await t.emulator.state.resetOrg(t.orgId);
    expect(await ragExport(t.orgId)).toBeUndefined();
    const org = await ragState().read(t.orgId);
    expect(org.documents.size).toBe(0);
    expect(org.index.stats().documents).toBe(0);
  });
});
