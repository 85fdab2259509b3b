/**
 * Issue 24, test clocks: billing follows the organization's clock. Its ledger entries are stamped on it, its
 * test-quota window and thresholds are that clock's day, its billing period is that clock's month, and
 * advancing that clock past the month end closes its period and sends its invoice.finalized webhook (once, over
 * Redis too), while another organization's period, invoices and the emulator's clock are untouched.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/app/emulator.js';
import { bearer } from '../support/emulator.js';
import {
  advanceOrg,
  GLOBAL_START,
  globalNow,
  orgWithKeys,
  ownClock,
  storeCases,
  type Instances,
  type OrgWithKeys,
} from '../support/org-clocks.js';
import { startReceiver, type ReceivedHook, type Receiver } from '../support/receiver.js';

const OWN_START = '2030-01-31T23:00:00.000Z';
const HOUR = 3_600_000;
const TEXT = 'مرحبا';
/** A test quota the clip passes half of: the 50 % threshold fires. */
const QUOTA = TEXT.length * 2 - 1;

const clip = (on: Emulator, key: string) =>
  request(on.app)
    .post('/v1/tts')
    .set('Authorization', bearer(key))
    .set('Accept', 'audio/wav')
    .send({ text: TEXT, voice: 'ar-SA-noura' });

async function adminGet(on: Emulator, path: string): Promise<any> {
  const res = await request(on.app).get(`/_emulator${path}`);
  expect(res.status, path).toBe(200);
  return res.body;
}

/** The first webhook of `event` sent for `orgId`, awaited as it arrives. */
async function hook(receiver: Receiver, event: string, orgId: string): Promise<ReceivedHook> {
  const find = () => receiver.received.find((h) => h.json.event === event && h.json.data.org_id === orgId);
  await expect.poll(() => find() !== undefined, { timeout: 5000 }).toBe(true);
  return find()!;
}

describe.each(storeCases())('billing on the organization clock, %s', (_name, start) => {
  let on: Instances;
  let receiver: Receiver;
  let own: OrgWithKeys;
  let other: OrgWithKeys;

  beforeAll(async () => {
    receiver = await startReceiver();
    on = await start({ seed: 'org-clock-billing' });
    own = await orgWithKeys(on.a, 'Own clock', ['tts:speak'], { credits: 100 });
    other = await orgWithKeys(on.a, 'Global clock', ['tts:speak'], { credits: 100 });
    for (const org of [own, other]) {
      const endpoint = await request(on.a.app)
        .post(`/_emulator/orgs/${org.id}/webhook-endpoints`)
        .send({ url: receiver.url, events: ['invoice.finalized', 'quota.threshold'] });
      expect(endpoint.status).toBe(201);
    }
    await ownClock(on, own.id, OWN_START);
    const quota = await request(on.a.app)
      .patch(`/_emulator/orgs/${own.id}/billing`)
      .send({ test_quotas: { tts: QUOTA } });
    expect(quota.status).toBe(200);
    await on.a.store.settled();
  }, 60_000);
  afterAll(async () => {
    await on.stop();
    await receiver.close();
  });

  it('stamps ledger entries on each organization clock, and counts periods and quota windows on it', async () => {
    expect((await clip(on.a, own.live.key)).status).toBe(200);
    expect((await clip(on.b, other.live.key)).status).toBe(200);
    await on.a.store.settled();
    await on.b.store.settled();
    const ownUsage = await adminGet(on.b, `/orgs/${own.id}/usage`);
    expect(ownUsage.entries.map((e: any) => e.created_at)).toEqual([OWN_START]);
    const otherUsage = await adminGet(on.a, `/orgs/${other.id}/usage`);
    expect(otherUsage.entries.map((e: any) => e.created_at)).toEqual([GLOBAL_START]);

    const ownBilling = await adminGet(on.b, `/orgs/${own.id}/billing`);
    expect(ownBilling.period).toEqual({
      period_start: '2030-01-01T00:00:00.000Z',
      period_end: '2030-02-01T00:00:00.000Z',
    });
    expect(ownBilling.test_quotas.find((q: any) => q.product === 'tts')).toMatchObject({
      window_start: '2030-01-31T00:00:00.000Z',
      window_end: '2030-02-01T00:00:00.000Z',
    });
    expect((await adminGet(on.a, `/orgs/${other.id}/billing`)).period).toEqual({
      period_start: '2026-05-01T00:00:00.000Z',
      period_end: '2026-06-01T00:00:00.000Z',
    });
  });

  it("sends a test-quota threshold for the window of the organization's clock", async () => {
    expect((await clip(on.b, own.test.key)).status).toBe(200);
    const threshold = await hook(receiver, 'quota.threshold', own.id);
    expect(threshold.json.data).toMatchObject({
      kind: 'test_quota',
      product: 'tts',
      threshold_percent: 50,
      window_start: '2030-01-31T00:00:00.000Z',
      window_end: '2030-02-01T00:00:00.000Z',
    });
  });

  it('closes its period and sends its invoice when its clock passes the month end; nothing else moves', async () => {
    await advanceOrg(on, own.id, HOUR);
    const invoice = await hook(receiver, 'invoice.finalized', own.id);
    expect(invoice.json.data).toMatchObject({
      org_id: own.id,
      period_start: '2030-01-01T00:00:00.000Z',
      period_end: '2030-02-01T00:00:00.000Z',
      finalized_at: '2030-02-01T00:00:00.000Z',
    });
    for (const e of new Set([on.a, on.b])) {
      await e.store.settled();
      // Closed once, over Redis too (both instances have a timer on the shared clock).
      expect((await adminGet(e, `/orgs/${own.id}/invoices`)).invoices).toHaveLength(1);
      expect((await adminGet(e, `/orgs/${own.id}/billing`)).period).toEqual({
        period_start: '2030-02-01T00:00:00.000Z',
        period_end: '2030-03-01T00:00:00.000Z',
      });
      expect((await adminGet(e, `/orgs/${other.id}/invoices`)).invoices).toEqual([]);
      expect((await adminGet(e, `/orgs/${other.id}/billing`)).period.period_end).toBe(
        '2026-06-01T00:00:00.000Z',
      );
      expect(await globalNow(e)).toBe(GLOBAL_START);
    }
    expect(receiver.received.filter((h) => h.json.event === 'invoice.finalized')).toHaveLength(1);
  });
});
