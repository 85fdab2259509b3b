/**
 * Issue 17, journal and scenarios: two emulator processes (the built CLI) over one real Redis. The request
 * journal is one bounded list for all instances (listed, read by id, long-polled and cleared through any of
 * them); a scenario registered through one is applied through the other, and health on both names it.
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

interface Entry {
  request_id: string;
  path: string;
  status: number;
  scope: string | null;
  fault: { rule_id: string } | null;
  ledger_entry_ids: string[];
}

const LIMIT = 6;
let redis: TestRedis;
let a: Instance;
let b: Instance;

async function call(on: Instance, scope: string): Promise<string> {
  const res = await fetch(`${on.base}/auth/ws-token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${on.liveKey}`,
      'X-Emulator-Scope': scope,
    },
    body: JSON.stringify({ scopes: ['tts:speak'] }),
  });
  await res.arrayBuffer();
  return res.headers.get('x-request-id')!;
}

async function requests(on: Instance, query = ''): Promise<Entry[]> {
  const res = await fetch(`${on.admin}/requests${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { requests: Entry[] }).requests;
}

beforeAll(async () => {
  redis = await startRedis();
  const dir = mkdtempSync(join(tmpdir(), 'svc-shared-journal-'));
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({ rateLimits: { live: { limit: 10_000, windowSeconds: 60 } }, journalLimit: LIMIT }),
  );
  [a, b] = await Promise.all([startInstance(redis, 'A', config), startInstance(redis, 'B', config)]);
});

afterAll(async () => {
  await killAll();
  await redis?.stop();
});

describe('the journal shared by two instances over one Redis', () => {
  it('lists the requests of both instances in the order they were recorded, from either one', async () => {
    // An entry reaches Redis at the end of its instance's turn, after its response: each call waits for the
    // one before it to be in the shared journal, so the order recorded there is the order of the calls (without
    // the wait, A's next entry could reach Redis before B's flush, as it once did under load).
    const ids: string[] = [];
    for (const on of [a, b, a]) {
      ids.push(await call(on, 'order'));
      await expect.poll(async () => (await requests(a, '?scope=order')).length).toBe(ids.length);
    }
    for (const on of [a, b]) {
      await expect
        .poll(async () => (await requests(on, '?scope=order')).map((e) => e.request_id))
        .toEqual(ids);
      const listed = await requests(on, '?scope=order');
      expect(listed.every((e) => e.status === 201 && e.path === '/v1/auth/ws-token')).toBe(true);
    }
  });

  it('reads one entry recorded by the other instance by its request id, links included', async () => {
    const search = await fetch(`${a.base}/rag/search`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${a.liveKey}`,
        'X-Emulator-Scope': 'detail',
      },
      body: JSON.stringify({ query: 'annual leave', mode: 'retrieve' }),
    });
    expect(search.status).toBe(200);
    const id = search.headers.get('x-request-id')!;
    await expect.poll(async () => (await fetch(`${b.admin}/requests/${id}`)).status).toBe(200);
    const entry = (await (await fetch(`${b.admin}/requests/${id}`)).json()) as Entry;
    expect(entry).toMatchObject({ request_id: id, path: '/v1/rag/search', status: 200, scope: 'detail' });
    expect(entry.ledger_entry_ids).toHaveLength(1);
    expect((await fetch(`${b.admin}/requests/req_not_there`)).status).toBe(404);
  });

  it('wakes a long-poll on one instance when a matching request is recorded on the other', async () => {
    const waiting = requests(b, '?scope=poll&wait=20');
    // The long-poll is parked on B once B has journaled nothing for the scope; then A records the request.
    await expect.poll(async () => (await requests(b, '?scope=poll')).length).toBe(0);
    const id = await call(a, 'poll');
    const found = await waiting;
    expect(found.map((e) => e.request_id)).toEqual([id]);
  });

  it('keeps at most --journal-limit entries in all, the newest', async () => {
    const ids: string[] = [];
    for (let i = 0; i < LIMIT + 3; i++) ids.push(await call(i % 2 ? a : b, 'bound'));
    await expect.poll(async () => (await requests(b)).map((e) => e.request_id)).toEqual(ids.slice(-LIMIT));
  });

  it('is emptied for every instance by DELETE /requests on one of them', async () => {
    await call(a, 'clear');
    await call(b, 'clear');
    expect((await fetch(`${b.admin}/requests`, { method: 'DELETE' })).status).toBe(204);
    for (const on of [a, b]) expect(await requests(on)).toEqual([]);
    const id = await call(a, 'clear');
    await expect.poll(async () => (await requests(b)).map((e) => e.request_id)).toEqual([id]);
  });
});

describe('scenarios shared by two instances over one Redis', () => {
  it('a scenario registered through A is applied through B; health on both names it', async () => {
    const scenario = {
      name: 'shared-outage',
      description: 'every ws-token call of the scope fails with 502',
      steps: [
        {
          method: 'POST',
          path: '/faults',
          body: { kind: 'error', status: 502, code: 'upstream_error', match: { scope: 'scenario' } },
        },
      ],
    };
    const created = await fetch(`${a.admin}/scenarios`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(scenario),
    });
    expect(created.status).toBe(201);
    const names = async (on: Instance) =>
      (
        (await (await fetch(`${on.admin}/scenarios`)).json()) as { scenarios: { name: string }[] }
      ).scenarios.map((s) => s.name);
    expect(await names(b)).toContain('shared-outage');

    const applied = await fetch(`${b.admin}/scenarios/shared-outage`, { method: 'POST' });
    expect(applied.status).toBe(200);
    for (const on of [a, b]) {
      const health = (await (await fetch(`${on.admin}/health`)).json()) as {
        active_scenario: { name: string } | null;
      };
      expect(health.active_scenario?.name).toBe('shared-outage');
    }
    // The scenario's step added a shared fault rule: it applies on A too.
    await expect
      .poll(
        async () =>
          (
            await fetch(`${a.base}/auth/ws-token`, {
              method: 'POST',
              headers: {
                'Content-Type': 'application/json',
                Authorization: `Bearer ${a.liveKey}`,
                'X-Emulator-Scope': 'scenario',
              },
              body: JSON.stringify({ scopes: ['tts:speak'] }),
            })
          ).status,
      )
      .toBe(502);
  });

  it('a reset through A forgets the registered scenario and the active one on B', async () => {
    expect((await fetch(`${a.admin}/reset`, { method: 'POST' })).status).toBe(200);
    const health = async () =>
      ((await (await fetch(`${b.admin}/health`)).json()) as { active_scenario: unknown }).active_scenario;
    await expect.poll(health).toBeNull();
    const names = (
      (await (await fetch(`${b.admin}/scenarios`)).json()) as { scenarios: { name: string }[] }
    ).scenarios.map((s) => s.name);
    expect(names).not.toContain('shared-outage');
  });
});
