/**
 * Issue 17, RAG: two emulator processes (the built CLI) over one real Redis share RAG tenants, documents
 * with their extracted text, and indexing jobs. A document ingested through A is listed and found on B,
 * ranked as on A; deleted through A, B never returns it again; the job is visible on B; a reset on either
 * clears the other's RAG state; while Redis is down, RAG calls answer 502 before changing anything.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, runCli } from '../support/cli.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import {
  startInstance,
  startRedis,
  type StoreInstance as Instance,
  type TestRedis,
} from '../support/redis.js';

let redis: TestRedis;
let a: Instance;
let b: Instance;
let hooks: Receiver;
let configFile: string;

/** An instance with the demo corpus (startInstance starts them without). */
async function startWithCorpus(id: string): Promise<Instance> {
  const run = runCli(['--store', redis.url, '--port', '0', '--instance-id', id, '--config', configFile]);
  const [, base, admin] = /ready at (\S+) \(admin (\S+)\)/.exec(await run.line(/^svc-emulator ready at /))!;
  const liveKey = (await run.line(/^demo live key: /)).split(': ')[1];
  return { run, base, admin, liveKey };
}

async function call(
  on: Instance,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const init: RequestInit = {
    method,
    headers: { Authorization: `Bearer ${on.liveKey}`, 'Content-Type': 'application/json' },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(`${on.base}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function admin(
  on: Instance,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${on.admin}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function upload(on: Instance, title: string, text: string): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('title', title);
  form.append('file', new Blob([text], { type: 'text/plain' }), `${title}.txt`);
  const res = await fetch(`${on.base}/rag/documents`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${on.liveKey}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** The `rag.job.completed` webhook of a job: the instance that completes it delivers it. */
async function completed(jobId: string): Promise<any> {
  for (;;) {
    const found = hooks.received.find(
      (h) => h.json?.event === 'rag.job.completed' && h.json?.data?.job_id === jobId,
    );
    if (found) return found.json.data;
    await hooks.next();
  }
}

/** A text whose words no other document has, so a search finds exactly it. */
function documentText(word: string): string {
  const paragraph = `The ${word} procedure covers the quarterly ${word} audit. Every ${word} report lists the auditors, the findings and the follow-up dates.`;
  return Array.from({ length: 6 }, (_, i) => `${paragraph} Section ${i + 1} of the ${word} handbook.`).join(
    '\n\n',
  );
}

async function ingest(on: Instance, word: string): Promise<{ documentId: string; jobId: string }> {
  const res = await upload(on, `${word} handbook`, documentText(word));
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return { documentId: res.body.document.document_id, jobId: res.body.job.job_id };
}

const hits = (res: { body: any }) =>
  res.body.results as { document_id: string; chunk_id: string; score: number }[];

beforeAll(async () => {
  redis = await startRedis();
  hooks = await startReceiver();
  const dir = mkdtempSync(join(tmpdir(), 'svc-shared-rag-'));
  configFile = join(dir, 'config.json');
  writeFileSync(configFile, JSON.stringify({ rateLimits: { live: { limit: 10_000, windowSeconds: 60 } } }));
  [a, b] = await Promise.all(
    ['rag-a', 'rag-b'].map((id) => startInstance(redis, id, configFile, ['--webhook-url', hooks.url])),
  );
}, 60_000);

afterAll(async () => {
  await killAll();
  await hooks?.close();
  await redis?.stop();
});

describe('RAG over a shared Redis', () => {
  it('a document ingested through A is listed on B, its job visible there, and a search on B finds it ranked as on A', async () => {
    const { documentId, jobId } = await ingest(a, 'zorblax');
    // The job and the document are in Redis before A answers.
    const pending = await call(b, 'GET', `/rag/jobs/${jobId}`);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ job_id: jobId, document_id: documentId });
    const event = await completed(jobId);
    expect(event).toMatchObject({ status: 'completed', document_id: documentId });
    expect((await call(b, 'GET', `/rag/jobs/${jobId}`)).body.status).toBe('completed');
    const listed = await call(b, 'GET', '/rag/documents');
    expect(listed.body.documents.map((d: { document_id: string }) => d.document_id)).toContain(documentId);
    expect((await call(b, 'GET', `/rag/documents/${documentId}`)).body).toMatchObject({
      status: 'ready',
      chunk_count: event.chunk_count,
    });

    const query = { query: 'zorblax audit findings', top_k: 5, detail: 'full' };
    const onA = await call(a, 'POST', '/rag/search', query);
    const onB = await call(b, 'POST', '/rag/search', query);
    expect(onB.status).toBe(200);
    expect(hits(onB).length).toBeGreaterThan(0);
    expect(hits(onB).every((h) => h.document_id === documentId)).toBe(true);
    expect(hits(onB)).toEqual(hits(onA));
  }, 60_000);

  it('a document deleted through A is gone from searches on B as soon as A answers', async () => {
    const { documentId, jobId } = await ingest(a, 'quindle');
    await completed(jobId);
    const query = { query: 'quindle', top_k: 5 };
    // B has it in its index...
    expect(hits(await call(b, 'POST', '/rag/search', query)).map((h) => h.document_id)).toContain(documentId);
    expect((await call(a, 'DELETE', `/rag/documents/${documentId}`)).status).toBe(204);
    // ...and the very next search on B, without waiting for anything, no longer returns it.
    expect(hits(await call(b, 'POST', '/rag/search', query)).map((h) => h.document_id)).not.toContain(
      documentId,
    );
    expect((await call(b, 'GET', `/rag/documents/${documentId}`)).status).toBe(404);
    expect((await call(b, 'DELETE', `/rag/documents/${documentId}`)).status).toBe(404);
  }, 60_000);

  it('a document deleted through B while its job is processing: the job fails (document_not_found) and the document is never indexed', async () => {
    const { documentId, jobId } = await ingest(a, 'plimbus');
    expect((await call(b, 'DELETE', `/rag/documents/${documentId}`)).status).toBe(204);
    expect(await completed(jobId)).toMatchObject({ status: 'failed', error: { code: 'document_not_found' } });
    expect((await call(a, 'GET', `/rag/jobs/${jobId}`)).body.status).toBe('failed');
    expect(hits(await call(a, 'POST', '/rag/search', { query: 'plimbus' }))).toEqual([]);
  }, 60_000);

  it('the tenant is shared: a state forced through A applies on B', async () => {
    const put = await admin(a, 'PUT', '/orgs/org_demo/rag', { state: 'provisioning', hold: true });
    expect(put.status).toBe(200);
    const seen = await admin(b, 'GET', '/orgs/org_demo/rag');
    expect(seen.body.tenant).toMatchObject({ state: 'provisioning', hold: true });
    const refused = await call(b, 'POST', '/rag/search', { query: 'anything' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('rag_provisioning');
    expect((await admin(b, 'PUT', '/orgs/org_demo/rag', { state: 'ready', hold: false })).status).toBe(200);
    expect((await admin(a, 'GET', '/orgs/org_demo/rag')).body.tenant.state).toBe('ready');
  }, 60_000);

  it('a reset through B clears the RAG documents and jobs on A too', async () => {
    const { documentId, jobId } = await ingest(a, 'vextral');
    await completed(jobId);
    expect((await admin(b, 'POST', '/reset', {})).status).toBe(200);
    expect((await call(a, 'GET', `/rag/documents/${documentId}`)).status).toBe(404);
    expect((await call(a, 'GET', `/rag/jobs/${jobId}`)).status).toBe(404);
    expect(hits(await call(a, 'POST', '/rag/search', { query: 'vextral' }))).toEqual([]);
    expect((await admin(a, 'GET', '/orgs/org_demo/rag')).body).toMatchObject({
      documents: 0,
      tenant: { state: 'ready' },
    });
  }, 60_000);

  it('A killed with SIGKILL right after the 202: the job completes on B, once, and B finds the document', async () => {
    const { documentId, jobId } = await ingest(a, 'frombly');
    a.run.child.kill('SIGKILL');
    await a.run.exited;
    // B claims the completion once A's heartbeat is gone (a few seconds).
    expect(await completed(jobId)).toMatchObject({ status: 'completed', document_id: documentId });
    expect((await call(b, 'GET', `/rag/jobs/${jobId}`)).body.status).toBe('completed');
    expect(
      hits(await call(b, 'POST', '/rag/search', { query: 'frombly' })).map((h) => h.document_id),
    ).toContain(documentId);
    expect(
      hooks.received.filter((h) => h.json?.event === 'rag.job.completed' && h.json?.data?.job_id === jobId),
    ).toHaveLength(1);
  }, 60_000);

  it('the demo corpus is built by each instance; a corpus document deleted on one is gone on the others, even one started later', async () => {
    const c = await startWithCorpus('rag-c');
    // B runs without the corpus: what C lists and B does not is C's corpus.
    const stored = new Set(
      (await call(b, 'GET', '/rag/documents')).body.documents.map(
        (d: { document_id: string }) => d.document_id,
      ),
    );
    const listed = (await call(c, 'GET', '/rag/documents')).body.documents as {
      document_id: string;
      title: string;
    }[];
    const corpus = listed.filter((d) => !stored.has(d.document_id));
    expect(corpus.length).toBeGreaterThan(1);
    const [victim, kept] = corpus;
    const query = { query: victim.title, top_k: 50 };
    expect(hits(await call(c, 'POST', '/rag/search', query)).map((h) => h.document_id)).toContain(
      victim.document_id,
    );
    expect((await call(c, 'DELETE', `/rag/documents/${victim.document_id}`)).status).toBe(204);
    expect(hits(await call(c, 'POST', '/rag/search', query)).map((h) => h.document_id)).not.toContain(
      victim.document_id,
    );
    const d = await startWithCorpus('rag-d');
    expect((await call(d, 'GET', `/rag/documents/${kept.document_id}`)).status).toBe(200);
    expect((await call(d, 'GET', `/rag/documents/${victim.document_id}`)).status).toBe(404);
    expect(hits(await call(d, 'POST', '/rag/search', query)).map((h) => h.document_id)).not.toContain(
      victim.document_id,
    );
  }, 60_000);

  it('while Redis is down RAG calls and RAG admin changes answer 502 upstream_error', async () => {
    const { documentId, jobId } = await ingest(b, 'gruntle');
    await completed(jobId);
    await redis.stop();
    for (const res of [
      await upload(b, 'during the outage', documentText('outage')),
      await call(b, 'POST', '/rag/search', { query: 'gruntle' }),
      await call(b, 'DELETE', `/rag/documents/${documentId}`),
      await admin(b, 'PUT', '/orgs/org_demo/rag', { state: 'idle' }),
      await admin(b, 'GET', '/orgs/org_demo/rag'),
    ]) {
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('upstream_error');
    }
  }, 60_000);
});
