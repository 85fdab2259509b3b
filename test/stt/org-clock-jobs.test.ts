/**
 * Issue 24 item 3, STT jobs on an organization's own clock: a job of an organization with a clock of its own
 * (a sandbox's test clock) completes when THAT clock passes its time, with times read from it; a job of an
 * organization on the emulator's clock does not move, and the emulator's clock stays where it was. A job
 * whose organization was reset does nothing when its time comes.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { MIN_JOB_SECONDS } from '../../src/stt/service.js';
import { bearer, buildEmulator, createKey, createOrg, type TestEmulator } from '../support/emulator.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { TEXT_EN, speech, transcribe, wav } from './support.js';

const GLOBAL_START = Date.parse('2030-01-01T00:00:00Z');
const ORG_START = Date.parse('2031-06-01T12:00:00Z');
/** About 3 s of speech: over the 2 s sync cutoff, a job of MIN_JOB_SECONDS of clock time. */
const AUDIO = wav(speech(TEXT_EN));
const JOB_MS = MIN_JOB_SECONDS * 1000;

let t: TestEmulator;
let globalClock: Clock;
let receiver: Receiver;

beforeAll(async () => {
  globalClock = new Clock({ mode: 'frozen', startAt: GLOBAL_START });
  t = await buildEmulator({ seed: 'stt-org-clock', stt: { syncMaxSeconds: 2 } }, { clock: globalClock });
  receiver = await startReceiver();
  await subscribe(t.orgId);
});
afterAll(async () => {
  await t.emulator.close();
  await receiver.close();
});

async function subscribe(orgId: string): Promise<void> {
  const res = await request(t.app)
    .post(`/_emulator/orgs/${orgId}/webhook-endpoints`)
    .send({ url: receiver.url, events: ['job.completed'] });
  expect(res.status).toBe(201);
}

/** Resolves with the job once its `job.completed` reached the receiver (the job is then final). */
async function completed(key: string, jobId: string): Promise<Job> {
  while (!receiver.received.some((h) => (h.json as { data?: { job_id?: string } }).data?.job_id === jobId))
    await receiver.next();
  return job(key, jobId);
}

/** An organization made through the admin API, with a live key and a frozen clock of its own at ORG_START. */
async function orgWithClock(name: string): Promise<{ orgId: string; key: string; clock: Clock }> {
  const org = await createOrg(t.app, { name });
  const key = await createKey(t.app, org.id, { scopes: ['stt:transcribe'] });
  await subscribe(org.id);
  const clock = t.emulator.part('clocks').attach(org.id, `sandbox:${name}:clock`, {
    mode: 'frozen',
    timeScale: 1,
    at: ORG_START,
  });
  return { orgId: org.id, key: key.key, clock };
}

interface Job {
  job_id: string;
  status: string;
  created_at: string;
  completed_at: string | null;
}

async function job(key: string, id: string): Promise<Job> {
  const res = await request(t.app).get(`/v1/stt/jobs/${id}`).set('Authorization', bearer(key));
  expect(res.status).toBe(200);
  return res.body as Job;
}

async function submit(key: string): Promise<Job> {
  const res = await transcribe(t.app, key, AUDIO, { fileName: 'a.wav' });
  expect(res.status).toBe(202);
  return job(key, (res.body as { job_id: string }).job_id);
}

async function globalNow(): Promise<number> {
  const res = await request(t.app).get('/_emulator/clock');
  return (res.body as { now_ms: number }).now_ms;
}

describe('STT jobs on the clock of their organization', () => {
  it("completes when its organization's clock passes its time; the other org's job and the global clock do not move", async () => {
    const a = await orgWithClock('stt-a');
    const before = await globalNow();
    const own = await submit(a.key);
    const other = await submit(t.keys.live);
    expect(own.created_at).toBe(new Date(ORG_START).toISOString());
    expect(other.created_at).toBe(new Date(before).toISOString());

    await a.clock.advance(JOB_MS - 1);
    expect((await job(a.key, own.job_id)).status).toBe('processing');
    await a.clock.advance(1);
    const done = await completed(a.key, own.job_id);
    expect(done.status).toBe('completed');
    expect(done.completed_at).toBe(new Date(ORG_START + JOB_MS).toISOString());

    // The organization's clock moved; the emulator's did not, nor did the job on it.
    expect(await globalNow()).toBe(before);
    expect((await job(t.keys.live, other.job_id)).status).toBe('processing');
    await globalClock.advance(JOB_MS);
    expect((await completed(t.keys.live, other.job_id)).completed_at).toBe(
      new Date(before + JOB_MS).toISOString(),
    );
    expect(a.clock.now()).toBe(ORG_START + JOB_MS);
  });

  it('advancing by days fires every due job of the organization, in due order', async () => {
    const b = await orgWithClock('stt-b');
    const first = await submit(b.key);
    await b.clock.advance(1000);
    const second = await submit(b.key);
    await b.clock.advance(3 * 24 * 3600 * 1000);
    const [j1, j2] = [await completed(b.key, first.job_id), await completed(b.key, second.job_id)];
    expect([j1.status, j2.status]).toEqual(['completed', 'completed']);
    expect(j1.completed_at).toBe(new Date(ORG_START + JOB_MS).toISOString());
    expect(j2.completed_at).toBe(new Date(ORG_START + 1000 + JOB_MS).toISOString());
  });

  it("a job whose organization was reset does nothing when its organization's clock reaches its time", async () => {
    const c = await orgWithClock('stt-c');
    await submit(c.key);
    await t.emulator.state.resetOrg(c.orgId);
    await c.clock.advance(JOB_MS * 10);
    expect(await t.emulator.state.exportOrg(c.orgId)).toEqual({});
    // The emulator still answers, and its own organization's work is unaffected.
    const other = await submit(t.keys.live);
    await globalClock.advance(JOB_MS);
    expect((await completed(t.keys.live, other.job_id)).status).toBe('completed');
  });
});
