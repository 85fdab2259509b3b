/**
 * Webhooks put back by a load (issue 25): an organization's endpoint and its delivery waiting for a retry are
 * exported, reset and imported, and the retry is made at its time on the emulator that loaded them (the
 * `onLoaded` listener re-arms it), signed with the endpoint's secret. Until the snapshot API is on this
 * branch, the load is the units' import and `tellLoaded`.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import type { StateUnit } from '../../src/store/state-unit.js';
import { DEFAULT_RETRY_SCHEDULE_MS } from '../../src/webhooks/attempt-maker.js';
import { verifyWebhookSignature } from '../../src/webhooks/signature.js';
import { buildEmulator, createOrg, type TestEmulator } from '../support/emulator.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

const START = Date.parse('2030-01-01T00:00:00Z');

let t: TestEmulator;
let clock: Clock;
let receiver: Receiver;

beforeEach(async () => {
  clock = new Clock({ mode: 'frozen', startAt: START });
  t = await buildEmulator({ seed: 'webhook-load' }, { clock });
  receiver = await startReceiver();
});
afterEach(async () => {
  await t.emulator.close();
  await receiver.close();
});

const unit = (name: string) => t.emulator.state.list().find((u) => u.name === name) as StateUnit;
const UNITS = ['webhook_endpoints', 'webhook_deliveries'];

/** What a load of one organization does to the webhook units: reset, import, then the listeners told. */
async function reload(orgId: string, secrets = true): Promise<void> {
  const sections = await Promise.all(UNITS.map((n) => unit(n).perOrg!.export(orgId, { secrets })));
  for (const n of UNITS) await unit(n).perOrg!.reset(orgId);
  for (const [i, n] of UNITS.entries())
    await unit(n).perOrg!.import(orgId, JSON.parse(JSON.stringify(sections[i])));
  await t.emulator.state.tellLoaded({ orgIds: [orgId], whole: false });
}

async function pingDelivery(orgId: string, attempts: number) {
  const res = await request(t.app)
    .get('/_emulator/webhooks/deliveries')
    .query({ org_id: orgId, event: 'ping', min_attempts: attempts, wait: 10 })
    .expect(200);
  return res.body.deliveries[0];
}

describe('webhooks loaded', () => {
  it('a delivery waiting for its retry is retried at its time after a load, signed with the secret loaded', async () => {
    const org = await createOrg(t.app, { name: 'Hooks' });
    receiver.respond = () => 500;
    const first = receiver.next();
    const ep = await request(t.app)
      .post(`/_emulator/orgs/${org.id}/webhook-endpoints`)
      .send({ url: receiver.url, events: ['ping'] })
      .expect(201);
    await first;
    const before = await pingDelivery(org.id, 1);
    expect(before.next_attempt_at).toBe(new Date(START + DEFAULT_RETRY_SCHEDULE_MS[0]).toISOString());

    await reload(org.id);
    expect(await pingDelivery(org.id, 1)).toEqual(before);
    receiver.respond = () => 200;
    await clock.advance(DEFAULT_RETRY_SCHEDULE_MS[0] - 1);
    expect(receiver.received).toHaveLength(1);
    const retry = receiver.next();
    await clock.advance(1);
    const hook = await retry;
    expect(hook.json.event).toBe('ping');
    expect(verifyWebhookSignature(hook.rawBody, String(hook.headers['svc-signature']), ep.body.secret)).toBe(
      true,
    );
    const after = await pingDelivery(org.id, 2);
    expect(after.status).toBe('delivered');
  });

  it('loaded without secrets, an endpoint signs with the new secret it got, which its admin record shows', async () => {
    const org = await createOrg(t.app, { name: 'Hooks' });
    receiver.respond = () => 500;
    const first = receiver.next();
    const ep = await request(t.app)
      .post(`/_emulator/orgs/${org.id}/webhook-endpoints`)
      .send({ url: receiver.url, events: ['ping'] })
      .expect(201);
    await first;
    await reload(org.id, false);
    const listed = await request(t.app).get(`/_emulator/orgs/${org.id}/webhook-endpoints`).expect(200);
    const secret = (listed.body.endpoints ?? listed.body)[0].secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(ep.body.secret);
    receiver.respond = () => 200;
    const retry = receiver.next();
    await clock.advance(DEFAULT_RETRY_SCHEDULE_MS[0]);
    const hook = await retry;
    expect(verifyWebhookSignature(hook.rawBody, String(hook.headers['svc-signature']), secret)).toBe(true);
  });
});
