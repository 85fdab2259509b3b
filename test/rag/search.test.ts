/** POST /v1/rag/search through HTTP: every request field, answer and analyze modes, billing, isolation, quality. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { RAG_FIXTURES_DIR } from '../../src/rag/corpus.js';
import { buildEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { buildRagEmulator, finishJobs, readyOrg, search, upload, type RagTest } from './helpers.js';

interface Item {
  document_id: string;
  score: number;
  chunk_id?: string;
  text?: string;
}

let t: RagTest;
afterEach(async () => t.emulator.close());

const ids = (body: { results: Item[] }) => body.results.map((r) => r.document_id);

/** Sends the request and resolves once its analyze wait is scheduled on the clock (awaits turns, no sleep). */
async function startAnalyze(
  body: Record<string, unknown>,
  key = t.keys.live,
): Promise<{ done: Promise<request.Response>; settled: () => boolean }> {
  const before = t.clock.state().pendingTimers;
  let settled = false;
  const done = search(t, key, body).then((r) => {
    settled = true;
    return r;
  });
  while (t.clock.state().pendingTimers === before && !settled) await new Promise((r) => setImmediate(r));
  return { done, settled: () => settled };
}

describe('RAG search request fields', () => {
  it('ranks the demo corpus (Arabic normalisation) and returns full items by default', async () => {
    t = await buildRagEmulator();
    const res = await search(t, t.keys.live, { query: 'الاجازه السنويه' }).expect(200);
    expect(res.body).toMatchObject({
      mode: 'retrieve',
      request_id: res.headers['x-request-id'],
      search_time_ms: 0,
    });
    expect(res.body).not.toHaveProperty('answer');
    const [first] = res.body.results as Item[];
    expect(first.document_id).toBe('doc_hr_annual_leave');
    expect(first.chunk_id).toMatch(/^doc_hr_annual_leave:\d+$/);
    expect(first.text).toContain('إجازة');
    const scores = (res.body.results as Item[]).map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((s) => s > 0 && s < 1)).toBe(true);
  });

  it('top_k bounds the results; min_score drops weaker ones', async () => {
    t = await buildRagEmulator();
    const all = await search(t, t.keys.live, { query: 'VPN الفندق', top_k: 100 }).expect(200);
    expect(all.body.results.length).toBeGreaterThan(3);
    const three = await search(t, t.keys.live, { query: 'VPN الفندق', top_k: 3 }).expect(200);
    expect(three.body.results).toEqual(all.body.results.slice(0, 3));
    const threshold = (all.body.results as Item[])[2].score;
    const strong = await search(t, t.keys.live, {
      query: 'VPN الفندق',
      top_k: 100,
      min_score: threshold,
    }).expect(200);
    expect((strong.body.results as Item[]).every((r) => r.score >= threshold)).toBe(true);
    expect(strong.body.results.length).toBeGreaterThanOrEqual(3);
    expect(strong.body.results.length).toBeLessThan(all.body.results.length);
    expect(
      (await search(t, t.keys.live, { query: 'VPN الفندق', min_score: 1 }).expect(200)).body.results,
    ).toEqual([]);
  });

  it('document_ids, language and file_type restrict the search', async () => {
    t = await buildRagEmulator();
    const only = await search(t, t.keys.live, { query: 'VPN', document_ids: ['doc_en_vpn_faq'] }).expect(200);
    expect(new Set(ids(only.body))).toEqual(new Set(['doc_en_vpn_faq']));
    const en = await search(t, t.keys.live, { query: 'VPN', language: 'en', top_k: 50 }).expect(200);
    expect(ids(en.body).length).toBeGreaterThan(0);
    expect(ids(en.body).every((id) => id.startsWith('doc_en_'))).toBe(true);
    const ar = await search(t, t.keys.live, { query: 'VPN', language: 'ar', top_k: 50 }).expect(200);
    expect(ids(ar.body)).toContain('doc_sec_vpn_guide');
    expect(ids(ar.body).some((id) => id.startsWith('doc_en_'))).toBe(false);
    const auto = await search(t, t.keys.live, { query: 'VPN', language: 'auto', top_k: 50 }).expect(200);
    expect(auto.body.results.length).toBeGreaterThanOrEqual(
      en.body.results.length + ar.body.results.length - 1,
    );
    const csv = await search(t, t.keys.live, { query: 'سعر', file_type: 'csv', top_k: 50 }).expect(200);
    expect(ids(csv.body).length).toBeGreaterThan(0);
    const csvDocs = (
      await request(t.app).get('/v1/rag/documents?limit=1000').set('Authorization', `Bearer ${t.keys.live}`)
    ).body.documents as {
      document_id: string;
      file_type: string;
    }[];
    const csvIds = new Set(csvDocs.filter((d) => d.file_type === 'csv').map((d) => d.document_id));
    expect(ids(csv.body).every((id) => csvIds.has(id))).toBe(true);
    expectProblem(
      await search(t, t.keys.live, { query: 'VPN', language: 'arabic' }),
      422,
      'validation_failed',
    );
  });

  it('metadata_filters: every key must match; a scalar matches an array value containing it; an array filter is any-of', async () => {
    t = await buildRagEmulator();
    const hr = await search(t, t.keys.live, {
      query: 'سياسة',
      top_k: 100,
      metadata_filters: { category: 'hr' },
    }).expect(200);
    expect(ids(hr.body).length).toBeGreaterThan(0);
    expect(ids(hr.body).every((id) => id.startsWith('doc_hr_') || id === 'doc_en_annual_leave')).toBe(true);
    const tagged = await search(t, t.keys.live, {
      query: 'VPN',
      top_k: 100,
      metadata_filters: { tags: 'vpn', year: 2025 },
    }).expect(200);
    expect(ids(tagged.body)).toContain('doc_hr_remote_work');
    const anyOf = await search(t, t.keys.live, {
      query: 'سياسة',
      top_k: 100,
      metadata_filters: { category: ['hr', 'security'] },
    }).expect(200);
    expect(ids(anyOf.body).length).toBeGreaterThan(ids(hr.body).length);
    const none = await search(t, t.keys.live, {
      query: 'سياسة',
      metadata_filters: { category: 'hr', year: 1999 },
    }).expect(200);
    expect(none.body.results).toEqual([]);
    const missing = await search(t, t.keys.live, {
      query: 'سياسة',
      metadata_filters: { no_such_key: 'x' },
    }).expect(200);
    expect(missing.body.results).toEqual([]);
  });

  it('metadata given at upload is what metadata_filters match', async () => {
    t = await buildRagEmulator();
    const org = await readyOrg(t);
    await upload(
      t,
      org.key,
      { bytes: 'Blue widget handbook', name: 'a.txt' },
      { title: 'A', metadata: '{"team":"blue","level":3}' },
    ).expect(202);
    await upload(
      t,
      org.key,
      { bytes: 'Red widget handbook', name: 'b.txt' },
      { title: 'B', metadata: '{"team":"red","level":3}' },
    ).expect(202);
    await finishJobs(t);
    const blue = await search(t, org.key, {
      query: 'widget handbook',
      metadata_filters: { team: 'blue' },
    }).expect(200);
    expect((blue.body.results as Item[]).map((r) => r.text)).toEqual(['Blue widget handbook']);
    const both = await search(t, org.key, { query: 'widget', metadata_filters: { level: 3 } }).expect(200);
    expect(both.body.results).toHaveLength(2);
  });

  it('detail minimal returns only document_id and score', async () => {
    t = await buildRagEmulator();
    const res = await search(t, t.keys.live, { query: 'كلمة المرور', detail: 'minimal', top_k: 5 }).expect(
      200,
    );
    expect(res.body.results).toHaveLength(5);
    for (const r of res.body.results as Item[])
      expect(Object.keys(r).sort()).toEqual(['document_id', 'score']);
    const full = await search(t, t.keys.live, { query: 'كلمة المرور', detail: 'full', top_k: 5 }).expect(200);
    expect((full.body.results as Item[]).map(({ document_id, score }) => ({ document_id, score }))).toEqual(
      res.body.results,
    );
  });

  it('enable_rewrite_search_query expands across languages and adds quoted instruction phrases; the admin log shows it', async () => {
    t = await buildRagEmulator();
    const plain = await search(t, t.keys.live, { query: 'ما هي سياسة الإجازة السنوية؟', top_k: 10 }).expect(
      200,
    );
    expect(ids(plain.body)).not.toContain('doc_en_annual_leave');
    const rewritten = await search(t, t.keys.live, {
      query: 'ما هي سياسة الإجازة السنوية؟',
      top_k: 10,
      enable_rewrite_search_query: true,
      rewrite_search_query_instructions: 'Expand for bilingual search and also look for "carry over".',
    }).expect(200);
    expect(ids(rewritten.body)).toContain('doc_en_annual_leave');
    const log = await request(t.app).get(`/_emulator/orgs/${t.orgId}/rag/searches`).expect(200);
    expect(log.body.searches[0]).toMatchObject({
      request_id: rewritten.body.request_id,
      query: 'ما هي سياسة الإجازة السنوية؟',
      rewritten_query: 'سياسة الإجازة السنوية annual leave leave policy carry over',
      instructions: 'Expand for bilingual search and also look for "carry over".',
    });
    expect(log.body.searches[1]).toMatchObject({ request_id: plain.body.request_id, rewritten_query: null });
    // The OpenAPI document requires the instructions when the rewrite is enabled.
    expectProblem(
      await search(t, t.keys.live, { query: 'x', enable_rewrite_search_query: true }),
      422,
      'validation_failed',
    );
  });

  it('rejects unknown fields and out-of-range values (contract validation)', async () => {
    t = await buildRagEmulator();
    expectProblem(await search(t, t.keys.live, { query: 'x', top_k: 101 }), 422, 'validation_failed');
    expectProblem(await search(t, t.keys.live, { query: 'x', min_score: 1.5 }), 422, 'validation_failed');
    expectProblem(await search(t, t.keys.live, { query: '' }), 422, 'validation_failed');
    expectProblem(await search(t, t.keys.live, { query: 'x', filters: {} }), 422, 'validation_failed');
  });
});

describe('RAG answer mode', () => {
  it('answers only with sentences from the results, each cited [n] → results[n-1]', async () => {
    t = await buildRagEmulator();
    const res = await search(t, t.keys.live, {
      query: 'كم طول كلمة المرور المطلوب للموظفين',
      mode: 'answer',
      top_k: 5,
    }).expect(200);
    const { answer, results } = res.body as { answer: string; results: Item[] };
    expect(results[0].document_id).toBe('doc_sec_password_policy');
    const parts = [...answer.matchAll(/(.+?)\s*\[(\d+)\]/gu)];
    expect(parts.length).toBeGreaterThan(0);
    for (const [, sentence, n] of parts) {
      const cited = results[Number(n) - 1];
      expect(cited, `citation [${n}]`).toBeDefined();
      expect(cited.text).toContain(sentence.trim());
    }
  });

  it('says so when nothing relevant is found, in the language of the question', async () => {
    t = await buildRagEmulator();
    const ar = await search(t, t.keys.live, { query: 'زلزال بركاني', mode: 'answer' }).expect(200);
    expect(ar.body).toMatchObject({ answer: 'لم أجد في المستندات ما يجيب عن هذا السؤال.', results: [] });
    const en = await search(t, t.keys.live, { query: 'volcanic earthquake', mode: 'answer' }).expect(200);
    expect(en.body.answer).toBe('I could not find an answer to this question in the documents.');
  });
});

describe('RAG analyze mode', () => {
  it('waits 5-30 s of clock time, then answers with per-document findings and a synthesis; deterministic', async () => {
    t = await buildRagEmulator();
    const body = { query: 'VPN الفندق', mode: 'analyze', top_k: 5 };
    const pending = await startAnalyze(body);
    await t.clock.advance(4_999);
    expect(pending.settled()).toBe(false);
    await t.clock.advance(25_001);
    const res = await pending.done;
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('analyze');
    expect(res.body.answer).toContain('النتائج حسب المستند:');
    expect(res.body.answer).toContain('التحليل المشترك:');
    expect(res.body.search_time_ms).toBeGreaterThanOrEqual(5_000);
    expect(res.body.search_time_ms).toBeLessThanOrEqual(30_000);
    for (const [, n] of (res.body.answer as string).matchAll(/\[(\d+)\]/g))
      expect(Number(n)).toBeLessThanOrEqual(res.body.results.length);

    const again = await startAnalyze(body);
    await t.clock.advance(30_000);
    const second = await again.done;
    expect({
      answer: second.body.answer,
      results: second.body.results,
      ms: second.body.search_time_ms,
    }).toEqual({
      answer: res.body.answer,
      results: res.body.results,
      ms: res.body.search_time_ms,
    });
  });

  it('is fast with --time-scale', async () => {
    const fast = await buildEmulator({ seed: 'rag-tests', timeScale: 0.0005 });
    t = { ...fast, clock: fast.emulator.part('clock') };
    const started = Date.now();
    const res = await search(t, t.keys.live, { query: 'تحلية المياه', mode: 'analyze' }).expect(200);
    expect(res.body.search_time_ms).toBeGreaterThanOrEqual(5_000);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('RAG search billing', () => {
  it('bills each query by mode (retrieve 1, answer 3, analyze 10); test keys are recorded but not billed', async () => {
    t = await buildRagEmulator();
    await search(t, t.keys.live, { query: 'VPN' }).expect(200);
    await search(t, t.keys.live, { query: 'VPN', mode: 'answer' }).expect(200);
    const analyzing = await startAnalyze({ query: 'VPN', mode: 'analyze' });
    await t.clock.advance(30_000);
    expect((await analyzing.done).status).toBe(200);
    await search(t, t.keys.test, { query: 'VPN' }).expect(200);

    const entries = (
      await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'rag_search' })
    ).reverse();
    expect(
      entries.map((e) => ({ mode: e.mode, amount: e.amount, status: e.status, env: e.environment })),
    ).toEqual([
      { mode: 'retrieve', amount: 1, status: 'billed', env: 'live' },
      { mode: 'answer', amount: 3, status: 'billed', env: 'live' },
      { mode: 'analyze', amount: 10, status: 'billed', env: 'live' },
      { mode: 'retrieve', amount: 0, status: 'not_billed', env: 'test' },
    ]);
  });

  it('prechecks credits before searching (429, nothing recorded)', async () => {
    t = await buildRagEmulator();
    await request(t.app).patch(`/_emulator/orgs/${t.orgId}`).send({ credits: 2 }).expect(200);
    expectProblem(
      await search(t, t.keys.live, { query: 'VPN', mode: 'answer' }),
      429,
      'insufficient_credits',
    );
    expect(await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'rag_search' })).toEqual([]);
  });

  it('bills an upload by bytes at acceptance', async () => {
    t = await buildRagEmulator();
    const org = await readyOrg(t);
    const res = await upload(t, org.key, { bytes: 'x'.repeat(2000), name: 'x.txt' }).expect(202);
    const [entry] = await t.emulator.part('metering').entries({ orgId: org.orgId, product: 'rag_upload' });
    expect(entry).toMatchObject({
      quantity: 2000,
      unit: 'bytes',
      status: 'billed',
      amount: 0.001,
      jobId: res.body.job.job_id,
      requestId: res.body.request_id,
    });
    await upload(t, org.testKey, { bytes: 'y'.repeat(10), name: 'y.txt' }).expect(202);
    expect(
      (
        await t.emulator
          .part('metering')
          .entries({ orgId: org.orgId, product: 'rag_upload', environment: 'test' })
      )[0],
    ).toMatchObject({ status: 'not_billed', reason: 'test_key' });
  });
});

describe('RAG isolation between organizations', () => {
  it("never returns another organization's text, even with its document ids", async () => {
    t = await buildRagEmulator();
    const a = await readyOrg(t, 'A');
    const b = await readyOrg(t, 'B');
    const docA = await upload(t, a.key, {
      bytes: 'The snorkwidget launch code is alpha.',
      name: 'a.txt',
    }).expect(202);
    await upload(t, b.key, { bytes: 'The snorkwidget recipe is beta.', name: 'b.txt' }).expect(202);
    await finishJobs(t);
    const fromA = await search(t, a.key, { query: 'snorkwidget', top_k: 100 }).expect(200);
    expect((fromA.body.results as Item[]).map((r) => r.text)).toEqual([
      'The snorkwidget launch code is alpha.',
    ]);
    const fromB = await search(t, b.key, {
      query: 'snorkwidget',
      top_k: 100,
      document_ids: [docA.body.document.document_id],
    }).expect(200);
    expect(fromB.body.results).toEqual([]);
    // The demo corpus belongs to the demo organization only.
    expect((await search(t, b.key, { query: 'الإجازة السنوية' }).expect(200)).body.results).toEqual([]);
    expect((await search(t, t.keys.live, { query: 'snorkwidget' }).expect(200)).body.results).toEqual([]);
    expect(
      (await request(t.app).get('/v1/rag/documents').set('Authorization', `Bearer ${b.key}`)).body.documents,
    ).toHaveLength(1);
  });
});

describe('RAG search quality on the demo corpus', () => {
  const labelled = (
    JSON.parse(readFileSync(join(RAG_FIXTURES_DIR, 'queries.json'), 'utf8')) as {
      queries: { id: string; query: string; relevant: string[]; highly_relevant?: string[] }[];
    }
  ).queries;
  const picked = ['q02', 'q04', 'q05', 'q14', 'q29', 'q36', 'q41', 'q59', 'q60', 'q69', 'q73', 'q74'];

  it.each(picked)('%s finds a relevant document in the top 3', async (id) => {
    t = await buildRagEmulator();
    const q = labelled.find((x) => x.id === id)!;
    const res = await search(t, t.keys.live, { query: q.query, top_k: 3 }).expect(200);
    const top = [...new Set(ids(res.body))];
    expect(
      top.some((d) => q.relevant.includes(d)),
      `${q.query} → ${top.join(', ')}`,
    ).toBe(true);
  });
});
