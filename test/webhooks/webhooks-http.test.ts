import { createHmac } from 'node:crypto';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { verifyWebhookSignature } from '../../src/webhooks/index.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

/** Verifies a signature from first principles, independently of the emulator's signer. */
function independentlyVerified(header: string, rawBody: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest('hex');
  return /^\d+$/.test(parts.t) && parts.v1 === expected;
}

describe('webhooks through the admin API and a real receiver', () => {
  let t: TestEmulator;
  let receiver: Receiver;
  let clock: Clock;

  beforeEach(async () => {
    clock = new Clock({ mode: 'frozen', startAt: Date.parse('2026-03-01T10:00:00Z') });
    t = await buildEmulator({ seed: 'webhook-tests' }, { clock });
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await t.emulator.close();
    await receiver.close();
  });

  /** Waits (long-poll, no sleep) until the engine has recorded `n` attempts of the delivery of `event`. */
  async function attemptsRecorded(event: string, n: number) {
    const res = await request(t.app)
      .get('/_emulator/webhooks/deliveries')
      .query({ event, min_attempts: n, wait: 10 });
    expect(res.body.deliveries[0]?.attempts.length).toBeGreaterThanOrEqual(n);
    return res.body.deliveries[0];
  }

  async function register(events: string[]) {
    const res = await request(t.app)
      .post(`/_emulator/orgs/${t.orgId}/webhook-endpoints`)
      .send({ url: receiver.url, events });
    expect(res.status).toBe(201);
    return res.body as { id: string; secret: string };
  }

  it('registers with the spec input exactly and pings the new endpoint with a verifiable signature', async () => {
    const next = receiver.next();
    const endpoint = await register(['ping', 'job.completed']);
    expect(endpoint.secret).toMatch(/^whsec_[0-9A-Za-z]+$/);
    const hook = await next;
    expect(hook.json).toMatchObject({ event: 'ping', livemode: true });
    expect(Object.keys(hook.json).sort()).toEqual(['createdAt', 'data', 'event', 'id', 'livemode']);
    const header = String(hook.headers['svc-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(independentlyVerified(header, hook.rawBody, endpoint.secret)).toBe(true);
    expect(independentlyVerified(header, hook.rawBody, 'whsec_wrong')).toBe(false);
    // The timestamp is the wall clock of the attempt, whatever the (frozen) emulator clock says.
    expect(header).not.toContain(`t=${Date.parse('2026-03-01T10:00:00Z') / 1000},`);
    expect(verifyWebhookSignature(hook.rawBody, header, endpoint.secret)).toBe(true);
    expect(hook.json.createdAt).toBe('2026-03-01T10:00:00.000Z');
  });

  it.each([
    [{ url: 'not a url', events: ['ping'] }, 'url'],
    [{ url: 'http://127.0.0.1/x', events: [] }, 'events'],
    [{ url: 'http://127.0.0.1/x', events: ['rag.job.completed'] }, 'events[0]'],
    [{ url: 'http://127.0.0.1/x', events: ['ping'], secret: 'x' }, 'secret'],
    [{ events: ['ping'] }, 'url'],
  ])('rejects bad endpoint input %j naming %s', async (body, field) => {
    const res = await request(t.app).post(`/_emulator/orgs/${t.orgId}/webhook-endpoints`).send(body);
    const problem = expectProblem(res, 422, 'validation_failed');
    expect(problem.detail).toContain(field);
  });

  it('retries a 500 on the clock schedule with the same event id, then delivers', async () => {
    receiver.respond = () => 500;
    const first = receiver.next();
    const endpoint = await register(['key.compromised']);
    const leak = await request(t.app).post(`/_emulator/keys/${t.keyIds.live}/leak`);
    expect(leak.status).toBe(200);
    const attempt1 = await first;
    expect(attempt1.json.event).toBe('key.compromised');
    await attemptsRecorded('key.compromised', 1);

    // Frozen clock: nothing more happens until it is advanced past the first retry delay (10 s).
    await clock.advance(9_000);
    expect(receiver.received).toHaveLength(1);
    receiver.respond = () => 204;
    const second = receiver.next();
    await clock.advance(1_000);
    const attempt2 = await second;
    expect(attempt2.json.id).toBe(attempt1.json.id);
    // The signature is computed per attempt, with the wall time of that attempt (same second possible).
    expect(
      independentlyVerified(String(attempt2.headers['svc-signature']), attempt2.rawBody, endpoint.secret),
    ).toBe(true);

    const list = await request(t.app)
      .get('/_emulator/webhooks/deliveries')
      .query({ event: 'key.compromised', status: 'delivered', wait: 5 });
    expect(list.body.deliveries).toHaveLength(1);
    const delivery = list.body.deliveries[0];
    expect(delivery.attempts.map((a: any) => a.status_code)).toEqual([500, 204]);
    expect(delivery.attempts[0].signature_header).toBe(attempt1.headers['svc-signature']);
  });

  it('loses nothing while the receiver is down and marks the delivery failed after the last attempt', async () => {
    receiver.respond = () => 503;
    const first = receiver.next();
    await register(['ping']);
    await first;
    const schedule = [10, 60, 300, 900, 1800];
    for (const [i, seconds] of schedule.entries()) {
      await attemptsRecorded('ping', i + 1);
      const next = receiver.next();
      await clock.advance(seconds * 1000);
      await next;
    }
    const failed = await request(t.app)
      .get('/_emulator/webhooks/deliveries')
      .query({ status: 'failed', wait: 5 });
    expect(failed.body.deliveries).toHaveLength(1);
    expect(failed.body.deliveries[0].attempts).toHaveLength(6);
    expect(new Set(receiver.received.map((h) => h.json.id)).size).toBe(1);

    // The receiver comes back: a redelivery sends the same event again.
    receiver.respond = () => 200;
    const again = receiver.next();
    const redeliver = await request(t.app).post(
      `/_emulator/webhooks/deliveries/${failed.body.deliveries[0].id}/redeliver`,
    );
    expect(redeliver.status).toBe(202);
    expect((await again).json.id).toBe(receiver.received[0].json.id);
  });

  it('triggers any event kind like `stripe trigger`, with livemode from the request', async () => {
    await register(['invoice.finalized', 'job.completed']);
    const next = receiver.next();
    const res = await request(t.app)
      .post('/_emulator/webhooks/trigger')
      .send({ org_id: t.orgId, event: 'rag.job.completed', livemode: false });
    expect(res.status).toBe(202);
    expect(res.body.delivery_ids).toHaveLength(1);
    const hook = await next;
    // job.completed subscribers also receive rag.job.completed (decision W1).
    expect(hook.json).toMatchObject({ event: 'rag.job.completed', livemode: false });
  });

  it('closing a period emits invoice.finalized with the live usage only', async () => {
    await register(['invoice.finalized']);
    const res = await request(t.app).post(`/_emulator/orgs/${t.orgId}/billing/close-period`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('finalized');
    const delivered = await request(t.app)
      .get('/_emulator/webhooks/deliveries')
      .query({ event: 'invoice.finalized', status: 'delivered', wait: 5 });
    expect(delivered.body.deliveries[0].envelope.data.id).toBe(res.body.id);
    const invoices = await request(t.app).get(`/_emulator/orgs/${t.orgId}/invoices`);
    expect(invoices.body.invoices.map((i: any) => i.id)).toEqual([res.body.id]);
  });

  it('leaking a key revokes it at once', async () => {
    const leak = await request(t.app).post(`/_emulator/keys/${t.keyIds.test}/leak`);
    expect(leak.body.key.revoked_reason).toBe('compromised');
    const res = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', `Bearer ${t.keys.test}`)
      .send({ scopes: ['tts:speak'] });
    expectProblem(res, 401, 'api_key_revoked');
  });
});
