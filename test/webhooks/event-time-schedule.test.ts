/**
 * Regression (stop 42's CI run): a delivery's schedule starts when its event happened (decisions W4, "at once"),
 * not when the emulator got round to writing the delivery. An invoice finalized at a period's end reached by a
 * clock advanced past it, or a job completed at its due time, is dated earlier than the clock; its first
 * attempt was due at the clock's time when the delivery was written, so over Redis, where the period's close
 * takes two round trips, a clock advanced again meanwhile put the first attempt, and so every retry, a day late
 * (CI: `test/sandboxes/parallel.test.ts` waited 60 s for an invoice's retry due only after the next advance).
 * The schedules below are made within one advance only if they start at the event's time: three of the four
 * cases fail on that code (in memory the period's close runs while the advance stands at the period's end, so
 * the invoice was right there already; the case guards it). Memory, and two instances over Redis with the clock
 * advanced through the other one.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { DEFAULT_RETRY_SCHEDULE_MS } from '../../src/webhooks/attempt-maker.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { tone, wav } from '../stt/support.js';

const DAY = 86_400;
const iso = (ms: number) => new Date(ms).toISOString();

interface Delivery {
  status: string;
  next_attempt_at?: string | null;
  attempts: { at: string; status_code?: number }[];
}

/** The schedule of a delivery whose first attempt was due at `first`: each retry counted from the one before. */
function schedule(first: number, attempts: number): string[] {
  const out = [iso(first)];
  for (const ms of DEFAULT_RETRY_SCHEDULE_MS.slice(0, attempts - 1)) out.push(iso((first += ms)));
  return out;
}

/** A sandbox with a frozen clock at `now`, its webhook on the receiver for `events`. */
async function sandbox(admin: Express, receiver: Receiver, now: string, events: string[]) {
  const res = await request(admin)
    .post('/_emulator/sandboxes')
    .send({
      name: `event time ${events.join(',')}`,
      credits: 1000,
      webhook: { url: receiver.url, events },
      clock: { mode: 'frozen', now },
    });
  expect(res.status).toBe(201);
  return res.body as { id: string; org_id: string; keys: { live: { key: string } } };
}

/** The sandbox's delivery of `event` once it has `n` attempts (and `status`, if given): a long poll, no sleep. */
async function delivery(
  admin: Express,
  sandboxId: string,
  event: string,
  n: number,
  status?: string,
): Promise<Delivery> {
  const res = await request(admin)
    .get('/_emulator/webhooks/deliveries')
    .query({ sandbox: sandboxId, event, min_attempts: n, wait: 10, ...(status ? { status } : {}) });
  expect(res.status).toBe(200);
  const [d] = (res.body as { deliveries: Delivery[] }).deliveries;
  expect(d, `a ${event} delivery with ${n} attempts${status ? ` and status ${status}` : ''}`).toBeDefined();
  return d;
}

function cases(setup: () => { admin: Express; other: Express; receiver: Receiver }): void {
  it("an invoice's delivery starts at its period's end: a day's advance past it makes the whole schedule", async () => {
    const { admin, other, receiver } = setup();
    const sbx = await sandbox(admin, receiver, '2031-01-31T23:59:00.000Z', ['invoice.finalized']);
    const advanced = await request(other)
      .post(`/_emulator/sandboxes/${sbx.id}/clock/advance`)
      .send({ seconds: DAY });
    expect(advanced.body.now).toBe('2031-02-01T23:59:00.000Z');
    const attempts = DEFAULT_RETRY_SCHEDULE_MS.length + 1;
    const d = await delivery(admin, sbx.id, 'invoice.finalized', attempts, 'failed');
    expect(d.attempts.map((a) => a.at)).toEqual(schedule(Date.parse('2031-02-01T00:00:00.000Z'), attempts));
    expect(d.attempts.every((a) => a.status_code === 500)).toBe(true);
  });

  it("a job's completion is delivered from the time it completed, not from when the clock was read", async () => {
    const { admin, other, receiver } = setup();
    const start = Date.parse('2031-03-10T08:00:00.000Z');
    const sbx = await sandbox(admin, receiver, iso(start), ['job.completed']);
    // 90 s of audio: a job due max(2 s, 0.1 × 90 s) = 9 s after it was accepted (decisions S10).
    const job = await request(other)
      .post('/v1/stt/transcriptions')
      .set('Authorization', `Bearer ${sbx.keys.live.key}`)
      .attach('file', wav(tone(90, 440, 8000), 8000), 'long.wav');
    expect(job.status).toBe(202);
    await request(admin).post(`/_emulator/sandboxes/${sbx.id}/clock/advance`).send({ seconds: 60 });
    const d = await delivery(admin, sbx.id, 'job.completed', 2);
    // Completed at +9 s (CJ4): attempts then and 10 s later, the next one 1 min after that (+79 s, not reached).
    expect(d.attempts.map((a) => a.at)).toEqual(schedule(start + 9_000, 2));
    expect(d.status).toBe('pending');
    expect(d.next_attempt_at).toBe(
      iso(start + 9_000 + DEFAULT_RETRY_SCHEDULE_MS[0] + DEFAULT_RETRY_SCHEDULE_MS[1]),
    );
  });
}

describe('a delivery is due from its event (memory)', () => {
  let emu: Emulator;
  let receiver: Receiver;
  beforeAll(async () => {
    emu = await createEmulator({ seed: 'event-time', logLevel: 'silent', demoCorpus: false, workers: 0 });
    receiver = await startReceiver();
    receiver.respond = () => 500;
  });
  afterAll(async () => {
    await emu?.close();
    await receiver?.close();
  });
  cases(() => ({ admin: emu.app, other: emu.app, receiver }));
});

describe('a delivery is due from its event (two instances over Redis)', () => {
  let redis: TestRedis;
  let a: Emulator;
  let b: Emulator;
  let receiver: Receiver;
  const start = (id: string) =>
    createEmulator({
      seed: 'event-time',
      store: redis.url,
      instanceId: id,
      logLevel: 'silent',
      demoCorpus: false,
      workers: 0,
    });
  beforeAll(async () => {
    redis = await startRedis();
    receiver = await startReceiver();
    receiver.respond = () => 500;
    a = await start('event-time-a');
    b = await start('event-time-b');
  }, 30_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await receiver?.close();
    await redis?.stop();
  });
  cases(() => ({ admin: a.app, other: b.app, receiver }));
});
