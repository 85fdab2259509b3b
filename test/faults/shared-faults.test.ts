/**
 * Issue 17, faults: two emulator processes (the built CLI) over one real Redis share fault rules. A rule
 * added, removed or cleared on one applies on the other; a counted rule fires `times` times in total; a
 * reset on one clears the other's shared rules; config-file rules stay per instance.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll } from '../support/cli.js';
import {
  startInstance,
  startRedis,
  type StoreInstance as Instance,
  type TestRedis,
} from '../support/redis.js';

interface Rule {
  id: string;
  remaining: number | null;
  description?: string;
}

let redis: TestRedis;
let a: Instance;
let b: Instance;

function start(id: string, configFile: string): Promise<Instance> {
  return startInstance(redis, id, configFile);
}

/** A call the rules below target through its scope, so each test's rules touch only its own calls. */
async function call(on: Instance, scope: string): Promise<{ status: number; code?: string }> {
  const res = await fetch(`${on.base}/auth/ws-token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${on.liveKey}`,
      'X-Emulator-Scope': scope,
    },
    body: JSON.stringify({ scopes: ['tts:speak'] }),
  });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: body.code };
}

async function addRule(on: Instance, body: Record<string, unknown>): Promise<Rule> {
  const res = await fetch(`${on.admin}/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Rule;
}

async function rules(on: Instance): Promise<Rule[]> {
  return ((await (await fetch(`${on.admin}/faults`)).json()) as { faults: Rule[] }).faults;
}

/** Whether `on` has the rule yet: the event reaches the other instance through Redis pub/sub. */
async function has(on: Instance, id: string): Promise<boolean> {
  return (await fetch(`${on.admin}/faults/${id}`)).status === 200;
}

const unavailable = (scope: string) => ({
  kind: 'error',
  status: 502,
  code: 'upstream_error',
  match: { scope },
});

beforeAll(async () => {
  redis = await startRedis();
  const dir = mkdtempSync(join(tmpdir(), 'svc-shared-faults-'));
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      rateLimits: { live: { limit: 10_000, windowSeconds: 60 } },
      faults: [
        {
          kind: 'error',
          status: 502,
          code: 'upstream_error',
          times: 1,
          match: { scope: 'from-config' },
          description: 'config rule',
        },
      ],
    }),
  );
  [a, b] = await Promise.all([start('A', config), start('B', config)]);
});

afterAll(async () => {
  await killAll();
  await redis?.stop();
});

describe('fault rules shared by two instances over one Redis', () => {
  it('config-file rules stay per instance: each has its own, once', async () => {
    for (const on of [a, b])
      expect((await rules(on)).filter((r) => r.description === 'config rule')).toHaveLength(1);
  });

  it('a counted config-file rule is counted per instance: it fires once on each', async () => {
    for (const on of [a, b]) {
      expect((await call(on, 'from-config')).status).toBe(502);
      expect((await call(on, 'from-config')).status).toBe(201);
    }
  });

  it('a rule created on A makes B answer with the injected fault; deleted on B, it stops on A', async () => {
    expect((await call(b, 'shared-1')).status).toBe(201);
    const rule = await addRule(a, unavailable('shared-1'));
    await expect.poll(() => has(b, rule.id)).toBe(true);
    expect(await call(b, 'shared-1')).toEqual({ status: 502, code: 'upstream_error' });
    expect((await call(a, 'shared-1')).status).toBe(502);

    expect((await fetch(`${b.admin}/faults/${rule.id}`, { method: 'DELETE' })).status).toBe(204);
    await expect.poll(() => has(a, rule.id)).toBe(false);
    expect((await call(a, 'shared-1')).status).toBe(201);
    expect((await call(b, 'shared-1')).status).toBe(201);
  });

  it('a rule limited to 3 fires exactly 3 times across requests alternating between A and B', async () => {
    const rule = await addRule(a, { ...unavailable('counted'), times: 3 });
    expect(rule.remaining).toBe(3);
    await expect.poll(() => has(b, rule.id)).toBe(true);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call(i % 2 === 0 ? b : a, 'counted')).status);
    expect(statuses.filter((s) => s === 502)).toHaveLength(3);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    // Used up: gone from both.
    await expect.poll(() => has(a, rule.id)).toBe(false);
    await expect.poll(() => has(b, rule.id)).toBe(false);
  });

  it('a counted rule raced by concurrent requests on both instances still fires exactly its times', async () => {
    const rule = await addRule(b, { ...unavailable('race'), times: 5 });
    await expect.poll(() => has(a, rule.id)).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(i % 2 === 0 ? a : b, 'race')),
    );
    expect(results.filter((r) => r.status === 502)).toHaveLength(5);
  });

  it('clearing on B clears A', async () => {
    const rule = await addRule(a, unavailable('cleared'));
    await expect.poll(() => has(b, rule.id)).toBe(true);
    expect((await fetch(`${b.admin}/faults`, { method: 'DELETE' })).status).toBe(204);
    await expect.poll(async () => (await rules(a)).length).toBe(0);
    expect((await call(a, 'cleared')).status).toBe(201);
  });

  it('a reset on A clears B, which keeps its own config rule', async () => {
    const rule = await addRule(b, unavailable('reset'));
    await expect.poll(() => has(a, rule.id)).toBe(true);
    expect((await fetch(`${a.admin}/reset`, { method: 'POST' })).status).toBe(200);
    await expect.poll(() => has(b, rule.id)).toBe(false);
    expect((await call(b, 'reset')).status).toBe(201);
    expect((await rules(b)).map((r) => r.description)).toEqual(['config rule']);
    expect((await rules(a)).map((r) => r.description)).toEqual(['config rule']);
  });

  it('an instance started later finds the shared rules already there', async () => {
    const rule = await addRule(a, { ...unavailable('late'), times: 2 });
    const dir = mkdtempSync(join(tmpdir(), 'svc-shared-faults-'));
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ rateLimits: { live: { limit: 10_000, windowSeconds: 60 } } }));
    const c = await start('C', config);
    expect(await has(c, rule.id)).toBe(true);
    expect((await call(c, 'late')).status).toBe(502);
    expect((await call(a, 'late')).status).toBe(502);
    expect((await call(c, 'late')).status).toBe(201);
  });
});
