/**
 * Issue 24 item 3 over Redis: two in-process emulators share one Redis and an organization's own clock. A job
 * of that organization accepted on A waits in its clock's lane of the due-work queue (`work:<clock id>:due`);
 * it completes when that clock, advanced through B, passes its time; a job of an organization on the
 * emulators' clocks does not, and those clocks do not move.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { MIN_JOB_SECONDS } from '../../src/stt/service.js';
import { bearer, createKey } from '../support/emulator.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { TEXT_EN, speech, transcribe, wav } from './support.js';

const START = Date.parse('2030-01-01T00:00:00Z');
const ORG_START = Date.parse('2031-06-01T12:00:00Z');
const CLOCK_ID = 'sandbox:sbx_sttlane:clock';
const JOB_MS = MIN_JOB_SECONDS * 1000;
const AUDIO = wav(speech(TEXT_EN));

let redis: TestRedis;
let a: Emulator;
let b: Emulator;

async function start(id: string): Promise<Emulator> {
  const clock = new Clock({ mode: 'frozen', startAt: START });
  return createEmulator(
    { store: redis.url, instanceId: id, demoCorpus: false, logLevel: 'silent', stt: { syncMaxSeconds: 2 } },
    { clock },
  );
}

beforeAll(async () => {
  redis = await startRedis();
  a = await start('stt-lane-a');
  b = await start('stt-lane-b');
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
});

async function job(
  on: Emulator,
  key: string,
  id: string,
): Promise<{ status: string; completed_at: string | null }> {
  const res = await request(on.app).get(`/v1/stt/jobs/${id}`).set('Authorization', bearer(key));
  expect(res.status).toBe(200);
  return res.body as { status: string; completed_at: string | null };
}

describe("STT jobs on an organization's clock, two instances over Redis", () => {
  it('completes when its clock, advanced through the other instance, passes its time; nothing else moves', async () => {
    const org = await request(a.app).post('/_emulator/orgs').send({ name: 'stt lane' });
    expect(org.status).toBe(201);
    const orgId = org.body.id as string;
    const key = (await createKey(a.app, orgId, { scopes: ['stt:transcribe'] })).key;
    const clockStart = { mode: 'frozen' as const, timeScale: 1, at: ORG_START };
    const onA = a.part('clocks').attach(orgId, CLOCK_ID, clockStart);
    await onA.timeState.open?.();
    const onB = b.part('clocks').attach(orgId, CLOCK_ID, clockStart);
    await onB.timeState.open?.();

    const own = await transcribe(a.app, key, AUDIO, { fileName: 'a.wav' });
    expect(own.status).toBe(202);
    const other = await transcribe(a.app, a.demo.keys.live, AUDIO, { fileName: 'b.wav' });
    expect(other.status).toBe(202);
    // The job waits in the organization clock's lane.
    const store = new RedisStore(redis.url, 'peek');
    await store.open();
    expect(await store.redis.zcard(store.key(`work:${CLOCK_ID}:due`))).toBe(1);
    await store.close();

    await onB.advance(JOB_MS);
    await expect
      .poll(async () => (await job(b, key, own.body.job_id as string)).status, { timeout: 20_000 })
      .toBe('completed');
    expect((await job(b, key, own.body.job_id as string)).completed_at).toBe(
      new Date(ORG_START + JOB_MS).toISOString(),
    );
    expect((await job(a, a.demo.keys.live, other.body.job_id as string)).status).toBe('processing');
    expect([a.part('clock').now(), b.part('clock').now()]).toEqual([START, START]);
  });
});
