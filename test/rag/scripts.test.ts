/** Scripted search answers through /_emulator/rag/scripts: matching, queue, org scope, refusals, billing. */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { buildRagEmulator, readyOrg, search, type RagTest } from './helpers.js';

let t: RagTest;
let demoDoc: string;
beforeAll(async () => {
  t = await buildRagEmulator({ seed: 'rag-scripts' });
  await t.emulator.ready();
  const docs = await request(t.app).get('/v1/rag/documents').set('Authorization', bearer(t.keys.live));
  demoDoc = docs.body.documents[0].document_id;
});
afterAll(async () => {
  await t.emulator.close();
});
beforeEach(async () => {
  await request(t.app).delete('/_emulator/rag/scripts').expect(200);
});

const addScript = (body: Record<string, unknown>) => request(t.app).post('/_emulator/rag/scripts').send(body);
const item = (document_id: string, score: number) => ({
  document_id,
  score,
  chunk_id: `${document_id}_c0`,
  text: 'x',
});

describe('scripted RAG search answers', () => {
  it('answers the matching query and mode with the scripted results and answer, then searches again', async () => {
    const created = await addScript({
      org_id: t.orgId,
      query: '  annual   leave ',
      mode: 'answer',
      results: [item(demoDoc, 0.9)],
      answer: 'Thirty days [1].',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ remaining: 1, matched: 0, org_id: t.orgId, off_contract: false });
    // Another mode does not match; the query matches after trimming and collapsing white space.
    const other = await search(t, t.keys.live, { query: 'annual leave', mode: 'retrieve' });
    expect(other.body.answer).toBeUndefined();
    const res = await search(t, t.keys.live, { query: 'annual leave', mode: 'answer' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mode: 'answer',
      answer: 'Thirty days [1].',
      results: [item(demoDoc, 0.9)],
    });
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
    expect(res.body.search_time_ms).toBeGreaterThanOrEqual(0);
    const again = await search(t, t.keys.live, { query: 'annual leave', mode: 'answer' });
    expect(again.body.answer).not.toBe('Thirty days [1].');
  });

  it('queue N answers N searches; detail minimal and a smaller top_k shape the scripted results', async () => {
    await addScript({ queue: 2, results: [item(demoDoc, 0.8), item(demoDoc, 0.7), item(demoDoc, 0.6)] });
    const a = await search(t, t.keys.live, { query: 'anything', top_k: 2, detail: 'minimal' });
    expect(a.body.results).toEqual([
      { document_id: demoDoc, score: 0.8 },
      { document_id: demoDoc, score: 0.7 },
    ]);
    const b = await search(t, t.keys.live, { query: 'else' });
    expect(b.body.results).toHaveLength(3);
    expect((await request(t.app).get('/_emulator/rag/scripts')).body.scripts).toEqual([]);
  });

  it('is scoped to its organization; a scripted error is returned and not billed, an answer is billed', async () => {
    const other = await readyOrg(t, 'Other');
    await addScript({ org_id: other.orgId, error: { status: 503, code: 'upstream_unavailable' } });
    const listed = await request(t.app).get('/_emulator/rag/scripts').query({ org_id: t.orgId });
    expect(listed.body.scripts).toEqual([]);
    const mine = await search(t, t.keys.live, { query: 'leave' });
    expect(mine.status).toBe(200);
    const failed = await search(t, other.key, { query: 'leave' });
    expectProblem(failed, 503, 'upstream_unavailable');
    expect(await t.emulator.part('metering').entries({ orgId: other.orgId, product: 'rag_search' })).toEqual(
      [],
    );
    await addScript({ org_id: other.orgId, results: [] });
    expect((await search(t, other.key, { query: 'leave' })).body.results).toEqual([]);
    expect(
      await t.emulator.part('metering').entries({ orgId: other.orgId, product: 'rag_search' }),
    ).toHaveLength(1);
  });

  it.each([
    [{ results: [{ document_id: 'd', score: 1.5 }] }, 'results[0].score'],
    [{ results: [{ score: 0.5 }] }, 'document_id'],
    [{ results: Array.from({ length: 101 }, () => ({ document_id: 'd', score: 0.1 })) }, 'results'],
    [{ mode: 'retrieve', answer: 'no' }, 'answer'],
    [{ org_id: 'ORG', results: [{ document_id: 'doc_missing', score: 0.5 }] }, 'results[0].document_id'],
    [{ mode: 'summarise' }, 'mode'],
  ])('refuses %j with 422 naming %s', async (body, field) => {
    const res = await addScript(JSON.parse(JSON.stringify(body).replace('"ORG"', JSON.stringify(t.orgId))));
    expect(expectProblem(res, 422, 'validation_failed').detail).toContain(field);
  });

  it('deletes one, and a reset empties the scripts', async () => {
    const a = await addScript({ results: [] });
    await request(t.app).delete(`/_emulator/rag/scripts/${a.body.id}`).expect(204);
    expectProblem(await request(t.app).delete(`/_emulator/rag/scripts/${a.body.id}`), 404, 'not_found');
    await addScript({ results: [] });
    await request(t.app)
      .post('/_emulator/reset')
      .expect((r) => expect(r.status).toBeLessThan(300));
    expect((await request(t.app).get('/_emulator/rag/scripts')).body.scripts).toEqual([]);
  });
});
