/**
 * Issue 35, item 4: deployments on one Redis are apart. Each is named by its database and its `?prefix=` in the
 * store URL: keys start with `svc-emulator:<prefix>:`, and the events channel (Redis pub/sub spans every
 * database) names both. Four deployments on one redis-server: /0, /1, /0?prefix=ci-a (two instances) and
 * /0?prefix=ci-b. A key made in one authenticates in none of the others, a reset of one resets nothing
 * elsewhere, and the two instances of ci-a still share everything.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, runCli } from '../support/cli.js';
import { startInstance, startRedis, type StoreInstance, type TestRedis } from '../support/redis.js';

let redis: TestRedis;
const at: Record<string, StoreInstance> = {};

/** The deployments (store URL path and query) and their instances. */
const DEPLOYMENTS = [
  { name: 'db0', store: '/0', instances: ['db0'] },
  { name: 'db1', store: '/1', instances: ['db1'] },
  { name: 'ci-a', store: '/0?prefix=ci-a', instances: ['ci-a-1', 'ci-a-2'] },
  { name: 'ci-b', store: '/0?prefix=ci-b', instances: ['ci-b'] },
];

async function createKey(on: StoreInstance): Promise<string> {
  const res = await fetch(`${on.admin}/orgs/org_demo/keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ environment: 'live', scopes: ['tts:speak'] }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

async function wsToken(on: StoreInstance, key: string): Promise<number> {
  const res = await fetch(`${on.base}/auth/ws-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ scopes: ['tts:speak'] }),
  });
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  redis = await startRedis();
  const config = join(mkdtempSync(join(tmpdir(), 'svc-deployments-')), 'config.json');
  writeFileSync(config, JSON.stringify({}));
  const base = redis.url.replace(/\/0$/, '');
  await Promise.all(
    DEPLOYMENTS.flatMap((d) =>
      d.instances.map(async (id) => {
        // A seed per deployment: keys made in two deployments must differ to tell sharing from coincidence.
        at[id] = await startInstance({ ...redis, url: `${base}${d.store}` }, id, config, ['--seed', d.name]);
      }),
    ),
  );
}, 60_000);

afterAll(async () => {
  await killAll();
  await redis?.stop();
});

describe('deployments on one Redis', () => {
  it('a key made in one deployment authenticates in its own instances and in no other deployment', async () => {
    for (const d of DEPLOYMENTS) {
      const key = await createKey(at[d.instances[0]]);
      for (const other of DEPLOYMENTS) {
        for (const id of other.instances) {
          expect([d.name, id, await wsToken(at[id], key)]).toEqual([
            d.name,
            id,
            other.name === d.name ? 201 : 401,
          ]);
        }
      }
    }
  });

  it('a reset in one deployment leaves the others as they were', async () => {
    const keys = Object.fromEntries(
      await Promise.all(DEPLOYMENTS.map(async (d) => [d.name, await createKey(at[d.instances[0]])] as const)),
    );
    const reset = await fetch(`${at['ci-a-1'].admin}/reset`, { method: 'POST' });
    expect(reset.status).toBeLessThan(300);
    // The reset reached ci-a's other instance: the key it made is gone there too.
    await expect.poll(() => wsToken(at['ci-a-2'], keys['ci-a'])).toBe(401);
    for (const d of DEPLOYMENTS.filter((x) => x.name !== 'ci-a'))
      expect([d.name, await wsToken(at[d.instances[0]], keys[d.name])]).toEqual([d.name, 201]);
  });

  it('health names the store with its prefix', async () => {
    const health = (await (await fetch(`${at['ci-b'].admin}/health`)).json()) as { store?: unknown };
    expect(JSON.stringify(health)).toContain(`/0?prefix=ci-b`);
  });

  it('a prefix outside the rule, or another query parameter, is refused at start naming it', async () => {
    const base = redis.url.replace(/\/0$/, '');
    for (const [query, message] of [
      ['/0?prefix=a/b', /prefix must be 1 to 64 of A-Z a-z 0-9 \. _ - \(got 'a\/b'\)/],
      ['/0?prefix=', /prefix must be 1 to 64/],
      ['/0?db=2', /takes one query parameter, prefix .*not 'db'/],
    ] as const) {
      const run = runCli(['--store', `${base}${query}`, '--port', '0']);
      const { code } = await run.exited;
      expect(code).toBe(2);
      expect(run.stderr.join('\n')).toMatch(message);
    }
  });
});
