/** RAG documents and indexing jobs through HTTP: every accepted type, rejections, jobs, webhooks, delete. */
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDocx, buildPdf, buildRawZip, zeroBombDeflate } from '../../src/rag/engine/test-fixtures.js';
import { expectProblem } from '../support/problem.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import {
  buildRagEmulator,
  finishJobs,
  get,
  putTenant,
  readyOrg,
  search,
  upload,
  type RagTest,
} from './helpers.js';

let t: RagTest;
let receiver: Receiver | undefined;
afterEach(async () => {
  await t.emulator.close();
  await receiver?.close();
  receiver = undefined;
});

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$' + 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** One sample per accepted type, each with a unique word to search for. */
const SAMPLES: { type: string; name: string; bytes: () => Uint8Array | string; word: string }[] = [
  {
    type: 'text',
    name: 'notes.txt',
    bytes: () => 'Plain notes about the zephyrine maintenance window on Friday.',
    word: 'zephyrine',
  },
  {
    type: 'markdown',
    name: 'guide.md',
    bytes: () => '# Guide\n\nThe **quillorn** service restarts nightly.\n\n- step one\n- step two',
    word: 'quillorn',
  },
  {
    type: 'html',
    name: 'page.html',
    bytes: () =>
      '<!doctype html><html><head><title>T</title></head><body><h1>Notice</h1><p>The marvex portal is closed.</p><script>var hidden = "scriptword";</script></body></html>',
    word: 'marvex',
  },
  {
    type: 'csv',
    name: 'table.csv',
    bytes: () => 'product,price\nbrimlet router,120\nsim card,10\n',
    word: 'brimlet',
  },
  {
    type: 'json',
    name: 'data.json',
    bytes: () => JSON.stringify({ faq: [{ q: 'What is tolvane?', a: 'Tolvane is our loyalty programme.' }] }),
    word: 'tolvane',
  },
  {
    type: 'pdf',
    name: 'report.pdf',
    bytes: () => buildPdf([['Annual report', 'The gralith project finished early.'], ['Page two text']]),
    word: 'gralith',
  },
  {
    type: 'docx',
    name: 'memo.docx',
    bytes: () => buildDocx(['Memo', 'The vantrel office moves in June.']),
    word: 'vantrel',
  },
];

describe('POST /v1/rag/documents', () => {
  it.each(SAMPLES)(
    'accepts $type (type from the bytes), indexes it as a job and makes it searchable',
    async ({ type, name, bytes, word }) => {
      t = await buildRagEmulator();
      const org = await readyOrg(t);
      const res = await upload(
        t,
        org.key,
        { bytes: bytes(), name },
        { title: `My ${type}`, metadata: JSON.stringify({ team: 'qa' }) },
      ).expect(202);
      expect(res.headers['x-request-id']).toBe(res.body.request_id);
      expect(res.body.document).toMatchObject({
        title: `My ${type}`,
        file_name: name,
        file_type: type,
        size_bytes: Buffer.byteLength(Buffer.from(bytes())),
        status: 'indexing',
        chunk_count: 0,
        metadata: { team: 'qa' },
      });
      expect(res.body.job).toMatchObject({
        type: 'index',
        document_id: res.body.document.document_id,
        status: 'processing',
        completed_at: null,
        error: null,
      });
      // Not searchable before the job completes.
      expect((await search(t, org.key, { query: word }).expect(200)).body.results).toEqual([]);

      await finishJobs(t);
      const job = await get(t, org.key, `/v1/rag/jobs/${res.body.job.job_id}`).expect(200);
      expect(job.body).toMatchObject({ status: 'completed', error: null });
      const doc = await get(t, org.key, `/v1/rag/documents/${res.body.document.document_id}`).expect(200);
      expect(doc.body.status).toBe('ready');
      expect(doc.body.chunk_count).toBeGreaterThan(0);
      const found = await search(t, org.key, { query: word }).expect(200);
      expect(found.body.results[0]).toMatchObject({ document_id: res.body.document.document_id });
      expect(found.body.results[0].text.toLowerCase()).toContain(word);
    },
  );

  it('recognises the type from the bytes, not the name (a CSV named .bin, a DOCX named .txt)', async () => {
    t = await buildRagEmulator();
    const org = await readyOrg(t);
    const docx = await upload(t, org.key, { bytes: buildDocx(['hello docx']), name: 'letter.txt' }).expect(
      202,
    );
    expect(docx.body.document.file_type).toBe('docx');
    const pdf = await upload(t, org.key, { bytes: buildPdf([['hello pdf']]), name: 'scan' }).expect(202);
    expect(pdf.body.document.file_type).toBe('pdf');
  });

  it('rejects the EICAR test file (also inside a DOCX) with 422 malware_detected, leaving no state and no usage', async () => {
    t = await buildRagEmulator();
    const org = await readyOrg(t);
    expectProblem(
      await upload(t, org.key, { bytes: `before ${EICAR} after`, name: 'x.txt' }),
      422,
      'malware_detected',
    );
    expectProblem(
      await upload(t, org.key, { bytes: buildDocx(['intro', EICAR]), name: 'x.docx' }),
      422,
      'malware_detected',
    );
    expect((await get(t, org.key, '/v1/rag/documents').expect(200)).body.documents).toEqual([]);
    expect(await t.emulator.part('metering').entries({ orgId: org.orgId })).toEqual([]);
  });

  it('rejects a DOCX that decompresses beyond the limit with 422 archive_rejected', async () => {
    t = await buildRagEmulator();
    const org = await readyOrg(t);
    const bomb = buildRawZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), method: 0, declaredSize: 8 },
      { name: 'word/document.xml', data: zeroBombDeflate(64), method: 8, declaredSize: 64 * 1024 * 1024 },
    ]);
    const res = await upload(t, org.key, { bytes: bomb, name: 'bomb.docx' });
    expectProblem(res, 422, 'archive_rejected');
    expect(await t.emulator.part('metering').entries({ orgId: org.orgId })).toEqual([]);
  });

  it('rejects a file over rag.maxUploadBytes with 422 document_too_large', async () => {
    t = await buildRagEmulator({ rag: { maxUploadBytes: 1024 } });
    const org = await readyOrg(t);
    const res = await upload(t, org.key, { bytes: 'a '.repeat(1024), name: 'big.txt' });
    expect(expectProblem(res, 422, 'document_too_large').detail).toContain('1024 bytes');
    await upload(t, org.key, { bytes: 'small enough', name: 'ok.txt' }).expect(202);
  });

  it('rejects unknown binary content with 422 unsupported_document_type, naming the accepted types', async () => {
    t = await buildRagEmulator();
    const org = await readyOrg(t);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const problem = expectProblem(
      await upload(t, org.key, { bytes: png, name: 'image.pdf' }),
      422,
      'unsupported_document_type',
    );
    expect(problem.detail).toContain('pdf, docx, html, markdown, csv, json, text');
    const zip = buildRawZip([{ name: 'a.txt', data: Buffer.from('hi'), method: 0, declaredSize: 2 }]);
    expectProblem(await upload(t, org.key, { bytes: zip, name: 'a.zip' }), 422, 'unsupported_document_type');
  });

  it('rejects empty or unreadable documents with their own codes', async () => {
    t = await buildRagEmulator();
    const org = await readyOrg(t);
    expectProblem(await upload(t, org.key, { bytes: '   \n\n  ', name: 'blank.txt' }), 422, 'document_empty');
    expectProblem(
      await upload(t, org.key, { bytes: '%PDF-1.4\nthis is not really a pdf', name: 'broken.pdf' }),
      422,
      'document_unreadable',
    );
  });

  it.each([
    ['not JSON', '{oops', 'not valid JSON'],
    ['an array', '["a"]', 'got an array'],
    ['a string', '"x"', 'got string'],
    ['null', 'null', 'got null'],
  ])('rejects metadata that is %s with 422 invalid_metadata', async (_what, metadata, detail) => {
    t = await buildRagEmulator();
    const org = await readyOrg(t);
    const problem = expectProblem(
      await upload(t, org.key, { bytes: 'text', name: 'a.txt' }, { title: 'a', metadata }),
      422,
      'invalid_metadata',
    );
    expect(problem.detail).toContain(detail);
  });

  it('requires file and title (422 validation_failed from the contract)', async () => {
    t = await buildRagEmulator();
    const org = await readyOrg(t);
    expectProblem(await upload(t, org.key, { bytes: 'text', name: 'a.txt' }, {}), 422, 'validation_failed');
    const noFile = await request(t.app)
      .post('/v1/rag/documents')
      .set('Authorization', `Bearer ${org.key}`)
      .field('title', 'x');
    expectProblem(noFile, 422, 'validation_failed');
  });
});

describe('RAG indexing jobs and rag.job.completed', () => {
  it('takes 1 s + 1 s per 256 KiB of clock time and then sends a signed rag.job.completed webhook', async () => {
    t = await buildRagEmulator();
    receiver = await startReceiver();
    const org = await readyOrg(t);
    const endpoint = await request(t.app)
      .post(`/_emulator/orgs/${org.orgId}/webhook-endpoints`)
      .send({ url: receiver.url, events: ['job.completed'] })
      .expect(201);
    const bytes = 'word '.repeat((512 * 1024) / 5); // 512 KiB → 3 s
    const res = await upload(t, org.key, { bytes, name: 'big.txt' }, { title: 'Big' }).expect(202);
    const jobId = res.body.job.job_id as string;

    await t.clock.advance(2_999);
    expect((await get(t, org.key, `/v1/rag/jobs/${jobId}`)).body.status).toBe('processing');
    const delivered = receiver.next();
    await t.clock.advance(1);
    const job = await get(t, org.key, `/v1/rag/jobs/${jobId}`).expect(200);
    expect(job.body).toMatchObject({ status: 'completed', completed_at: '2025-03-01T09:00:03.000Z' });

    const hook = await delivered;
    expect(hook.json).toMatchObject({
      event: 'rag.job.completed',
      livemode: true,
      data: {
        job_id: jobId,
        document_id: res.body.document.document_id,
        status: 'completed',
        file_type: 'text',
        error: null,
      },
    });
    expect(hook.json.data.chunk_count).toBeGreaterThan(100);
    // The event is dated when the job completed (its due time), as its data says.
    expect(hook.json.createdAt).toBe(hook.json.data.completed_at);
    const [, ts, sig] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(hook.headers['svc-signature']))!;
    expect(
      createHmac('sha256', endpoint.body.secret as string)
        .update(`${ts}.${hook.rawBody}`)
        .digest('hex'),
    ).toBe(sig);
  });

  it("a test key's job event carries livemode false", async () => {
    t = await buildRagEmulator();
    receiver = await startReceiver();
    const org = await readyOrg(t);
    await request(t.app)
      .post(`/_emulator/orgs/${org.orgId}/webhook-endpoints`)
      .send({ url: receiver.url, events: ['job.completed'] })
      .expect(201);
    await upload(t, org.testKey, { bytes: 'test mode text', name: 't.txt' }).expect(202);
    const delivered = receiver.next();
    await finishJobs(t);
    expect((await delivered).json).toMatchObject({
      event: 'rag.job.completed',
      livemode: false,
      data: { status: 'completed' },
    });
  });

  it('a failed job (fail_next_jobs) is refunded, marks the document failed and is reported by webhook', async () => {
    t = await buildRagEmulator();
    receiver = await startReceiver();
    const org = await readyOrg(t);
    await request(t.app)
      .post(`/_emulator/orgs/${org.orgId}/webhook-endpoints`)
      .send({ url: receiver.url, events: ['job.completed'] })
      .expect(201);
    await putTenant(t, org.orgId, { fail_next_jobs: 1 });
    const res = await upload(t, org.key, { bytes: 'doomed text about flarnish', name: 'f.txt' }).expect(202);
    const delivered = receiver.next();
    await finishJobs(t);

    const job = await get(t, org.key, `/v1/rag/jobs/${res.body.job.job_id}`).expect(200);
    expect(job.body).toMatchObject({
      status: 'failed',
      error: { code: 'indexing_failed', status: 502, request_id: res.body.request_id },
    });
    expect((await get(t, org.key, `/v1/rag/documents/${res.body.document.document_id}`)).body.status).toBe(
      'failed',
    );
    expect((await search(t, org.key, { query: 'flarnish' })).body.results).toEqual([]);
    expect((await delivered).json.data).toMatchObject({
      status: 'failed',
      error: { code: 'indexing_failed' },
    });

    const [entry] = await t.emulator.part('metering').entries({ orgId: org.orgId, product: 'rag_upload' });
    expect(entry).toMatchObject({ status: 'refunded', jobId: res.body.job.job_id, quantity: 26 });
    // Only the next job failed.
    const ok = await upload(t, org.key, { bytes: 'fine text', name: 'g.txt' }).expect(202);
    await finishJobs(t);
    expect((await get(t, org.key, `/v1/rag/jobs/${ok.body.job.job_id}`)).body.status).toBe('completed');
  });

  it("another organization's job or document id is 404", async () => {
    t = await buildRagEmulator();
    const a = await readyOrg(t, 'A');
    const b = await readyOrg(t, 'B');
    const res = await upload(t, a.key, { bytes: 'secret of A', name: 'a.txt' }).expect(202);
    expectProblem(await get(t, b.key, `/v1/rag/jobs/${res.body.job.job_id}`), 404, 'job_not_found');
    expectProblem(
      await get(t, b.key, `/v1/rag/documents/${res.body.document.document_id}`),
      404,
      'document_not_found',
    );
    expectProblem(
      await request(t.app)
        .delete(`/v1/rag/documents/${res.body.document.document_id}`)
        .set('Authorization', `Bearer ${b.key}`),
      404,
      'document_not_found',
    );
    await get(t, a.key, `/v1/rag/jobs/${res.body.job.job_id}`).expect(200);
  });
});

describe('RAG document list, get and delete', () => {
  it('lists newest first with a limit; the demo organization holds the 61 corpus documents', async () => {
    t = await buildRagEmulator();
    const demo = await get(t, t.keys.live, '/v1/rag/documents?limit=1000').expect(200);
    expect(demo.body.documents).toHaveLength(61);
    expect(demo.body.documents.every((d: { status: string }) => d.status === 'ready')).toBe(true);

    const org = await readyOrg(t);
    await upload(t, org.key, { bytes: 'first', name: '1.txt' }).expect(202);
    await t.clock.advance(1_000);
    await upload(t, org.key, { bytes: 'second', name: '2.txt' }).expect(202);
    await upload(t, org.key, { bytes: 'third', name: '3.txt' }).expect(202);
    const list = await get(t, org.key, '/v1/rag/documents?limit=2').expect(200);
    expect(list.body.documents.map((d: { file_name: string }) => d.file_name)).toEqual(['3.txt', '2.txt']);
    expectProblem(await get(t, org.key, '/v1/rag/documents?limit=0'), 422, 'validation_failed');
  });

  it('delete removes the document from search and from stored bytes (observed for storage)', async () => {
    t = await buildRagEmulator();
    const org = await readyOrg(t);
    const res = await upload(t, org.key, { bytes: 'The plorbic reactor manual.', name: 'p.txt' }).expect(202);
    const id = res.body.document.document_id as string;
    await finishJobs(t);
    expect((await search(t, org.key, { query: 'plorbic' })).body.results).toHaveLength(1);
    expect((await request(t.app).get(`/_emulator/orgs/${org.orgId}/rag`)).body.stored_bytes.live).toBe(27);

    const del = await request(t.app)
      .delete(`/v1/rag/documents/${id}`)
      .set('Authorization', `Bearer ${org.key}`)
      .expect(204);
    expect(del.text).toBe('');
    expectProblem(await get(t, org.key, `/v1/rag/documents/${id}`), 404, 'document_not_found');
    expect((await search(t, org.key, { query: 'plorbic' })).body.results).toEqual([]);
    const view = await request(t.app).get(`/_emulator/orgs/${org.orgId}/rag`);
    expect(view.body).toMatchObject({ documents: 0, chunks: 0, stored_bytes: { live: 0 } });
    // Storage is metered as the period's maximum: the 27 bytes stay the period's peak.
    const closed = await request(t.app).post(`/_emulator/orgs/${org.orgId}/billing/close-period`).expect(200);
    expect(JSON.stringify(closed.body)).toMatch(/"product":"rag_storage"[^}]*"quantity":27/);
  });

  it('deleting a document while it is indexing fails its job and refunds the upload', async () => {
    t = await buildRagEmulator();
    const org = await readyOrg(t);
    const res = await upload(t, org.key, { bytes: 'short-lived', name: 's.txt' }).expect(202);
    await request(t.app)
      .delete(`/v1/rag/documents/${res.body.document.document_id}`)
      .set('Authorization', `Bearer ${org.key}`)
      .expect(204);
    const job = await get(t, org.key, `/v1/rag/jobs/${res.body.job.job_id}`).expect(200);
    expect(job.body).toMatchObject({ status: 'failed', error: { code: 'document_not_found' } });
    await finishJobs(t);
    expect((await get(t, org.key, `/v1/rag/jobs/${res.body.job.job_id}`)).body.status).toBe('failed');
    expect(
      (await t.emulator.part('metering').entries({ orgId: org.orgId, product: 'rag_upload' }))[0].status,
    ).toBe('refunded');
  });
});
