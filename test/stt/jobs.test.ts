/** Audio over the sync cutoff: 202, a job that takes clock time, job.completed to a real receiver. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { verifyWebhookSignature } from '../../src/webhooks/signature.js';
import { bearer, buildEmulator, createKey, createOrg, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { ofJob, startReceiver, type Receiver } from '../support/receiver.js';
import { TEXT_AR, concat, noise, speech, transcribe, wav } from './support.js';

let t: TestEmulator;
let clock: Clock;
let receiver: Receiver;
let secret: string;

beforeAll(async () => {
  clock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
  t = await buildEmulator({ seed: 'stt-jobs', stt: { syncMaxSeconds: 2 } }, { clock });
  receiver = await startReceiver();
  const ep = await request(t.app)
    .post(`/_emulator/orgs/${t.orgId}/webhook-endpoints`)
    .send({ url: receiver.url, events: ['job.completed'] });
  expect(ep.status).toBe(201);
  secret = ep.body.secret as string;
});
afterAll(async () => {
  await t.emulator.close();
  await receiver.close();
});

const getJob = (id: string, key = t.keys.live) =>
  request(t.app).get(`/v1/stt/jobs/${id}`).set('Authorization', bearer(key));

describe('transcription jobs', () => {
  it('202 with a job; processing for max(2 s, 0.1 × duration) of clock time; then completed, billed and delivered', async () => {
    const audio = speech(TEXT_AR, 16000, 0, 13); // about 30 s
    const file = wav(audio);
    const seconds = Math.round((audio.length / 16000) * 1000) / 1000;
    const res = await transcribe(t.app, t.keys.live, file, { fields: { diarize: 'true' } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      job_id: expect.stringMatching(/^job_/),
      status: 'processing',
      request_id: res.headers['x-request-id'],
    });
    const jobId = res.body.job_id as string;

    const pending = await getJob(jobId).expect(200);
    expect(pending.body).toEqual({
      job_id: jobId,
      status: 'processing',
      created_at: '2030-01-01T00:00:00.000Z',
      updated_at: '2030-01-01T00:00:00.000Z',
      completed_at: null,
      duration_seconds: seconds,
      result: null,
      error: null,
      request_id: res.body.request_id,
    });
    expect(await t.emulator.part('metering').entries({ orgId: t.orgId })).toEqual([]);

    const processingMs = Math.round(seconds * 0.1 * 1000);
    await clock.advance(processingMs - 1);
    expect((await getJob(jobId)).body.status).toBe('processing');
    const hook = receiver.next(ofJob(jobId));
    await clock.advance(1);
    const delivered = await hook;

    expect(delivered.json).toMatchObject({
      event: 'job.completed',
      livemode: true,
      data: { job_id: jobId, status: 'completed' },
    });
    expect(delivered.json.data.result).toMatchObject({
      text: TEXT_AR,
      language: 'ar',
      duration_seconds: seconds,
      request_id: res.body.request_id,
    });
    expect(delivered.json.data.result.segments[0].speaker).toBe('ar-SA-noura');
    expect(
      verifyWebhookSignature(delivered.rawBody, String(delivered.headers['svc-signature']), secret),
    ).toBe(true);

    const done = await getJob(jobId).expect(200);
    expect(done.body).toEqual(delivered.json.data);
    expect(done.body.completed_at).toBe(
      new Date(Date.parse('2030-01-01T00:00:00Z') + processingMs).toISOString(),
    );
    expect(await t.emulator.part('metering').entries({ orgId: t.orgId })).toMatchObject([
      { product: 'stt', quantity: seconds, status: 'billed', jobId, requestId: res.body.request_id },
    ]);
  });

  it('short long audio still takes at least 2 s', async () => {
    const res = await transcribe(t.app, t.keys.live, wav(noise(3)));
    expect(res.status).toBe(202);
    await clock.advance(1999);
    expect((await getJob(res.body.job_id)).body.status).toBe('processing');
    const hook = receiver.next(ofJob(res.body.job_id));
    await clock.advance(1);
    expect((await hook).json.data).toMatchObject({ job_id: res.body.job_id, status: 'completed' });
  });

  it('the clock advanced through the admin API past a long job answers with the job completed and billed (CJ7)', async () => {
    // About 5 minutes of speech: its decoding on the worker pool is still running when the advance arrives.
    const file = wav(concat(...Array.from({ length: 60 }, () => speech(TEXT_AR))));
    for (let i = 0; i < 3; i++) {
      const res = await transcribe(t.app, t.keys.live, file);
      expect(res.status).toBe(202);
      await request(t.app).post('/_emulator/clock/advance').send({ seconds: 3600 }).expect(200);
      const job = (await getJob(res.body.job_id)).body;
      expect(job.status).toBe('completed');
      const entries = await t.emulator.part('metering').entries({ orgId: t.orgId });
      expect(entries.filter((e) => e.jobId === res.body.job_id)).toMatchObject([
        { status: 'billed', quantity: job.duration_seconds },
      ]);
    }
  });

  it('a scripted error fails the job: a Problem in error, not billed, still delivered', async () => {
    await request(t.app)
      .post('/_emulator/stt/scripts')
      .send({ queue: 1, error: { status: 502, code: 'upstream_error', detail: 'engine crashed' } })
      .expect(201);
    const res = await transcribe(t.app, t.keys.test, wav(noise(4)));
    expect(res.status).toBe(202);
    const hook = receiver.next(ofJob(res.body.job_id));
    await clock.advance(2000);
    const delivered = await hook;
    expect(delivered.json.livemode).toBe(false);
    const job = (await getJob(res.body.job_id)).body;
    expect(job).toMatchObject({
      status: 'failed',
      result: null,
      error: {
        type: 'about:blank',
        status: 502,
        code: 'upstream_error',
        detail: 'engine crashed',
        request_id: res.body.request_id,
      },
    });
    expect(delivered.json.data).toEqual(job);
    const entries = (await t.emulator.part('metering').entries({ orgId: t.orgId })).filter(
      (e) => e.jobId === res.body.job_id,
    );
    expect(entries).toMatchObject([{ status: 'not_billed', reason: 'failed_job', amount: 0 }]);
  });

  it("another organization's job, or an unknown id, is 404 job_not_found", async () => {
    const res = await transcribe(t.app, t.keys.live, wav(noise(3)));
    const other = await createOrg(t.app, { name: 'Other' });
    const key = await createKey(t.app, other.id, { scopes: ['stt:transcribe'] });
    expectProblem(await getJob(res.body.job_id, key.key), 404, 'job_not_found');
    expectProblem(await getJob('job_nope'), 404, 'job_not_found');
    const noScope = await createKey(t.app, t.orgId, { scopes: ['tts:speak'] });
    expectProblem(await getJob(res.body.job_id, noScope.key), 403, 'insufficient_scope');
    const listed = await request(t.app).get(`/_emulator/stt/jobs?org_id=${t.orgId}`).expect(200);
    expect(listed.body.jobs.map((j: any) => j.job_id)).toContain(res.body.job_id);
  });

  it('a live key without credits is refused before the job starts (429)', async () => {
    const org = await createOrg(t.app, { name: 'Broke', credits: 0 });
    const key = await createKey(t.app, org.id, { scopes: ['stt:transcribe'] });
    expectProblem(await transcribe(t.app, key.key, wav(noise(3))), 429, 'insufficient_credits');
    expect(await t.emulator.part('metering').entries({ orgId: org.id })).toEqual([]);
  });
});

describe('job faults', () => {
  it('job_stuck leaves a transcription job processing; job_fail fails it with a problem and bills nothing', async () => {
    await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'job_stuck', times: 1, match: { operation: 'stt.transcribe' } });
    const file = wav(noise(3));
    const stuck = await transcribe(t.app, t.keys.live, file);
    expect(stuck.status).toBe(202);
    await clock.advance(3600_000);
    expect((await getJob(stuck.body.job_id as string)).body.status).toBe('processing');

    await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'job_fail', detail: 'engine crashed', times: 1 });
    const failing = await transcribe(t.app, t.keys.live, file);
    const hook = receiver.next(ofJob(failing.body.job_id));
    await clock.advance(3000);
    const delivered = await hook;
    expect(delivered.json.data).toMatchObject({
      job_id: failing.body.job_id,
      status: 'failed',
      error: { code: 'transcription_failed', detail: 'engine crashed' },
    });
    expect((await getJob(failing.body.job_id as string)).body.status).toBe('failed');
    // Entries by job: another test's job may complete (and bill) during this test's advances, on the worker
    // pool's pace, so a count of the organization's billed entries would depend on it.
    const entries = await t.emulator.part('metering').entries({ orgId: t.orgId });
    expect(entries.filter((e) => e.jobId === failing.body.job_id)).toMatchObject([
      { status: 'not_billed', reason: 'failed_job', amount: 0 },
    ]);
    expect(entries.filter((e) => e.jobId === stuck.body.job_id)).toEqual([]);
  });
});

describe('one organization, listed, exported and reset (StateUnits, issue 23 item 2)', () => {
  it('exports a job in flight with its due time; a reset of its organization cancels its completion and no other', async () => {
    const other = await transcribe(t.app, t.keys.live, wav(noise(3)));
    // Everything the organization adds (its billing period's timer, its job's completion) goes with it.
    const beforeOrg = clock.state().pendingTimers;
    const org = await createOrg(t.app, { name: 'Sandbox' });
    const key = await createKey(t.app, org.id, { scopes: ['stt:transcribe'] });
    const timers = clock.state().pendingTimers;
    const res = await transcribe(t.app, key.key, wav(noise(3)));
    expect(res.status).toBe(202);
    // Three seconds of audio: the 2 s minimum of clock time.
    const dueAt = new Date(clock.now() + 2000).toISOString();
    expect((await t.emulator.state.exportOrg(org.id))['stt_jobs']).toEqual({
      jobs: [
        expect.objectContaining({
          job_id: res.body.job_id,
          org_id: org.id,
          status: 'processing',
          due_at: dueAt,
        }),
      ],
    });
    expect(await t.emulator.state.orgIds()).toContain(org.id);
    expect(clock.state().pendingTimers).toBe(timers + 1);

    await t.emulator.state.resetOrg(org.id);
    expect(clock.state().pendingTimers).toBe(beforeOrg);
    expect((await t.emulator.state.exportOrg(org.id))['stt_jobs']).toBeUndefined();
    // The organization itself is gone with its state (the orgs unit), so its job list is a 404.
    await request(t.app).get(`/_emulator/stt/jobs?org_id=${org.id}`).expect(404);
    const hook = receiver.next(ofJob(other.body.job_id));
    await clock.advance(2000);
    expect((await hook).json.data).toMatchObject({ job_id: other.body.job_id, status: 'completed' });
    expect((await getJob(other.body.job_id as string)).body.status).toBe('completed');
  });
});
