/**
 * Issue 24 item 4 over Redis: two in-process emulators share one journal; `?sandbox=ID` on the journal and the
 * client report, asked of the instance the sandboxes were made through, returns the sandbox's requests whichever
 * instance recorded them, and nothing of the other sandbox or the demo organization. A fault rule for a sandbox
 * added through one instance hits its requests through the other, and goes with the sandbox's reset for both.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { createSandbox, type SandboxBody } from './helpers.js';

type Sandbox = SandboxBody & { keys: { live: { key: string }; test: { key: string } } };
interface Entry {
  request_id: string;
  org_id: string | null;
  scope: string | null;
}

let redis: TestRedis;
let a: Emulator;
let b: Emulator;
let s1: Sandbox;
let s2: Sandbox;

async function start(id: string): Promise<Emulator> {
  const clock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
  return createEmulator(
    {
      store: redis.url,
      instanceId: id,
      seed: 'scope-redis',
      demoCorpus: false,
      workers: 0,
      logLevel: 'silent',
    },
    { clock },
  );
}

beforeAll(async () => {
  redis = await startRedis();
  a = await start('scope-a');
  b = await start('scope-b');
  s1 = await createSandbox(a.app, { name: 'one' });
  s2 = await createSandbox(a.app, { name: 'two' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
});

async function call(on: Emulator, key: string, scope?: string): Promise<string> {
  const req = request(on.app).post('/v1/auth/ws-token').set('Authorization', `Bearer ${key}`);
  const res = await (scope ? req.set('X-Emulator-Scope', scope) : req).send({ scopes: ['tts:speak'] });
  expect(res.status, res.text).toBe(201);
  return res.headers['x-request-id'];
}

async function journal(on: Emulator, query: string): Promise<string[]> {
  const res = await request(on.app).get(`/_emulator/requests?${query}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.requests as Entry[]).map((e) => e.request_id);
}

describe('sandbox filters over two instances sharing one Redis', () => {
  it("the journal lists a sandbox's requests recorded by either instance, and only them", async () => {
    const viaB = await call(b, s1.keys.live.key);
    const scopedViaA = await call(a, a.demo.keys.live, s1.id);
    const otherViaB = await call(b, s2.keys.live.key);
    const demoViaB = await call(b, b.demo.keys.live);
    // Entries reach Redis after their answers: wait until both instances' are in the shared journal.
    await expect
      .poll(() => journal(a, ''))
      .toEqual(expect.arrayContaining([viaB, scopedViaA, otherViaB, demoViaB]));

    const forS1 = await journal(a, `sandbox=${s1.id}`);
    expect(forS1).toEqual([viaB, scopedViaA]);
    expect(await journal(a, `sandbox=${s2.id}`)).toEqual([otherViaB]);
  });

  it("the report covers a sandbox's requests recorded by either instance, and only them", async () => {
    const res = await request(a.app).get(`/_emulator/report?sandbox=${s1.id}`);
    expect(res.status, res.text).toBe(200);
    const groups = res.body.groups as {
      group: { scope: string | null; org_id: string | null };
      requests: number;
    }[];
    expect(groups.map((g) => [g.group.org_id, g.group.scope, g.requests])).toEqual(
      expect.arrayContaining([
        [s1.org_id, null, 1],
        [a.demo.orgId, s1.id, 1],
      ]),
    );
    expect(groups).toHaveLength(2);
  });

  it("a fault rule for a sandbox fires on the other instance, and the sandbox's reset removes it for both", async () => {
    const add = await request(a.app)
      .post('/_emulator/faults')
      .send({ kind: 'error', status: 503, code: 'upstream_error', match: { sandbox: s1.id } });
    expect(add.status, add.text).toBe(201);
    const rules = async (on: Emulator) =>
      ((await request(on.app).get('/_emulator/faults')).body.faults as { id: string }[]).map((r) => r.id);
    await expect.poll(() => rules(b)).toEqual([add.body.id]);

    const hit = await request(b.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', `Bearer ${s1.keys.live.key}`)
      .send({ scopes: ['tts:speak'] });
    expect(hit.status).toBe(503);
    await call(b, s2.keys.live.key);
    await call(b, b.demo.keys.live);

    expect((await request(a.app).post(`/_emulator/sandboxes/${s1.id}/reset`)).status).toBe(200);
    expect(await rules(a)).toEqual([]);
    await expect.poll(() => rules(b)).toEqual([]);
    await call(b, s1.keys.live.key);
  });

  it('a sandbox rule removed through the other instance is gone from its organization for both', async () => {
    const add = await request(a.app)
      .post('/_emulator/faults')
      .send({ kind: 'error', status: 503, code: 'upstream_error', match: { sandbox: s2.id } });
    expect(add.status, add.text).toBe(201);
    await expect
      .poll(async () => (await request(b.app).get(`/_emulator/faults/${add.body.id}`)).status)
      .toBe(200);
    expect((await request(b.app).delete(`/_emulator/faults/${add.body.id}`)).status).toBe(204);
    await expect
      .poll(async () => (await request(a.app).get(`/_emulator/faults?sandbox=${s2.id}`)).body.faults)
      .toEqual([]);
    expect((await a.state.exportOrg(s2.org_id)).faults).toBeUndefined();
  });
});
