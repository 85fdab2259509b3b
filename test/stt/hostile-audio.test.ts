/**
 * Hostile audio, in-process: cheap checks before any decoding (quota, credits, content limits), and the
 * worker pool's ceilings turned into 422 audio_too_complex or a failed job, never billed. Memory and
 * responsiveness under a real process: hostile-audio.cli.test.ts.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { bearer, buildEmulator, createKey, createOrg, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { SPEECH_FRAME, TINY_FRAME, noise, silentMp3, transcribe, wav } from './support.js';

/** 4 MB of tiny frames: 166,666 frames, 4000 s of audio (the case that used to reach 918 MB RSS). */
const hostile = silentMp3(TINY_FRAME.header, TINY_FRAME.length, 4_000_000);

let t: TestEmulator;
let clock: Clock;
beforeAll(async () => {
  clock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
  t = await buildEmulator(
    {
      seed: 'stt-hostile',
      testQuotas: { stt: 600 },
      stt: { maxUploadBytes: 12 * 1024 * 1024, maxAudioSeconds: 7200, maxFrames: 400_000 },
    },
    { clock },
  );
});
afterAll(async () => {
  await t.emulator.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Decoding tasks among a spied pool's calls (the TTS warm-up after boot also runs tasks on the pool). */
const decodes = (run: { mock: { calls: unknown[][] } }) =>
  run.mock.calls.filter(([name]) => name === 'audio.analyze').length;

const entries = async (requestId: string) =>
  (await t.emulator.part('metering').entries({ orgId: t.orgId })).filter((e) => e.requestId === requestId);

describe('cheap checks come before any decoding', () => {
  it('a test key whose quota the estimate overruns gets 429 and its audio is never decoded', async () => {
    const run = vi.spyOn(t.emulator.workers, 'run');
    const res = await transcribe(t.app, t.keys.test, hostile);
    expectProblem(res, 429, 'test_quota_exceeded');
    expect(res.body.detail).toContain('this request needs 3999.984');
    expect(decodes(run)).toBe(0);
    expect(await entries(res.body.request_id)).toEqual([]);
  });

  it('a live key without the credits gets 429 insufficient_credits, never decoded', async () => {
    const org = await createOrg(t.app, { name: 'Poor', credits: 1 });
    const key = await createKey(t.app, org.id, { scopes: ['stt:transcribe'], environment: 'live' });
    const run = vi.spyOn(t.emulator.workers, 'run');
    expectProblem(await transcribe(t.app, key.key, hostile), 429, 'insufficient_credits');
    expect(decodes(run)).toBe(0);
  });

  it('past stt.maxAudioSeconds (from the headers) → 422 audio_too_complex naming the limit, never decoded', async () => {
    const run = vi.spyOn(t.emulator.workers, 'run');
    const long = silentMp3(
      TINY_FRAME.header,
      TINY_FRAME.length,
      (7_300 / TINY_FRAME.seconds) * TINY_FRAME.length,
    );
    const res = await transcribe(t.app, t.keys.live, long);
    expectProblem(res, 422, 'audio_too_complex');
    expect(res.body.detail).toMatch(
      /^file: the audio lasts 7\d{3}\.\d s; the limit is 7200 \(max_audio_seconds, config stt\.maxAudioSeconds\)$/,
    );
    expect(decodes(run)).toBe(0);
    expect(await entries(res.body.request_id)).toEqual([]);
  });

  it('past stt.maxFrames → 422 audio_too_complex naming the limit, never decoded', async () => {
    const run = vi.spyOn(t.emulator.workers, 'run');
    const many = silentMp3(TINY_FRAME.header, TINY_FRAME.length, 400_001 * TINY_FRAME.length);
    const res = await transcribe(t.app, t.keys.live, many);
    expectProblem(res, 422, 'audio_too_complex');
    expect(res.body.detail).toContain(
      'more than 400000 frames; the limit is 400000 (max_frames, config stt.maxFrames)',
    );
    expect(decodes(run)).toBe(0);
  });

  it('the estimate is never below the decoded duration, and the bill is the decoded duration', async () => {
    const run = vi.spyOn(t.emulator.workers, 'run'); // the control: an accepted upload is decoded on the pool
    const clip = silentMp3(SPEECH_FRAME.header, SPEECH_FRAME.length, 1000 * SPEECH_FRAME.length); // 36 s
    const res = await transcribe(t.app, t.keys.live, clip);
    expect(res.status).toBe(200);
    expect(decodes(run)).toBe(1);
    expect(res.body.duration_seconds).toBeLessThanOrEqual(36);
    expect(await entries(res.body.request_id)).toMatchObject([
      { status: 'billed', quantity: res.body.duration_seconds },
    ]);
  });
});

describe('a ceiling of the worker pool', () => {
  let tight: TestEmulator;
  beforeAll(async () => {
    tight = await buildEmulator(
      { seed: 'stt-tight', taskTimeoutMs: 1, stt: { msPerAudioSecond: 0, syncMaxSeconds: 5 } },
      { clock },
    );
  });
  afterAll(async () => {
    await tight.emulator.close();
  });

  it('sync: 422 audio_too_complex naming the time budget, never billed', async () => {
    const res = await transcribe(tight.app, tight.keys.live, wav(noise(4)));
    expectProblem(res, 422, 'audio_too_complex');
    expect(res.body.detail).toContain('exceeded its time budget of 1 ms');
    expect(
      (await tight.emulator.part('metering').entries({ orgId: tight.orgId })).filter(
        (e) => e.requestId === res.body.request_id && e.status === 'billed',
      ),
    ).toEqual([]);
  });

  it('job: fails with audio_too_complex, not billed', async () => {
    const res = await transcribe(tight.app, tight.keys.live, wav(noise(8)));
    expect(res.status).toBe(202);
    // The task fails on its own; the job ends when its clock time has passed.
    await vi.waitFor(() => expect(tight.emulator.workers.stats().running).toBe(0), { timeout: 30_000 });
    await clock.advance(2000);
    const job = await vi.waitFor(
      async () => {
        const r = await request(tight.app)
          .get(`/v1/stt/jobs/${res.body.job_id}`)
          .set('Authorization', bearer(tight.keys.live));
        expect(r.body.status).toBe('failed');
        return r.body as { error: { code: string; status: number } };
      },
      { timeout: 30_000 },
    );
    expect(job.error).toMatchObject({ status: 422, code: 'audio_too_complex' });
    expect(
      (await tight.emulator.part('metering').entries({ orgId: tight.orgId })).filter(
        (e) => e.jobId === res.body.job_id,
      ),
    ).toMatchObject([{ status: 'not_billed', reason: 'failed_job' }]);
  });
});

describe('abandoned work stops its task', () => {
  it('a reset drops a processing job and stops its decoding', async () => {
    const res = await transcribe(t.app, t.keys.live, hostile);
    expect(res.status).toBe(202);
    await vi.waitFor(() => expect(t.emulator.workers.stats().running).toBe(1), { timeout: 30_000 });
    await request(t.app).post('/_emulator/reset').expect(200);
    await vi.waitFor(() => expect(t.emulator.workers.stats()).toMatchObject({ running: 0, queued: 0 }), {
      timeout: 30_000,
    });
  });
});

describe('a client that disconnects stops its decoding', () => {
  it('the sync task of an aborted upload is stopped, not finished', async () => {
    const sync = await buildEmulator(
      {
        seed: 'stt-abort',
        stt: { syncMaxSeconds: 5000, maxUploadBytes: 8 * 1024 * 1024 },
        demo: { credits: 1e9 },
      },
      { clock },
    );
    const server = sync.app.listen(0, '127.0.0.1');
    try {
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const run = vi.spyOn(sync.emulator.workers, 'run');
      const client = new AbortController();
      const form = new FormData();
      form.append('file', new Blob([hostile]), 'hostile.mp3');
      const upload = fetch(`http://127.0.0.1:${port}/v1/stt/transcriptions`, {
        method: 'POST',
        headers: { Authorization: bearer(sync.keys.live) },
        body: form,
        signal: client.signal,
      });
      await vi.waitFor(() => expect(decodes(run)).toBe(1), { timeout: 30_000 });
      client.abort();
      await expect(upload).rejects.toThrow();
      // The task is stopped: it rejects with the request's abort reason instead of returning a transcript.
      await vi.waitFor(() => expect(sync.emulator.workers.stats().running).toBe(0), { timeout: 30_000 });
      const decoding = run.mock.results.filter((_, i) => run.mock.calls[i][0] === 'audio.analyze');
      const settled = await Promise.allSettled(decoding.map((r) => r.value as Promise<unknown>));
      expect(settled.map((r) => r.status)).toEqual(['rejected']);
      expect(await sync.emulator.part('metering').entries({ orgId: sync.orgId })).toEqual([]);
    } finally {
      server.close();
      await sync.emulator.close();
    }
  });
});
