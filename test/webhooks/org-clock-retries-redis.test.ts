/**
 * Issue 24 item 3 over Redis: two in-process emulators share one Redis, and an organization's own clock is
 * shared through it (core/redis-clock.ts). Its webhook retries wait in its clock's due set; a day of that clock,
 * advanced through the other instance, makes every retry of the schedule in order at its own time; the
 * emulators' clocks and an organization on them do not move.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { DEFAULT_RETRY_SCHEDULE_MS } from '../../src/webhooks/attempt-maker.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { startRedis, type TestRedis } from '../support/redis.js';

const START = Date.parse('2030-01-01T00:00:00Z');
const ORG_START = Date.parse('2031-06-01T12:00:00Z');
const DAY = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let redis: TestRedis;
let a: Emulator;
let b: Emulator;
let receiver: Receiver;

async function start(id: string): Promise<Emulator> {
  const clock = new Clock({ mode: 'frozen', startAt: START });
  return createEmulator(
    { store: redis.url, instanceId: id, demoCorpus: false, workers: 0, logLevel: 'silent' },
    { clock },
  );
}

beforeAll(async () => {
  redis = await startRedis();
  receiver = await startReceiver();
  receiver.respond = () => 500;
  a = await start('wh-lane-a');
  b = await start('wh-lane-b');
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await receiver?.close();
  await redis?.stop();
});

interface Delivery {
  status: string;
  next_attempt_at?: string | null;
  attempts: { at: string; status_code?: number }[];
}

async function delivery(orgId: string, n: number, status?: string): Promise<Delivery> {
  const res = await request(a.app)
    .get('/_emulator/webhooks/deliveries')
    .query({ org_id: orgId, event: 'ping', min_attempts: n, wait: 10, ...(status ? { status } : {}) });
  expect(res.status).toBe(200);
  const d = (res.body as { deliveries: Delivery[] }).deliveries[0];
  expect(d.attempts.length).toBeGreaterThanOrEqual(n);
  return d;
}

async function register(orgId: string): Promise<void> {
  const first = receiver.next();
  const res = await request(a.app)
    .post(`/_emulator/orgs/${orgId}/webhook-endpoints`)
    .send({ url: receiver.url, events: ['ping'] });
  expect(res.status).toBe(201);
  await first;
}

describe("webhook retries on an organization's clock, two instances over Redis", () => {
  it('a day of its clock through the other instance makes the whole schedule, in order; nothing else moves', async () => {
    const org = await request(a.app).post('/_emulator/orgs').send({ name: 'lane org' });
    expect(org.status).toBe(201);
    const orgId = org.body.id as string;
    const start = { mode: 'frozen' as const, timeScale: 1, at: ORG_START };
    const onA = a.part('clocks').attach(orgId, 'sandbox:sbx_whlane:clock', start);
    await onA.timeState.open?.();
    const onB = b.part('clocks').attach(orgId, 'sandbox:sbx_whlane:clock', start);
    await onB.timeState.open?.();

    await register(orgId);
    await register(a.demo.orgId);
    expect((await delivery(orgId, 1)).next_attempt_at).toBe(iso(ORG_START + DEFAULT_RETRY_SCHEDULE_MS[0]));

    await onB.advance(DAY);
    const d = await delivery(orgId, DEFAULT_RETRY_SCHEDULE_MS.length + 1, 'failed');
    let due = ORG_START;
    const expected = [iso(due)];
    for (const ms of DEFAULT_RETRY_SCHEDULE_MS) expected.push(iso((due += ms)));
    expect(d.attempts.map((x) => x.at)).toEqual(expected);
    expect(onA.now()).toBe(ORG_START + DAY);

    // The demo organization is on the emulators' clocks: one attempt, its retry waiting; those clocks unchanged.
    const demo = await delivery(a.demo.orgId, 1);
    expect(demo.attempts).toHaveLength(1);
    expect(demo.next_attempt_at).toBe(iso(START + DEFAULT_RETRY_SCHEDULE_MS[0]));
    expect([a.part('clock').now(), b.part('clock').now()]).toEqual([START, START]);
  });
});
