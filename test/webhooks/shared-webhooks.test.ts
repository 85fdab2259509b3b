/**
 * Issue 17, webhooks: emulator processes (the built CLI) over one real Redis share webhook endpoints, the
 * delivery queue and the delivery log. Every instance's clock is frozen at the same instant and moved
 * forward through each instance's admin API, so retries become due on the emulator clock, never by sleeping.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../src/webhooks/signature.js';
import { killAll } from '../support/cli.js';
import { startReceiver, type ReceivedHook, type Receiver } from '../support/receiver.js';
import {
  startInstance,
  startRedis,
  type StoreInstance as Instance,
  type TestRedis,
} from '../support/redis.js';

interface Endpoint {
  id: string;
  secret: string;
  url: string;
}
interface Delivery {
  id: string;
  event_id: string;
  status: string;
  series: number;
  next_attempt_at: string | null;
  attempts: { attempt: number; series: number; status_code: number | null }[];
}

let redis: TestRedis;
let config: string;
let a: Instance;
let b: Instance;
let c: Instance;
/** The instant every instance's clock is frozen at; only moves forward. */
let now = Date.UTC(2030, 0, 1);
const receivers: Receiver[] = [];

/** Waits for something another instance or the receiver does (generous: the machine may be busy). */
function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 20_000 });
}

async function admin(
  on: Instance,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${on.admin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** Freezes every given instance's clock at the shared instant `now` (moved forward by `seconds`). */
async function clocks(instances: Instance[], seconds = 0): Promise<void> {
  now += seconds * 1000;
  const at = new Date(now).toISOString();
  const answers = await Promise.all(
    instances.map((on) => admin(on, 'POST', '/clock', { mode: 'frozen', now: at })),
  );
  for (const res of answers) expect(res.status).toBe(200);
}

async function register(on: Instance, url: string, events = ['invoice.finalized']): Promise<Endpoint> {
  const res = await admin(on, 'POST', '/orgs/org_demo/webhook-endpoints', { url, events });
  expect(res.status).toBe(201);
  return res.json as Endpoint;
}

async function endpoints(on: Instance): Promise<Endpoint[]> {
  return (await admin(on, 'GET', '/orgs/org_demo/webhook-endpoints')).json.endpoints as Endpoint[];
}

async function trigger(on: Instance): Promise<{ eventId: string; deliveryIds: string[] }> {
  const res = await admin(on, 'POST', '/webhooks/trigger', {
    org_id: 'org_demo',
    event: 'invoice.finalized',
    livemode: true,
  });
  expect(res.status).toBe(202);
  return { eventId: res.json.event.id as string, deliveryIds: res.json.delivery_ids as string[] };
}

async function deliveries(on: Instance, query: string): Promise<Delivery[]> {
  const res = await admin(on, 'GET', `/webhooks/deliveries?${query}`);
  expect(res.status).toBe(200);
  return res.json.deliveries as Delivery[];
}

async function receiver(respond?: (hook: ReceivedHook) => number): Promise<Receiver> {
  const r = await startReceiver();
  if (respond) r.respond = respond;
  receivers.push(r);
  return r;
}

/** Answers 500 to the first `failures` requests of each event, 200 after. */
function failing(failures: number): (hook: ReceivedHook) => number {
  const seen = new Map<string, number>();
  return (hook) => {
    const n = (seen.get(hook.json.id as string) ?? 0) + 1;
    seen.set(hook.json.id as string, n);
    return n > failures ? 200 : 500;
  };
}

function hitsPerEvent(r: Receiver): Map<string, number> {
  const counts = new Map<string, number>();
  for (const hook of r.received)
    counts.set(hook.json.id as string, (counts.get(hook.json.id as string) ?? 0) + 1);
  return counts;
}

beforeAll(async () => {
  redis = await startRedis();
  const dir = mkdtempSync(join(tmpdir(), 'svc-shared-webhooks-'));
  config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ rateLimits: { live: { limit: 100_000, windowSeconds: 60 } } }));
  [a, b, c] = await Promise.all(['A', 'B', 'C'].map((id) => startInstance(redis, id, config)));
  await clocks([a, b, c]);
});

afterAll(async () => {
  await killAll();
  await Promise.all(receivers.map((r) => r.close()));
  await redis?.stop();
});

describe('webhooks shared by instances over one Redis', () => {
  it('an endpoint registered through A is listed identically on B and C, and an event caused on B is delivered once, signed', async () => {
    const r = await receiver();
    const endpoint = await register(a, r.url);
    await poll(async () => (await endpoints(b)).map((e) => e.id)).toContain(endpoint.id);
    await poll(async () => (await endpoints(c)).map((e) => e.id)).toContain(endpoint.id);
    expect(await endpoints(b)).toEqual(await endpoints(a));
    expect(await endpoints(c)).toEqual(await endpoints(a));

    const { eventId, deliveryIds } = await trigger(b);
    expect(deliveryIds).toHaveLength(1);
    await poll(() => r.received.length).toBe(1);
    const hook = r.received[0];
    expect(hook.json.id).toBe(eventId);
    expect(verifyWebhookSignature(hook.rawBody, String(hook.headers['svc-signature']), endpoint.secret)).toBe(
      true,
    );

    // The delivery log is shared: the delivery B made is listed on A and C, delivered after one attempt.
    for (const on of [a, c]) {
      const [d] = await deliveries(on, `event_id=${eventId}&status=delivered&wait=10`);
      expect(d.id).toBe(deliveryIds[0]);
      expect(d.attempts.map((x) => x.attempt)).toEqual([1]);
    }
    expect(hitsPerEvent(r).get(eventId)).toBe(1);

    // Deleted through C: gone from A and B, and events no longer go to it.
    expect((await admin(c, 'DELETE', `/orgs/org_demo/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
    for (const on of [a, b])
      await poll(async () => (await endpoints(on)).map((e) => e.id)).not.toContain(endpoint.id);
    expect((await trigger(a)).deliveryIds).toEqual([]);
  });

  it('waitFor on B resolves for a delivery A makes, and redeliver on C works for it', async () => {
    const r = await receiver();
    const endpoint = await register(a, r.url);
    await poll(async () => (await endpoints(b)).map((e) => e.id)).toContain(endpoint.id);
    // B long-polls before the event exists; A emits and makes the attempt.
    const waited = deliveries(b, `endpoint_id=${endpoint.id}&status=delivered&wait=20`);
    const { eventId, deliveryIds } = await trigger(a);
    const [d] = await waited;
    expect(d.id).toBe(deliveryIds[0]);
    expect(d.status).toBe('delivered');

    const again = await admin(c, 'POST', `/webhooks/deliveries/${d.id}/redeliver`);
    expect(again.status).toBe(202);
    expect(again.json.series).toBe(2);
    const [redelivered] = await deliveries(a, `event_id=${eventId}&min_attempts=2&status=delivered&wait=20`);
    expect(redelivered.attempts.map((x) => [x.series, x.attempt])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(hitsPerEvent(r).get(eventId)).toBe(2);
    expect((await admin(b, 'POST', '/webhooks/deliveries/whd_nope/redeliver')).status).toBe(404);
    expect((await admin(a, 'DELETE', `/orgs/org_demo/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
  });

  it('with three instances and many events, every attempt number reaches the receiver exactly once per delivery', async () => {
    const r = await receiver(failing(2));
    const endpoint = await register(b, r.url);
    for (const on of [a, c])
      await poll(async () => (await endpoints(on)).map((e) => e.id)).toContain(endpoint.id);
    const events = await Promise.all(Array.from({ length: 30 }, (_, i) => trigger([a, b, c][i % 3])));
    const query = `endpoint_id=${endpoint.id}&limit=1000`;
    const settled = (attempts: number, status: string) => async () =>
      (await deliveries(c, query)).filter((d) => d.attempts.length === attempts && d.status === status)
        .length;

    // First attempts fail; each retry is in the shared queue, due 10 s later on the emulator clock.
    await poll(settled(1, 'pending')).toBe(30);
    await clocks([a, b, c], 10);
    await poll(settled(2, 'pending')).toBe(30);
    await clocks([a, b, c], 60);
    await poll(settled(3, 'delivered')).toBe(30);

    const counts = hitsPerEvent(r);
    for (const { eventId } of events) expect(counts.get(eventId)).toBe(3);
    for (const d of await deliveries(a, query)) expect(d.attempts.map((x) => x.attempt)).toEqual([1, 2, 3]);
    for (const hook of r.received)
      expect(
        verifyWebhookSignature(hook.rawBody, String(hook.headers['svc-signature']), endpoint.secret),
      ).toBe(true);
    // More than one instance made attempts (each logs the attempts it makes).
    const makers = [a, b, c].filter((on) =>
      on.run.stdout.some((line) => line.includes('webhook_attempt') && line.includes(endpoint.id)),
    );
    expect(makers.length).toBeGreaterThan(1);
    expect((await admin(a, 'DELETE', `/orgs/org_demo/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
  });

  it('the retries of a delivery survive the death of the instance that made the first attempt (SIGKILL)', async () => {
    const d = await startInstance(redis, 'D', config);
    await clocks([a, b, c, d]);
    const r = await receiver(failing(2));
    const endpoint = await register(d, r.url);
    const { eventId, deliveryIds } = await trigger(d);
    await poll(() => r.received.length).toBe(1);
    // D logged the failed first attempt and queued the retry in Redis; B sees it in the shared log.
    const [first] = await deliveries(b, `event_id=${eventId}&min_attempts=1&wait=10`);
    expect(first.next_attempt_at).toBe(new Date(now + 10_000).toISOString());
    d.run.child.kill('SIGKILL');
    await d.run.exited;

    await clocks([a, b, c], 10);
    await poll(() => r.received.length).toBe(2);
    await poll(async () => (await deliveries(b, `event_id=${eventId}&min_attempts=2`)).length).toBe(1);
    await clocks([a, b, c], 60);
    const [done] = await deliveries(c, `event_id=${eventId}&status=delivered&wait=20`);
    expect(done.id).toBe(deliveryIds[0]);
    expect(done.attempts.map((x) => [x.attempt, x.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(hitsPerEvent(r).get(eventId)).toBe(3);
    for (const hook of r.received)
      expect(
        verifyWebhookSignature(hook.rawBody, String(hook.headers['svc-signature']), endpoint.secret),
      ).toBe(true);
    expect((await admin(a, 'DELETE', `/orgs/org_demo/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
  });

  it('a webhook fault rule added on A applies to the attempts any instance makes', async () => {
    const r = await receiver();
    const endpoint = await register(a, r.url);
    const rule = await admin(a, 'POST', '/faults', { kind: 'webhook_wrong_secret', times: 1 });
    expect(rule.status).toBe(201);
    for (const on of [b, c]) {
      await poll(async () => (await admin(on, 'GET', `/faults/${rule.json.id}`)).status).toBe(200);
      await poll(async () => (await endpoints(on)).map((e) => e.id)).toContain(endpoint.id);
    }
    await trigger(b);
    await poll(() => r.received.length).toBe(1);
    await trigger(c);
    await poll(() => r.received.length).toBe(2);
    const verified = r.received.map((hook) =>
      verifyWebhookSignature(hook.rawBody, String(hook.headers['svc-signature']), endpoint.secret),
    );
    expect(verified).toEqual([false, true]);
    expect((await admin(a, 'DELETE', `/orgs/org_demo/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
  });

  it('an attempt in flight on an instance that dies is made again by another once its heartbeat is gone', async () => {
    const g = await startInstance(redis, 'G', config);
    await clocks([a, b, c, g]);
    // The first request is held unanswered (G is killed meanwhile); later ones are answered 200.
    const held: ServerResponse[] = [];
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push(body);
        if (bodies.length === 1) held.push(res);
        else res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = await register(g, `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`);
      const { eventId } = await trigger(g);
      await poll(() => bodies.length).toBe(1);
      g.run.child.kill('SIGKILL');
      await g.run.exited;
      const [d] = await deliveries(a, `event_id=${eventId}&status=delivered&wait=30`);
      expect(d.attempts.map((x) => [x.attempt, x.status_code])).toEqual([[1, 200]]);
      expect(bodies).toHaveLength(2);
      expect(JSON.parse(bodies[1]).id).toBe(eventId);
      expect((await admin(a, 'DELETE', `/orgs/org_demo/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('--webhook-url on several instances registers one endpoint, with the same id and secret on each', async () => {
    const r = await receiver();
    const [e, f] = await Promise.all(
      ['E', 'F'].map((id) => startInstance(redis, id, config, ['--webhook-url', r.url])),
    );
    const banners = await Promise.all([e, f].map((on) => on.run.line(/^webhook endpoint: /)));
    expect(banners[0]).toBe(banners[1]);
    const [, id] = /^webhook endpoint: (\S+) secret: (\S+)$/.exec(banners[0])!;
    const mine = async (on: Instance) => (await endpoints(on)).filter((x) => x.url === r.url);
    await poll(async () => (await mine(a)).map((x) => x.id)).toEqual([id]);
    expect(await mine(e)).toEqual(await mine(a));
    expect(await mine(f)).toEqual(await mine(a));
    for (const on of [e, f]) {
      on.run.child.kill('SIGKILL');
      await on.run.exited;
    }
  });

  it('a reset on B clears endpoints, queue and delivery log on every instance', async () => {
    const r = await receiver(() => 500);
    const endpoint = await register(a, r.url);
    await poll(async () => (await endpoints(c)).map((e) => e.id)).toContain(endpoint.id);
    const { eventId } = await trigger(c);
    await deliveries(a, `event_id=${eventId}&min_attempts=1&wait=10`);
    expect((await admin(b, 'POST', '/reset', { keep_clock: true })).status).toBe(200);
    for (const on of [a, b, c]) {
      await poll(async () => (await endpoints(on)).length).toBe(0);
      await poll(async () => (await deliveries(on, 'limit=1000')).length).toBe(0);
    }
    const client = new Redis(redis.url);
    try {
      expect(await client.zcard('svc-emulator:webhooks:due')).toBe(0);
      expect(await client.hlen('svc-emulator:webhooks:org:org_demo:endpoints')).toBe(0);
      expect(await client.hlen('svc-emulator:webhooks:org:org_demo:deliveries')).toBe(0);
      expect(await client.keys('svc-emulator:webhooks:*')).toEqual([]);
    } finally {
      client.disconnect();
    }
  });
});
