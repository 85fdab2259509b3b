import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { IdFactory, Random } from '../core/random.js';
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from './attempt.js';
import { DEFAULT_RETRY_SCHEDULE_MS } from './attempt-maker.js';
import { WebhookEngine, type WebhookEngineOptions } from './engine.js';
import type { RegistrableEvent } from './endpoints.js';
import { verifyWebhookSignature } from './signature.js';
import { Receiver, type Behaviour } from './test-support/receiver.js';

const START = Date.UTC(2025, 0, 1);
let cleanup: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

async function setup(behaviour?: (n: number) => Behaviour, options: Partial<WebhookEngineOptions> = {}) {
  const clock = new Clock({ mode: 'frozen', startAt: START });
  const engine = new WebhookEngine({ clock, ids: new IdFactory('t'), random: new Random('t'), ...options });
  const receiver = await Receiver.start(behaviour);
  cleanup.push(
    () => engine.reset(),
    () => clock.dispose(),
    () => receiver.close(),
  );
  const subscribe = (events: RegistrableEvent[] = ['ping'], orgId = 'org_a') =>
    engine.endpoints.create(orgId, { url: receiver.url, events });
  return { clock, engine, receiver, subscribe };
}

function parseHeader(header: string) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  return { t: Number(parts.t), v1: parts.v1 };
}

describe('WebhookEngine delivery', () => {
  it('POSTs a signed JSON envelope that an independent HMAC check accepts', async () => {
    const { engine, receiver, subscribe, clock } = await setup();
    const endpoint = subscribe(['ping']);
    const { event, deliveryIds } = engine.emit('org_a', 'ping', { hello: 'world' }, { livemode: true });
    const hit = await receiver.hit(1);

    expect(hit.method).toBe('POST');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['user-agent']).toBe('svc-emulator-webhooks/1');
    const header = String(hit.headers['svc-signature']);
    const { t, v1 } = parseHeader(header);
    // `t=` is the wall clock of the attempt (the default), not the frozen emulator clock.
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(60);
    expect(t).not.toBe(clock.nowSeconds());
    const expected = createHmac('sha256', endpoint.secret).update(`${t}.${hit.rawBody}`).digest();
    expect(timingSafeEqual(expected, Buffer.from(v1, 'hex'))).toBe(true);
    expect(verifyWebhookSignature(hit.rawBody, header, endpoint.secret)).toBe(true);

    expect(JSON.parse(hit.rawBody)).toEqual({
      id: event.id,
      event: 'ping',
      createdAt: new Date(START).toISOString(),
      data: { hello: 'world' },
      livemode: true,
    });
    expect(event.id).toMatch(/^evt_/);
    const delivered = await engine.waitFor({ deliveryId: deliveryIds[0], status: 'delivered' }, 5000);
    expect(delivered?.attempts).toHaveLength(1);
    expect(delivered?.attempts[0]).toMatchObject({
      statusCode: 200,
      signatureHeader: header,
      requestBody: hit.rawBody,
    });
  });

  it('never blocks emit: it returns before the receiver sees anything, even a receiver that hangs', async () => {
    const { engine, receiver, subscribe } = await setup(() => 'hang');
    subscribe(['ping']);
    const results = Array.from({ length: 20 }, () => engine.emit('org_a', 'ping', {}, { livemode: false }));
    expect(receiver.hits).toHaveLength(0);
    expect(await engine.deliveries({ status: 'pending' })).toHaveLength(20);
    await receiver.hit(20);
    expect(results.every((r) => r.deliveryIds.length === 1)).toBe(true);
  });

  it('follows the retry schedule in clock time with the same event id, and delivers when the receiver comes back', async () => {
    const { engine, receiver, subscribe, clock } = await setup((n) => (n <= 3 ? 500 : 200), {
      signatureTime: 'clock',
    });
    subscribe(['ping']);
    const { event, deliveryIds } = engine.emit('org_a', 'ping', {}, { livemode: true });
    const id = deliveryIds[0];
    await engine.waitFor({ deliveryId: id, minAttempts: 1 }, 5000);

    for (const [i, delay] of DEFAULT_RETRY_SCHEDULE_MS.slice(0, 3).entries()) {
      const attempts = i + 1;
      expect((await engine.delivery(id))?.nextAttemptAt).toBe(new Date(clock.now() + delay).toISOString());
      await clock.advance(delay - 1);
      expect(clock.state().pendingTimers).toBe(1);
      expect((await engine.delivery(id))?.attempts).toHaveLength(attempts);
      expect(receiver.hits).toHaveLength(attempts);
      await clock.advance(1);
      await receiver.hit(attempts + 1);
      await engine.waitFor({ deliveryId: id, minAttempts: attempts + 1 }, 5000);
    }

    const d = (await engine.delivery(id))!;
    expect(d.status).toBe('delivered');
    expect(d.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 200]);
    expect(receiver.hits.map((h) => JSON.parse(h.rawBody).id)).toEqual([
      event.id,
      event.id,
      event.id,
      event.id,
    ]);
    // A fresh timestamp (and so signature) per attempt, from the clock (signatureTime: 'clock').
    const ts = receiver.hits.map((h) => parseHeader(String(h.headers['svc-signature'])).t);
    expect(ts).toEqual([0, 10, 70, 370].map((s) => START / 1000 + s));
    expect(clock.state().pendingTimers).toBe(0);
  });

  it('marks the delivery failed after the sixth failure, then redeliver starts a fresh series', async () => {
    let up = false;
    const { engine, receiver, subscribe, clock } = await setup(() => (up ? 204 : 500));
    subscribe(['ping']);
    const { event, deliveryIds } = engine.emit('org_a', 'ping', {}, { livemode: true });
    const id = deliveryIds[0];
    await engine.waitFor({ deliveryId: id, minAttempts: 1 }, 5000);
    for (const [i, delay] of DEFAULT_RETRY_SCHEDULE_MS.entries()) {
      await clock.advance(delay);
      await engine.waitFor({ deliveryId: id, minAttempts: i + 2 }, 5000);
    }
    const failed = await engine.waitFor({ deliveryId: id, status: 'failed' }, 5000);
    expect(failed?.attempts).toHaveLength(6);
    expect(failed?.nextAttemptAt).toBeUndefined();
    expect(clock.state().pendingTimers).toBe(0);
    expect(receiver.hits).toHaveLength(6);

    up = true;
    const again = await engine.redeliver(id);
    expect(again).toMatchObject({ status: 'pending', series: 2 });
    const hit = await receiver.hit(7);
    expect(JSON.parse(hit.rawBody).id).toBe(event.id);
    const delivered = await engine.waitFor({ deliveryId: id, status: 'delivered' }, 5000);
    expect(delivered?.attempts.at(-1)).toMatchObject({ statusCode: 204, attempt: 1, series: 2 });
  });

  it('retries a receiver slower than the attempt timeout', async () => {
    const { engine, receiver, subscribe, clock } = await setup((n) => (n === 1 ? 'hang' : 200), {
      attemptTimeoutMs: 200,
    });
    subscribe(['ping']);
    const id = engine.emit('org_a', 'ping', {}, { livemode: true }).deliveryIds[0];
    const first = await engine.waitFor({ deliveryId: id, minAttempts: 1 }, 5000);
    expect(first?.attempts[0].statusCode).toBeUndefined();
    expect(first?.attempts[0].error).toMatch(/timeout/);
    expect(first?.status).toBe('pending');
    await clock.advance(DEFAULT_RETRY_SCHEDULE_MS[0]);
    await receiver.hit(2);
    expect((await engine.waitFor({ deliveryId: id, status: 'delivered' }, 5000))?.attempts).toHaveLength(2);
  });

  it('sends through an injected fetch too, with the same timeout rule', async () => {
    const { engine, receiver, subscribe, clock } = await setup((n) => (n === 1 ? 'hang' : 200), {
      attemptTimeoutMs: 200,
      fetchImpl: fetch,
    });
    subscribe(['ping']);
    const id = engine.emit('org_a', 'ping', {}, { livemode: true }).deliveryIds[0];
    expect((await engine.waitFor({ deliveryId: id, minAttempts: 1 }, 5000))?.attempts[0].error).toMatch(
      /timeout/,
    );
    await clock.advance(DEFAULT_RETRY_SCHEDULE_MS[0]);
    await receiver.hit(2);
    expect(
      (await engine.waitFor({ deliveryId: id, status: 'delivered' }, 5000))?.attempts[1].statusCode,
    ).toBe(200);
  });

  it('keeps the spec timeout of 5 seconds by default', () => {
    expect(DEFAULT_ATTEMPT_TIMEOUT_MS).toBe(5000);
  });

  it('retries a receiver that closes the connection without answering', async () => {
    const { engine, receiver, subscribe, clock } = await setup((n) => (n === 1 ? 'destroy' : 200));
    subscribe(['ping']);
    const id = engine.emit('org_a', 'ping', {}, { livemode: true }).deliveryIds[0];
    const first = await engine.waitFor({ deliveryId: id, minAttempts: 1 }, 5000);
    expect(first?.attempts[0].statusCode).toBeUndefined();
    expect(first?.attempts[0].error).toBeTruthy();
    await clock.advance(DEFAULT_RETRY_SCHEDULE_MS[0]);
    await receiver.hit(2);
    expect((await engine.waitFor({ deliveryId: id, status: 'delivered' }, 5000))?.status).toBe('delivered');
  });

  it('reset cancels pending retries', async () => {
    const { engine, subscribe, clock } = await setup(() => 500);
    subscribe(['ping']);
    const id = engine.emit('org_a', 'ping', {}, { livemode: true }).deliveryIds[0];
    await engine.waitFor({ deliveryId: id, minAttempts: 1 }, 5000);
    expect(clock.state().pendingTimers).toBe(1);
    await engine.reset();
    expect(clock.state().pendingTimers).toBe(0);
    expect(await engine.deliveries()).toHaveLength(0);
  });
});

describe('WebhookEngine subscriptions and log', () => {
  it('fans out to every subscribed endpoint of the org only; job.completed also receives rag.job.completed', async () => {
    const { engine, subscribe } = await setup();
    const jobs = subscribe(['job.completed']);
    const pings = subscribe(['ping', 'quota.threshold']);
    subscribe(['job.completed'], 'org_b');
    const rag = engine.emit('org_a', 'rag.job.completed', { job_id: 'j1' }, { livemode: false });
    expect((await engine.deliveries({ eventId: rag.event.id })).map((d) => d.endpointId)).toEqual([jobs.id]);
    const q = engine.emit('org_a', 'quota.threshold', {}, { livemode: true });
    expect((await engine.deliveries({ eventId: q.event.id })).map((d) => d.endpointId)).toEqual([pings.id]);
    expect(engine.emit('org_a', 'key.compromised', {}, { livemode: true }).deliveryIds).toEqual([]);
    const delivered = await engine.waitFor({ eventId: rag.event.id, status: 'delivered' }, 5000);
    expect(delivered?.envelope).toMatchObject({ event: 'rag.job.completed', livemode: false });
  });

  it('filters deliveries by org, event and status, and keeps only the newest logLimit', async () => {
    const { engine, subscribe } = await setup(() => 200, { logLimit: 3 });
    subscribe(['ping', 'invoice.finalized']);
    const ids = Array.from(
      { length: 5 },
      (_, i) =>
        engine.emit('org_a', i % 2 ? 'ping' : 'invoice.finalized', {}, { livemode: true }).deliveryIds[0],
    );
    expect((await engine.deliveries()).map((d) => d.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect((await engine.deliveries({ event: 'ping' })).map((d) => d.id)).toEqual([ids[3]]);
    expect(await engine.deliveries({ orgId: 'org_b' })).toEqual([]);
    await engine.waitFor({ deliveryId: ids[4], status: 'delivered' }, 5000);
    expect((await engine.deliveries({ status: 'delivered' })).map((d) => d.id)).toContain(ids[4]);
  });

  it('waitFor resolves on a later match, times out with undefined, and rejects on abort', async () => {
    const { engine, subscribe } = await setup();
    subscribe(['ping']);
    const later = engine.waitFor({ event: 'ping', status: 'delivered' }, 5000);
    engine.emit('org_a', 'ping', {}, { livemode: true });
    expect((await later)?.status).toBe('delivered');
    expect(await engine.waitFor({ event: 'invoice.finalized' }, 20)).toBeUndefined();
    const controller = new AbortController();
    const aborted = engine.waitFor({ event: 'invoice.finalized' }, 5000, controller.signal);
    controller.abort(new Error('client went away'));
    await expect(aborted).rejects.toThrow('client went away');
  });

  it('lets a beforeAttempt hook alter the signature and duplicate the request', async () => {
    const { engine, receiver, subscribe } = await setup(undefined, {
      beforeAttempt: (plan) => {
        plan.headers['SVC-Signature'] = 't=1,v1=bad';
        plan.copies = 2;
      },
    });
    subscribe(['ping']);
    engine.emit('org_a', 'ping', {}, { livemode: true });
    const [a, b] = await Promise.all([receiver.hit(1), receiver.hit(2)]);
    expect(a.headers['svc-signature']).toBe('t=1,v1=bad');
    expect(b.rawBody).toBe(a.rawBody);
  });

  it('stops retrying an endpoint that was deleted', async () => {
    const { engine, subscribe, clock } = await setup(() => 500);
    const endpoint = subscribe(['ping']);
    const id = engine.emit('org_a', 'ping', {}, { livemode: true }).deliveryIds[0];
    await engine.waitFor({ deliveryId: id, minAttempts: 1 }, 5000);
    expect(await engine.endpoints.delete('org_a', endpoint.id)).toBe(true);
    await clock.advance(DEFAULT_RETRY_SCHEDULE_MS[0]);
    const failed = await engine.waitFor({ deliveryId: id, status: 'failed' }, 5000);
    expect(failed?.attempts.at(-1)?.error).toMatch(/endpoint deleted/);
  });
});
