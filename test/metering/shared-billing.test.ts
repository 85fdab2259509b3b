/**
 * Issue 17, billing: two emulator processes (the built CLI) over one real Redis share credits, test quotas,
 * the ledger, threshold notifications and per-key rate-limit overrides. Concurrent billable requests split
 * across A and B never spend more than the balance; every instance sees the same balance and ledger; an
 * admin change on one applies on the other; a threshold fires once; a reset on one clears the other.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll } from '../support/cli.js';
import {
  adminCall,
  startInstance,
  startRedis,
  type StoreInstance as Instance,
  type TestRedis,
} from '../support/redis.js';

interface Entry {
  request_id: string | null;
  status: string;
  reason: string | null;
  amount: number;
  quantity: number;
}
interface Billing {
  balance: { balance: number; granted_in_period: number; consumed_in_period: number };
  test_quotas: { product: string; used: number; quota: number }[];
}

let redis: TestRedis;
let a: Instance;
let b: Instance;
let receiver: Server;
let receiverUrl: string;

const admin = adminCall;

async function billing(on: Instance, orgId: string): Promise<Billing> {
  const res = await admin<Billing>(on, 'GET', `/orgs/${orgId}/billing`);
  expect(res.status).toBe(200);
  return res.body;
}

async function usage(
  on: Instance,
  orgId: string,
): Promise<{ entries: Entry[]; balance: { balance: number } }> {
  const res = await admin<{ entries: Entry[]; balance: { balance: number } }>(
    on,
    'GET',
    `/orgs/${orgId}/usage?limit=1000`,
  );
  expect(res.status).toBe(200);
  return res.body;
}

/** An organization created through A, with one key of the environment. */
async function orgWithKey(
  name: string,
  environment: 'live' | 'test',
  credits?: number,
): Promise<{ orgId: string; keyId: string; key: string }> {
  const org = await admin<{ id: string }>(a, 'POST', '/orgs', {
    name,
    ...(credits === undefined ? {} : { credits }),
  });
  expect(org.status).toBe(201);
  const key = await admin<{ id: string; key: string }>(a, 'POST', `/orgs/${org.body.id}/keys`, {
    environment,
    scopes: ['tts:speak'],
  });
  expect(key.status).toBe(201);
  return { orgId: org.body.id, keyId: key.body.id, key: key.body.key };
}

/** A 4-character clip: 4 credits at this file's price (1 credit per character, standard quality). */
async function speak(
  on: Instance,
  key: string,
): Promise<{ status: number; code?: string; requestId: string }> {
  const res = await fetch(`${on.base}/tts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text: 'مرحب', voice: 'ar-SA-noura' }),
  });
  const requestId = res.headers.get('x-request-id')!;
  if (res.status === 200) {
    await res.arrayBuffer();
    return { status: 200, requestId };
  }
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: body.code, requestId };
}

/** `n` clips at once, alternately on A and B. */
function burst(key: string, n: number) {
  return Promise.all(Array.from({ length: n }, (_, i) => speak(i % 2 === 0 ? a : b, key)));
}

/** A cheap authenticated request that is not billed (a ws-token), for rate limits. */
async function token(
  on: Instance,
  key: string,
): Promise<{ status: number; code?: string; limit: string | null }> {
  const res = await fetch(`${on.base}/auth/ws-token`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ scopes: ['tts:speak'] }),
  });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: body.code, limit: res.headers.get('ratelimit-limit') };
}

/**
 * Each instance's charges are sent to Redis after it answers the client; a read on an instance runs after its
 * own writes (one connection, in order). A read on each instance first makes every charge visible to both.
 */
async function settled(orgId: string): Promise<void> {
  await usage(a, orgId);
  await usage(b, orgId);
}

/** Endpoints registered on each instance, so whichever instance emits, the event is delivered. */
async function listenOnBoth(orgId: string): Promise<void> {
  for (const on of [a, b]) {
    const res = await admin(on, 'POST', `/orgs/${orgId}/webhook-endpoints`, {
      url: receiverUrl,
      events: ['quota.threshold'],
    });
    expect(res.status).toBe(201);
  }
}

/** The distinct quota.threshold events of the organization, from both instances: [percent, kind], sorted. */
async function thresholdEvents(orgId: string): Promise<[number, string][]> {
  // The usage reads wait for each instance's own writes (and the notifications they claimed).
  await settled(orgId);
  const events = new Map<string, [number, string]>();
  for (const on of [a, b]) {
    const res = await admin<{
      deliveries: { event_id: string; envelope: { data: { threshold_percent: number; kind: string } } }[];
    }>(on, 'GET', `/webhooks/deliveries?org_id=${orgId}&event=quota.threshold`);
    expect(res.status).toBe(200);
    for (const d of res.body.deliveries)
      events.set(d.event_id, [d.envelope.data.threshold_percent, d.envelope.data.kind]);
  }
  return [...events.values()].sort((x, y) => x[0] - y[0]);
}

let redisDir: string;

beforeAll(async () => {
  // Redis keeps its dump here: the last test restarts it with what it held (nothing changed while it was down).
  redisDir = mkdtempSync(join(tmpdir(), 'svc-shared-billing-redis-'));
  redis = await startRedis(undefined, redisDir);
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const dir = mkdtempSync(join(tmpdir(), 'svc-shared-billing-'));
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      rateLimits: { live: { limit: 10_000, windowSeconds: 60 }, test: { limit: 10_000, windowSeconds: 60 } },
      prices: { tts: { fast: 0.5, standard: 1, high: 2 } },
    }),
  );
  [a, b] = await Promise.all([startInstance(redis, 'A', config), startInstance(redis, 'B', config)]);
}, 60_000);

afterAll(async () => {
  await killAll();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await redis?.stop();
});

describe('billing shared by two instances over Redis', () => {
  it('30 concurrent 4-credit clips split across A and B on 40 credits: 10 served, the rest refused insufficient_credits, the same balance and ledger on both', async () => {
    const { orgId, key } = await orgWithKey('Tight', 'live', 40);
    const results = await burst(key, 30);

    const served = results.filter((r) => r.status === 200);
    expect(served).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 429 && r.code === 'insufficient_credits')).toBe(true);
    // Half the requests went to each instance (which of them got served depends on the race); the next one
    // is refused on both.
    for (const on of [a, b])
      expect(await speak(on, key)).toMatchObject({ status: 429, code: 'insufficient_credits' });
    await settled(orgId);

    for (const on of [a, b]) {
      const { entries, balance } = await usage(on, orgId);
      const billed = entries.filter((e) => e.status === 'billed');
      expect(billed.map((e) => e.request_id).sort()).toEqual(served.map((r) => r.requestId).sort());
      const spent = billed.reduce((sum, e) => sum + e.amount, 0);
      expect(spent).toBe(40);
      expect(balance.balance).toBe(40 - spent);
      expect((await billing(on, orgId)).balance).toMatchObject({ balance: 0, consumed_in_period: 40 });
    }
  });

  it('the same for a test key: a quota of 40 characters set on A, 30 clips split across A and B serve 10', async () => {
    const { orgId, key } = await orgWithKey('Quota', 'test');
    expect((await admin(a, 'PATCH', `/orgs/${orgId}/billing`, { test_quotas: { tts: 40 } })).status).toBe(
      200,
    );
    const results = await burst(key, 30);

    const served = results.filter((r) => r.status === 200);
    expect(served).toHaveLength(10);
    expect(results.filter((r) => r.status !== 200).every((r) => r.code === 'test_quota_exceeded')).toBe(true);
    await settled(orgId);
    for (const on of [a, b]) {
      expect((await billing(on, orgId)).test_quotas.find((q) => q.product === 'tts')).toMatchObject({
        used: 40,
        quota: 40,
      });
      const counted = (await usage(on, orgId)).entries.filter((e) => e.reason === 'test_key');
      expect(counted.map((e) => e.request_id).sort()).toEqual(served.map((r) => r.requestId).sort());
    }
  });

  it('a balance set on A is what B answers at once, and credits added on B are what A answers', async () => {
    const { orgId, key } = await orgWithKey('Admin', 'live', 10);
    const set = await admin<Billing>(a, 'PATCH', `/orgs/${orgId}/billing`, { balance: 123 });
    expect(set.status).toBe(200);
    expect((await billing(b, orgId)).balance.balance).toBe(123);
    expect((await admin(b, 'PATCH', `/orgs/${orgId}/billing`, { add_credits: 7 })).status).toBe(200);
    expect((await billing(a, orgId)).balance.balance).toBe(130);
    // And B bills against it: one clip on B leaves 126 on A.
    expect((await speak(b, key)).status).toBe(200);
    expect((await usage(b, orgId)).balance.balance).toBe(126);
    expect((await billing(a, orgId)).balance.balance).toBe(126);
  });

  it("a key's rate-limit override set on A applies to requests on B at once, and clearing it on B applies on A", async () => {
    const { keyId, key } = await orgWithKey('Limited', 'live', 10);
    expect(
      (await admin(a, 'PUT', `/keys/${keyId}/rate-limit`, { limit: 2, window_seconds: 60 })).status,
    ).toBe(200);
    expect(await token(b, key)).toMatchObject({ status: 201, limit: '2' });
    expect(await token(a, key)).toMatchObject({ status: 201, limit: '2' });
    expect(await token(b, key)).toMatchObject({ status: 429, code: 'rate_limited', limit: '2' });
    expect((await admin(b, 'DELETE', `/keys/${keyId}/rate-limit`)).status).toBe(200);
    expect(await token(a, key)).toMatchObject({ status: 201, limit: '10000' });
  });

  it('a credits threshold crossed by requests on both instances is notified once, not once per instance', async () => {
    const { orgId, key } = await orgWithKey('Thresholds', 'live', 40);
    await listenOnBoth(orgId);
    const results = await burst(key, 12);
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(await thresholdEvents(orgId)).toEqual([
      [50, 'credits'],
      [80, 'credits'],
      [100, 'credits'],
    ]);
  });

  it('a test quota threshold crossed by requests on both instances is notified once, not once per instance', async () => {
    const { orgId, key } = await orgWithKey('Quota thresholds', 'test');
    expect((await admin(b, 'PATCH', `/orgs/${orgId}/billing`, { test_quotas: { tts: 40 } })).status).toBe(
      200,
    );
    await listenOnBoth(orgId);
    const results = await burst(key, 12);
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(await thresholdEvents(orgId)).toEqual([
      [50, 'test_quota'],
      [80, 'test_quota'],
      [100, 'test_quota'],
    ]);
  });

  it('an upload billed on A whose indexing fails is refunded once, and B sees the entry refunded and the credits back', async () => {
    const org = await admin<{ id: string }>(a, 'POST', '/orgs', {
      name: 'Refund',
      credits: 10,
      rag_entitled: true,
    });
    const orgId = org.body.id;
    expect((await admin(a, 'PUT', `/orgs/${orgId}/rag`, { state: 'ready', fail_next_jobs: 1 })).status).toBe(
      200,
    );
    const key = await admin<{ key: string }>(a, 'POST', `/orgs/${orgId}/keys`, {
      environment: 'live',
      scopes: ['rag:query'],
    });
    const form = new FormData();
    form.set('title', 'doomed');
    form.set(
      'file',
      new Blob(['a text about flarnish, '.repeat(4000)], { type: 'text/plain' }),
      'doomed.txt',
    );
    const res = await fetch(`${a.base}/rag/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key.body.key}` },
      body: form,
    });
    expect(res.status).toBe(202);
    await res.json();
    await settled(orgId);
    const charged = (await usage(b, orgId)).entries.find((e) => e.status === 'billed')!;
    expect(charged.amount).toBeGreaterThan(0);
    expect((await billing(b, orgId)).balance.balance).toBe(Math.round((10 - charged.amount) * 1e6) / 1e6);
    // The indexing job (on A, whose RAG tenant it is) fails when A's clock reaches its end.
    expect((await admin(a, 'POST', '/clock/advance', { seconds: 60 })).status).toBe(200);
    await expect.poll(async () => (await usage(a, orgId)).entries.map((e) => e.status)).toEqual(['refunded']);
    expect((await usage(b, orgId)).entries.map((e) => e.status)).toEqual(['refunded']);
    expect((await billing(b, orgId)).balance).toMatchObject({ balance: 10, consumed_in_period: 0 });
  });

  it('a period closed through A: one invoice with the usage billed on B, listed on both, and the balance starts over everywhere', async () => {
    const { orgId, key } = await orgWithKey('Period', 'live', 40);
    expect((await speak(b, key)).status).toBe(200);
    expect((await speak(a, key)).status).toBe(200);
    await usage(b, orgId);
    const closed = await admin<{
      id: string;
      lines: { product: string; quantity: number; amount: number }[];
      total: number;
    }>(a, 'POST', `/orgs/${orgId}/billing/close-period`);
    expect(closed.status).toBe(200);
    expect(closed.body.lines).toEqual([{ product: 'tts', unit: 'characters', quantity: 8, amount: 8 }]);
    expect(closed.body.total).toBe(8);
    for (const on of [a, b]) {
      const list = await admin<{ invoices: { id: string }[] }>(on, 'GET', `/orgs/${orgId}/invoices`);
      expect(list.body.invoices.map((i) => i.id)).toEqual([closed.body.id]);
      expect((await billing(on, orgId)).balance).toMatchObject({ balance: 40, consumed_in_period: 0 });
    }
  });

  it("a reset on A clears the shared billing for B: the demo organization's balance is its grant again", async () => {
    const demo = 'org_demo';
    const grant = (await billing(a, demo)).balance.balance;
    expect((await admin(a, 'PATCH', `/orgs/${demo}/billing`, { balance: 5 })).status).toBe(200);
    expect((await billing(b, demo)).balance.balance).toBe(5);
    expect((await admin(a, 'POST', '/reset', {})).status).toBe(200);
    // B drops its copy when the reset event reaches it (pub/sub).
    await expect.poll(async () => (await billing(b, demo)).balance.balance).toBe(grant);
    expect((await billing(a, demo)).balance.balance).toBe(grant);
  });

  it('while Redis is down, a billing change answers 502 upstream_error and changes nothing', async () => {
    const demo = 'org_demo';
    const before = (await billing(a, demo)).balance.balance;
    const save = new Redis(redis.url);
    await save.save();
    await save.quit();
    await redis.stop();
    const res = await admin<{ code: string }>(a, 'PATCH', `/orgs/${demo}/billing`, { add_credits: 50 });
    expect(res).toMatchObject({ status: 502, body: { code: 'upstream_error' } });
    const clip = await speak(a, a.liveKey);
    expect(clip).toMatchObject({ status: 502, code: 'upstream_error' });
    // The organization's view shows the balance the store holds, so it cannot answer without the store.
    const org = await admin<{ code: string }>(a, 'GET', `/orgs/${demo}`);
    expect(org).toMatchObject({ status: 502, body: { code: 'upstream_error' } });
    // Back with what it held: the balance is the one from before, through either instance.
    redis = await startRedis(redis.port, redisDir);
    for (const on of [a, b]) {
      const deadline = Date.now() + 10_000;
      let view = await admin<{ credits?: { balance: number } }>(on, 'GET', `/orgs/${demo}`);
      while (view.status !== 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        view = await admin<{ credits?: { balance: number } }>(on, 'GET', `/orgs/${demo}`);
      }
      expect(view.status).toBe(200);
      expect(view.body.credits?.balance).toBe(before);
    }
  });
});
