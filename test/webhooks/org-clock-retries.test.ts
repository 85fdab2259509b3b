/**
 * Issue 24 item 3, webhook retries on an organization's own clock (a sandbox's test clock): a failing receiver
 * (a local server answering 500) gets the retries of an organization with its own clock on THAT clock's
 * schedule (decisions W4), in order, when it is advanced, even by a day at once; the emulator's clock and an
 * organization on it do not move. A retry of an organization that was reset does nothing.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { DEFAULT_RETRY_SCHEDULE_MS } from '../../src/webhooks/attempt-maker.js';
import { buildEmulator, createOrg, type TestEmulator } from '../support/emulator.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

const GLOBAL_START = Date.parse('2030-01-01T00:00:00Z');
const ORG_START = Date.parse('2031-06-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestEmulator;
let globalClock: Clock;
let receiver: Receiver;

beforeEach(async () => {
  globalClock = new Clock({ mode: 'frozen', startAt: GLOBAL_START });
  t = await buildEmulator({ seed: 'webhook-org-clock' }, { clock: globalClock });
  receiver = await startReceiver();
  receiver.respond = () => 500;
});
afterEach(async () => {
  await t.emulator.close();
  await receiver.close();
});

/** An organization with a frozen clock of its own at ORG_START and an endpoint on the failing receiver. */
async function orgWithClock(name: string): Promise<{ orgId: string; clock: Clock }> {
  const org = await createOrg(t.app, { name });
  const clock = t.emulator.part('clocks').attach(org.id, `sandbox:${name}:clock`, {
    mode: 'frozen',
    timeScale: 1,
    at: ORG_START,
  });
  return { orgId: org.id, clock };
}

async function register(orgId: string): Promise<void> {
  const first = receiver.next();
  const res = await request(t.app)
    .post(`/_emulator/orgs/${orgId}/webhook-endpoints`)
    .send({ url: receiver.url, events: ['ping'] });
  expect(res.status).toBe(201);
  await first;
}

interface Delivery {
  status: string;
  next_attempt_at?: string | null;
  attempts: { at: string; status_code?: number }[];
}

/** The organization's ping delivery once it has `n` attempts logged (long-poll, no sleep). */
async function delivery(orgId: string, n: number): Promise<Delivery> {
  const res = await request(t.app)
    .get('/_emulator/webhooks/deliveries')
    .query({ org_id: orgId, event: 'ping', min_attempts: n, wait: 10 });
  expect(res.status).toBe(200);
  const d = (res.body as { deliveries: Delivery[] }).deliveries[0];
  expect(d.attempts.length).toBeGreaterThanOrEqual(n);
  return d;
}

describe("webhook retries on the organization's clock", () => {
  it('are due on its clock: the global clock moving does not make them, its clock does, one by one', async () => {
    const a = await orgWithClock('wh-a');
    await register(a.orgId);
    let d = await delivery(a.orgId, 1);
    expect(d.next_attempt_at).toBe(iso(ORG_START + DEFAULT_RETRY_SCHEDULE_MS[0]));

    await globalClock.advance(24 * 3600_000);
    expect(receiver.received).toHaveLength(1);
    await a.clock.advance(DEFAULT_RETRY_SCHEDULE_MS[0] - 1);
    expect(receiver.received).toHaveLength(1);
    const second = receiver.next();
    await a.clock.advance(1);
    await second;
    d = await delivery(a.orgId, 2);
    expect(d.attempts[1].at).toBe(iso(ORG_START + DEFAULT_RETRY_SCHEDULE_MS[0]));
    expect(d.next_attempt_at).toBe(
      iso(ORG_START + DEFAULT_RETRY_SCHEDULE_MS[0] + DEFAULT_RETRY_SCHEDULE_MS[1]),
    );
  });

  it('a day of its clock at once makes every retry of the schedule, in order, at its own time', async () => {
    const a = await orgWithClock('wh-b');
    const other = t.orgId;
    await register(a.orgId);
    await register(other);
    await delivery(a.orgId, 1);
    await delivery(other, 1);

    await a.clock.advance(24 * 3600_000);
    const total = DEFAULT_RETRY_SCHEDULE_MS.length + 1;
    const d = await delivery(a.orgId, total);
    let due = ORG_START;
    const expected = [iso(due)];
    for (const ms of DEFAULT_RETRY_SCHEDULE_MS) expected.push(iso((due += ms)));
    expect(d.attempts.map((x) => x.at)).toEqual(expected);
    expect(d.attempts.every((x) => x.status_code === 500)).toBe(true);
    const failed = await request(t.app)
      .get('/_emulator/webhooks/deliveries')
      .query({ org_id: a.orgId, status: 'failed', wait: 10 });
    expect(failed.body.deliveries).toHaveLength(1);

    // The organization on the emulator's clock: one attempt, its retry still waiting; that clock unchanged.
    const mine = await delivery(other, 1);
    expect(mine.attempts).toHaveLength(1);
    expect(mine.next_attempt_at).toBe(iso(GLOBAL_START + DEFAULT_RETRY_SCHEDULE_MS[0]));
    expect((await request(t.app).get('/_emulator/clock')).body.now_ms).toBe(GLOBAL_START);
  });

  it('a retry of an organization that was reset does nothing when its time comes', async () => {
    const a = await orgWithClock('wh-c');
    await register(a.orgId);
    await delivery(a.orgId, 1);
    await t.emulator.state.resetOrg(a.orgId);
    await a.clock.advance(24 * 3600_000);
    expect(receiver.received).toHaveLength(1);
    expect(await t.emulator.state.exportOrg(a.orgId)).toEqual({});
  });
});
