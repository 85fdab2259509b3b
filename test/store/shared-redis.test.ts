/**
 * Issue 17, first slice: two emulator processes (the built CLI) over one real Redis share organizations,
 * keys, revocations, ws-tokens and rate-limit windows, and never mint the same id.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll } from '../support/cli.js';
import {
  startInstance,
  startRedis,
  type StoreInstance as Instance,
  type TestRedis,
} from '../support/redis.js';
import { openWs, refusedUpgrade } from '../support/ws.js';

let redis: TestRedis;
let a: Instance;
let b: Instance;

/** A small shared limit inside one hour-long window that the fixed clock start keeps far from its boundary. */
const RATE_LIMIT = 5;

function start(id: string, configFile: string): Promise<Instance> {
  return startInstance(redis, id, configFile, ['--clock-start', '2030-01-01T00:30:00Z']);
}

async function post(url: string, body: unknown, key?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key) headers.Authorization = `Bearer ${key}`;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

async function createKey(
  on: Instance,
  scopes: string[] = ['tts:speak'],
): Promise<{ id: string; key: string }> {
  const res = await post(`${on.admin}/orgs/org_demo/keys`, { environment: 'live', scopes });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  redis = await startRedis();
  const dir = mkdtempSync(join(tmpdir(), 'svc-shared-'));
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ rateLimits: { live: { limit: RATE_LIMIT, windowSeconds: 3600 } } }));
  [a, b] = await Promise.all([start('A', config), start('B', config)]);
});

afterAll(async () => {
  await killAll();
  await redis?.stop();
});

describe('two instances over one Redis', () => {
  it('agree on the demo keys, which both derive from the seed', () => {
    expect(a.liveKey).toBe(b.liveKey);
  });

  it('a key created through A authenticates on B', async () => {
    const key = await createKey(a);
    const res = await post(`${b.base}/auth/ws-token`, { scopes: ['tts:speak'] }, key.key);
    expect(res.status).toBe(201);
  });

  it('a key revoked through A is refused on B, and its WebSocket on B closes with 4001 within 100 ms of the answer', async () => {
    // Three keys in turn: each socket must close with 4001, and the median delay must be within the spec's
    // 100 ms. This test process shares two cores with the rest of the suite, so one revocation can be noticed
    // late here for reasons that are not B's (bench/shared-revocation.bench.ts measures the distribution).
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      const key = await createKey(a);
      const ws = await openWs(`${b.base.replace('http', 'ws')}/tts/realtime`, [], {
        Authorization: `Bearer ${key.key}`,
      });
      const closed = new Promise<{ code: number; at: number }>((resolve) =>
        ws.once('close', (code) => resolve({ code, at: performance.now() })),
      );

      const res = await fetch(`${a.admin}/keys/${key.id}`, { method: 'DELETE' });
      const answeredAt = performance.now();
      expect(res.status).toBe(200);
      const close = await closed;
      expect(close.code).toBe(4001);
      delays.push(close.at - answeredAt);

      const refused = await post(`${b.base}/auth/ws-token`, { scopes: ['tts:speak'] }, key.key);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('api_key_revoked');
    }
    expect(delays.sort((x, y) => x - y)[1]).toBeLessThan(100);
  });

  it('a ws-token minted on A is accepted once on B and refused on any second use, anywhere', async () => {
    const key = await createKey(a);
    const minted = await post(`${a.base}/auth/ws-token`, { scopes: ['tts:speak'] }, key.key);
    expect(minted.status).toBe(201);
    const token = minted.body.token as string;

    const ws = await openWs(`${b.base.replace('http', 'ws')}/tts/realtime`, [token]);
    expect(ws.protocol).toBe(token);
    ws.close();

    for (const on of [a, b]) {
      const again = await refusedUpgrade(`${on.base.replace('http', 'ws')}/tts/realtime`, [token]);
      expect(again.status).toBe(401);
      expect(JSON.parse(again.text).code).toBe('invalid_ws_token');
    }
  });

  it('two instances racing for one ws-token: exactly one wins', async () => {
    // One key per round: a mint and four attempts stay within the key's rate limit of 5.
    for (let round = 0; round < 3; round++) {
      const key = await createKey(a);
      const t = await post(`${a.base}/auth/ws-token`, { scopes: ['tts:speak'] }, key.key);
      const attempts = await Promise.allSettled(
        [a, b, a, b].map((on) => openWs(`${on.base.replace('http', 'ws')}/tts/realtime`, [t.body.token])),
      );
      const opened = attempts.filter((r): r is PromiseFulfilledResult<WebSocket> => r.status === 'fulfilled');
      expect(opened).toHaveLength(1);
      for (const o of opened) o.value.close();
    }
  });

  it('one rate limit across A and B: 429 at the same count', async () => {
    const key = await createKey(a);
    const seen: { status: number; remaining: string | null }[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      const res = await post(
        `${(i % 2 === 0 ? a : b).base}/auth/ws-token`,
        { scopes: ['tts:speak'] },
        key.key,
      );
      seen.push({ status: res.status, remaining: res.headers.get('ratelimit-remaining') });
    }
    expect(seen.map((s) => s.status)).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(seen.slice(0, RATE_LIMIT).map((s) => s.remaining)).toEqual(['4', '3', '2', '1', '0']);
  });

  it('ids minted on A and B never collide, though both run with the same seed', async () => {
    const made = await Promise.all(
      [a, b, a, b, a, b].map(async (on) => {
        const org = await post(`${on.admin}/orgs`, { name: 'ids' });
        const key = await post(`${on.admin}/orgs/${org.body.id}/keys`, {
          environment: 'test',
          scopes: ['rag:query'],
        });
        return [org.body.id as string, key.body.id as string, key.body.key as string];
      }),
    );
    const all = made.flat();
    expect(new Set(all).size).toBe(all.length);
    // An organization created on A is known to B (organizations are shared).
    const list = (await (await fetch(`${b.admin}/orgs`)).json()) as { organizations: { id: string }[] };
    for (const [orgId] of made) expect(list.organizations.map((o) => o.id)).toContain(orgId);
  });

  it('health names the store and lists both instances', async () => {
    const health = (await (await fetch(`${a.admin}/health`)).json()) as any;
    expect(health.store).toEqual({ kind: 'redis', location: redis.url, status: 'ok', outbox: 0 });
    expect(health.instance_id).toBe('A');
    expect(health.instances.map((i: { id: string }) => i.id)).toEqual(['A', 'B']);
  });
});
