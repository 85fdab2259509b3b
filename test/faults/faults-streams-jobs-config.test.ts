import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

describe('stream faults on /v1/tts/stream', () => {
  let t: TestEmulator;
  let baseUrl: string;
  beforeEach(async () => {
    t = await buildEmulator({ seed: 'stream-faults' });
    ({ baseUrl } = await t.emulator.listen(0));
  });
  afterEach(() => t.emulator.close());

  const stream = () =>
    fetch(`${baseUrl}/tts/stream`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.keys.live}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'مرحبا بكم في اختبار البث المقطوع', voice: 'ar-SA-noura' }),
    });

  async function readAll(res: Response): Promise<{ bytes: number; error: string | null }> {
    let bytes = 0;
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return { bytes, error: null };
    } catch (err) {
      return { bytes, error: (err as Error).message };
    }
  }

  it('cuts the stream after N bytes, the client sees an incomplete body, and nothing is billed', async () => {
    await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'stream_truncate', after_bytes: 1000, match: { operation: 'tts.stream' } });
    const res = await stream();
    expect(res.status).toBe(200);
    const read = await readAll(res);
    expect(read.error).not.toBeNull();
    expect(read.bytes).toBe(1000);
    const journal = await request(t.app)
      .get('/_emulator/requests')
      .query({ operation_id: 'tts.stream', wait: 5 });
    expect(journal.body.requests[0].fault.kind).toBe('stream_truncate');
    expect(await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'tts' })).toEqual([]);
  });

  it('slows the stream to N bytes per second and still delivers it whole', async () => {
    const full = await readAll(await stream());
    await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'stream_slow', bytes_per_second: full.bytes * 4 });
    const started = performance.now();
    const slow = await readAll(await stream());
    expect(slow).toEqual({ bytes: full.bytes, error: null });
    // A lower bound only: the fault adds at least a quarter of a second for the whole body.
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });
});

describe('job faults on RAG indexing', () => {
  let t: TestEmulator;
  let clock: Clock;
  beforeEach(async () => {
    clock = new Clock({ mode: 'frozen', startAt: Date.parse('2026-07-01T08:00:00Z') });
    t = await buildEmulator({ seed: 'job-faults' }, { clock });
  });
  afterEach(() => t.emulator.close());

  const upload = () =>
    request(t.app)
      .post('/v1/rag/documents')
      .set('Authorization', `Bearer ${t.keys.live}`)
      .field('title', 'سياسة الاختبار')
      .attach('file', Buffer.from('نص قصير عن سياسة الاختبار في الشركة.\n', 'utf8'), 'policy.txt');
  const job = (id: string) =>
    request(t.app).get(`/v1/rag/jobs/${id}`).set('Authorization', `Bearer ${t.keys.live}`);

  it('job_stuck leaves the indexing job processing long after it would have finished', async () => {
    await request(t.app).post('/_emulator/faults').send({ kind: 'job_stuck', times: 1 });
    const accepted = await upload();
    expect(accepted.status).toBe(202);
    await clock.advance(10 * 60_000);
    expect((await job(accepted.body.job.job_id)).body.status).toBe('processing');
    // The next upload is not affected.
    const next = await upload();
    await clock.advance(60_000);
    expect((await job(next.body.job.job_id)).body.status).toBe('completed');
  });

  it('job_fail fails the job with a problem and refunds the upload', async () => {
    await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'job_fail', detail: 'disk on fire', times: 1 });
    const accepted = await upload();
    await clock.advance(60_000);
    const failed = (await job(accepted.body.job.job_id)).body;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'indexing_failed', detail: 'disk on fire' });
    const uploads = await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'rag_upload' });
    expect(uploads.map((e) => e.status)).toEqual(['refunded']);
  });
});

describe('fault rules from the config file', () => {
  it('are added at boot, validated like POST /faults, and come back after a reset', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-faults-'));
    const file = join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({
        faults: [{ kind: 'error', status: 502, match: { operation: 'auth.createWsToken' } }],
      }),
    );
    const t = await buildEmulator({ config: file });
    try {
      const mint = () =>
        request(t.app)
          .post('/v1/auth/ws-token')
          .set('Authorization', `Bearer ${t.keys.live}`)
          .send({ scopes: ['tts:speak'] });
      expectProblem(await mint(), 502, 'upstream_error');
      await request(t.app).delete('/_emulator/faults');
      expect((await mint()).status).toBe(201);
      await request(t.app).post('/_emulator/reset');
      expect((await mint()).status).toBe(502);
    } finally {
      await t.emulator.close();
    }
    writeFileSync(file, JSON.stringify({ faults: [{ kind: 'error' }] }));
    await expect(buildEmulator({ config: file })).rejects.toThrow(/status is required/);
  });
});
