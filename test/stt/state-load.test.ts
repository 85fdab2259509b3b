/**
 * STT jobs put back by a load (issue 25): a job in flight completes at its due time on the emulator that
 * loaded it (the area's `onLoaded` listener re-arms it from what the job keeps), billed, with `job.completed`
 * sent and signed. Until the snapshot API is on this branch, the load is the unit's import and `tellLoaded`.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import type { SttJobsState } from '../../src/stt/jobs-state.js';
import { verifyWebhookSignature } from '../../src/webhooks/signature.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { TEXT_AR, speech, transcribe, wav } from './support.js';

let t: TestEmulator;
let clock: Clock;
let receiver: Receiver;
let secret: string;

beforeAll(async () => {
  clock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
  t = await buildEmulator({ seed: 'stt-load', stt: { syncMaxSeconds: 2 } }, { clock });
  receiver = await startReceiver();
  const ep = await request(t.app)
    .post(`/_emulator/orgs/${t.orgId}/webhook-endpoints`)
    .send({ url: receiver.url, events: ['job.completed'] });
  secret = ep.body.secret as string;
});
afterAll(async () => {
  await t.emulator.close();
  await receiver.close();
});

const jobsUnit = () => t.emulator.state.list().find((u) => u.name === 'stt_jobs') as SttJobsState;
const getJob = (id: string) =>
  request(t.app).get(`/v1/stt/jobs/${id}`).set('Authorization', bearer(t.keys.live));

describe('STT jobs loaded', () => {
  it('a job in flight completes at its due time after a load: billed, job.completed sent and signed', async () => {
    const audio = speech(TEXT_AR, 16000, 0, 13);
    const seconds = Math.round((audio.length / 16000) * 1000) / 1000;
    const res = await transcribe(t.app, t.keys.live, wav(audio));
    expect(res.status).toBe(202);
    const jobId = res.body.job_id as string;
    const before = (await getJob(jobId).expect(200)).body;

    const exported = await jobsUnit().perOrg.export(t.orgId);
    await jobsUnit().perOrg.reset(t.orgId);
    expect((await getJob(jobId)).status).toBe(404);
    await jobsUnit().perOrg.import(t.orgId, JSON.parse(JSON.stringify(exported)));
    await t.emulator.state.tellLoaded({ orgIds: [t.orgId], whole: false });
    expect((await getJob(jobId).expect(200)).body).toEqual(before);

    const processingMs = Math.round(seconds * 0.1 * 1000);
    await clock.advance(processingMs - 1);
    expect((await getJob(jobId)).body.status).toBe('processing');
    const hook = receiver.next();
    await clock.advance(1);
    const delivered = await hook;
    expect(delivered.json).toMatchObject({
      event: 'job.completed',
      data: { job_id: jobId, status: 'completed' },
    });
    expect(delivered.json.data.result).toMatchObject({ text: TEXT_AR, duration_seconds: seconds });
    expect(
      verifyWebhookSignature(delivered.rawBody, String(delivered.headers['svc-signature']), secret),
    ).toBe(true);
    expect((await getJob(jobId).expect(200)).body).toEqual(delivered.json.data);
    const entries = await t.emulator.part('metering').entries({ orgId: t.orgId });
    expect(entries.filter((e: { jobId?: string }) => e.jobId === jobId)).toHaveLength(1);
  });
});
