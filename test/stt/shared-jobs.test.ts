/**
 * Issue 17, STT jobs: two emulator processes (the built CLI) over one real Redis. A job accepted on one is
 * seen on the other while processing and completes when the shared clock passes its time, exactly once
 * (one ledger entry, one job.completed); a job accepted on A completes on B after A is killed with SIGKILL;
 * a reset on one drops the jobs everywhere. The clock is frozen and advanced: no waiting on wall time,
 * except for B to notice that A's heartbeat is gone (a few seconds).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll } from '../support/cli.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import {
  startInstance,
  startRedis,
  type StoreInstance as Instance,
  type TestRedis,
} from '../support/redis.js';
import { TEXT_EN, speech, wav } from './support.js';

const ORG = 'org_demo';
const START = '2030-01-01T00:00:00.000Z';

let redis: TestRedis;
let a: Instance;
let b: Instance;
let receiver: Receiver;
let config: string;

async function withRedis<T>(use: (r: Redis) => Promise<T>): Promise<T> {
  const r = new Redis(redis.url);
  try {
    return await use(r);
  } finally {
    r.disconnect();
  }
}

const redisKeys = (pattern: string) => withRedis((r) => r.keys(pattern));

/** Replaces the transcript text of a job's stored outcome. */
async function rewriteOutcome(id: string, text: string): Promise<void> {
  await withRedis(async (r) => {
    const key = `svc-emulator:stt:org:${ORG}:outcome:${id}`;
    const outcome = JSON.parse((await r.get(key))!) as { result: { text: string } };
    outcome.result.text = text;
    await r.set(key, JSON.stringify(outcome));
  });
}

interface Job {
  job_id: string;
  status: string;
  completed_at: string | null;
  result: { text: string } | null;
}

async function admin(
  on: Instance,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${on.admin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

/** About 9 s of English speech: over the 2 s sync cutoff of the config, so a job of 2 s of clock time. */
const AUDIO = wav(speech(`${TEXT_EN}. ${TEXT_EN}. ${TEXT_EN}.`));

async function submit(on: Instance): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([AUDIO]), 'audio.wav');
  const res = await fetch(`${on.base}/stt/transcriptions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${on.liveKey}` },
    body: form,
  });
  const body = (await res.json()) as { job_id: string; status: string };
  expect(res.status).toBe(202);
  expect(body.status).toBe('processing');
  return body.job_id;
}

async function getJob(on: Instance, id: string): Promise<{ status: number; body: Job }> {
  const res = await fetch(`${on.base}/stt/jobs/${id}`, {
    headers: { Authorization: `Bearer ${on.liveKey}` },
  });
  return { status: res.status, body: (await res.json()) as Job };
}

async function ledgerFor(on: Instance, jobId: string): Promise<{ status: string; quantity: number }[]> {
  const usage = await admin(on, 'GET', `/orgs/${ORG}/usage?limit=1000`);
  expect(usage.status).toBe(200);
  return (
    usage.body.entries as { job_id?: string; jobId?: string; status: string; quantity: number }[]
  ).filter((e) => (e.job_id ?? e.jobId) === jobId);
}

const eventsFor = (r: Receiver, jobId: string) =>
  r.received.filter((h) => h.json.event === 'job.completed' && h.json.data.job_id === jobId);

beforeAll(async () => {
  redis = await startRedis();
  receiver = await startReceiver();
  const dir = mkdtempSync(join(tmpdir(), 'svc-shared-jobs-'));
  config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ stt: { syncMaxSeconds: 2 } }));
  [a, b] = await Promise.all([startInstance(redis, 'A', config), startInstance(redis, 'B', config)]);
  expect((await admin(a, 'POST', '/clock', { mode: 'frozen', now: START })).status).toBe(200);
  // One endpoint, registered through A: endpoints and deliveries are shared, so B delivers A's job's event once.
  expect(
    (
      await admin(a, 'POST', `/orgs/${ORG}/webhook-endpoints`, {
        url: receiver.url,
        events: ['job.completed'],
      })
    ).status,
  ).toBe(201);
});

afterAll(async () => {
  await killAll();
  await receiver?.close();
  await redis?.stop();
});

describe('STT jobs shared by two instances over one Redis', () => {
  it('a job accepted on A is seen on B while processing, and completes once when the clock is advanced through B', async () => {
    const id = await submit(a);
    const onB = await getJob(b, id);
    expect(onB.status).toBe(200);
    expect(onB.body).toEqual((await getJob(a, id)).body);
    expect(onB.body).toMatchObject({ status: 'processing', completed_at: null, result: null });

    expect((await admin(b, 'POST', '/clock/advance', { seconds: 1.999 })).status).toBe(200);
    expect((await getJob(b, id)).body.status).toBe('processing');
    expect((await admin(b, 'POST', '/clock/advance', { seconds: 0.001 })).status).toBe(200);
    await expect.poll(async () => (await getJob(b, id)).body.status, { timeout: 10_000 }).toBe('completed');
    const done = (await getJob(b, id)).body;
    expect(done.result!.text).toContain('quick brown fox');
    expect(done.completed_at).toBe('2030-01-01T00:00:02.000Z');
    expect((await getJob(a, id)).body).toEqual(done);

    await expect.poll(() => eventsFor(receiver, id).length, { timeout: 10_000 }).toBe(1);
    expect(eventsFor(receiver, id)[0].json.data).toEqual(done);
    // The ledger is shared: one billed entry, the same seen from A and from B.
    const onA = await ledgerFor(a, id);
    expect(onA).toMatchObject([{ status: 'billed' }]);
    expect(await ledgerFor(b, id)).toEqual(onA);
  });

  it("a job accepted on B completes when the clock is advanced through A (B's own timer fires), before A answers", async () => {
    const id = await submit(b);
    expect((await admin(a, 'POST', '/clock/advance', { seconds: 2 })).status).toBe(200);
    // B acknowledges the change once the work it made due there is done (CJ7): no polling.
    expect((await getJob(a, id)).body.status).toBe('completed');
    const onB = await ledgerFor(b, id);
    expect(onB).toMatchObject([{ status: 'billed' }]);
    expect(await ledgerFor(a, id)).toEqual(onB);
  });

  it('A killed with SIGKILL right after the 202: B completes the job, once', async () => {
    const id = await submit(a);
    a.run.child.kill('SIGKILL');
    await a.run.exited;
    expect((await getJob(b, id)).body.status).toBe('processing');
    expect((await admin(b, 'POST', '/clock/advance', { seconds: 2 })).status).toBe(200);
    // B takes the job once A's heartbeat is gone (5 s of wall time): it decodes the stored audio again, or
    // finishes from the outcome A stored before it died.
    await expect
      .poll(async () => (await getJob(b, id)).body.status, { timeout: 20_000, interval: 250 })
      .toBe('completed');
    const done = (await getJob(b, id)).body;
    expect(done.result!.text).toContain('quick brown fox');
    await expect.poll(() => eventsFor(receiver, id).length, { timeout: 10_000 }).toBe(1);
    expect(await ledgerFor(b, id)).toMatchObject([{ status: 'billed' }]);
    // Its audio and outcome are gone from Redis with the completion.
    expect(await redisKeys(`svc-emulator:stt:*:${id}`)).toEqual([]);
  });

  it('the accepting instance killed after its decoding ended: B finishes from the stored outcome', async () => {
    const d = await startInstance(redis, 'D', config);
    const id = await submit(d);
    // The new instance's decoding (a cold worker pool, a busy machine) may take a while.
    await expect
      .poll(() => redisKeys(`svc-emulator:stt:org:${ORG}:outcome:${id}`), { timeout: 30_000, interval: 100 })
      .toHaveLength(1);
    d.run.child.kill('SIGKILL');
    await d.run.exited;
    // The outcome says "the five boxing wizards" (written here): B took it rather than decoding the audio.
    await rewriteOutcome(id, 'the five boxing wizards');
    expect((await admin(b, 'POST', '/clock/advance', { seconds: 2 })).status).toBe(200);
    await expect
      .poll(async () => (await getJob(b, id)).body.status, { timeout: 20_000, interval: 250 })
      .toBe('completed');
    expect((await getJob(b, id)).body.result!.text).toBe('the five boxing wizards');
    expect(await ledgerFor(b, id)).toMatchObject([{ status: 'billed' }]);
  });

  it('the accepting instance killed before its decoding ended (no outcome in Redis): B decodes the stored audio', async () => {
    const d = await startInstance(redis, 'E', config);
    const id = await submit(d);
    // The new instance's decoding (a cold worker pool, a busy machine) may take a while.
    await expect
      .poll(() => redisKeys(`svc-emulator:stt:org:${ORG}:outcome:${id}`), { timeout: 30_000, interval: 100 })
      .toHaveLength(1);
    d.run.child.kill('SIGKILL');
    await d.run.exited;
    await withRedis((r) => r.del(`svc-emulator:stt:org:${ORG}:outcome:${id}`));
    expect((await admin(b, 'POST', '/clock/advance', { seconds: 2 })).status).toBe(200);
    await expect
      .poll(async () => (await getJob(b, id)).body.status, { timeout: 20_000, interval: 250 })
      .toBe('completed');
    expect((await getJob(b, id)).body.result!.text).toContain('quick brown fox');
    await expect.poll(() => eventsFor(receiver, id).length, { timeout: 10_000 }).toBe(1);
    expect(await ledgerFor(b, id)).toMatchObject([{ status: 'billed' }]);
  });

  it('a reset on B drops the jobs everywhere', async () => {
    const c = await startInstance(redis, 'C', config);
    const id = await submit(c);
    expect((await getJob(b, id)).status).toBe(200);
    expect((await admin(b, 'POST', '/reset', { keep_clock: true })).status).toBe(200);
    expect((await getJob(c, id)).status).toBe(404);
    expect((await getJob(b, id)).status).toBe(404);
    expect((await admin(c, 'POST', '/clock/advance', { seconds: 5 })).status).toBe(200);
    expect((await admin(c, 'GET', '/stt/jobs')).body.jobs).toEqual([]);
  });
});
