/**
 * A RAG organization put back by a load (issue 25): its indexing job in flight completes at its due time on
 * the emulator that loaded it (the area's `onLoaded` listener re-arms it), and its documents answer searches
 * as before. Until the snapshot API is on this branch, the load is the unit's import and `tellLoaded`.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { RagState } from '../../src/rag/rag-state.js';
import { startReceiver } from '../support/receiver.js';
import { buildRagEmulator, finishJobs, get, readyOrg, search, upload, type RagTest } from './helpers.js';

let t: RagTest;
afterEach(async () => t.emulator.close());

const rag = () => t.emulator.state.list().find((u) => u.name === 'rag') as RagState;

/** What a load of one organization does to the RAG unit: reset, import, then the listeners told. */
async function reload(orgId: string): Promise<void> {
  const exported = await rag().perOrg.export(orgId);
  await rag().perOrg.reset(orgId);
  await rag().perOrg.import(orgId, JSON.parse(JSON.stringify(exported)));
  await t.emulator.state.tellLoaded({ orgIds: [orgId], whole: false });
}

describe('RAG state loaded', () => {
  it('an indexing job in flight completes at its due time after a load, and the documents search as before', async () => {
    t = await buildRagEmulator();
    const { orgId, key } = await readyOrg(t);
    await upload(t, key, { bytes: 'The quellmoor bridge opens at dawn.', name: 'a.txt' }).expect(202);
    await finishJobs(t);
    const text = 'The zorvane gateway restarts every night at two.';
    const res = await upload(t, key, { bytes: text, name: 'notes.txt' }).expect(202);
    const jobId = res.body.job.job_id;
    const { rag: config } = t.emulator.config;
    const dueInMs = Math.round((config.indexBaseSeconds + text.length / config.indexBytesPerSecond) * 1000);
    const before = (await search(t, key, { query: 'quellmoor bridge' }).expect(200)).body.results;

    await reload(orgId);
    expect((await search(t, key, { query: 'quellmoor bridge' }).expect(200)).body.results).toEqual(before);
    await t.clock.advance(dueInMs - 1);
    expect((await get(t, key, `/v1/rag/jobs/${jobId}`).expect(200)).body.status).toBe('processing');
    await t.clock.advance(1);
    const job = await get(t, key, `/v1/rag/jobs/${jobId}`).expect(200);
    expect(job.body.status).toBe('completed');
    const found = await search(t, key, { query: 'zorvane gateway' }).expect(200);
    expect(found.body.results[0].document_id).toBe(res.body.document.document_id);
  });

  it('a job whose due time passed before the load completes at once, and its webhook is sent', async () => {
    t = await buildRagEmulator();
    const { orgId, key } = await readyOrg(t);
    const receiver = await startReceiver();
    try {
      await request(t.app)
        .post(`/_emulator/orgs/${orgId}/webhook-endpoints`)
        .send({ url: receiver.url, events: ['job.completed'] })
        .expect(201);
      const res = await upload(t, key, { bytes: 'The ostrel archive closes.', name: 'n.txt' }).expect(202);
      const exported = await rag().perOrg.export(orgId);
      await rag().perOrg.reset(orgId);
      // The clock moves past the due time while the organization is away; its job runs once it is back.
      await finishJobs(t);
      await rag().perOrg.import(orgId, JSON.parse(JSON.stringify(exported)));
      const delivered = receiver.next();
      await t.emulator.state.tellLoaded({ orgIds: [orgId], whole: false });
      expect((await delivered).json.data).toMatchObject({ job_id: res.body.job.job_id, status: 'completed' });
      expect((await get(t, key, `/v1/rag/jobs/${res.body.job.job_id}`).expect(200)).body.status).toBe(
        'completed',
      );
    } finally {
      await receiver.close();
    }
  });
});
