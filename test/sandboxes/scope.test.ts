/**
 * Issue 24 item 4, filters: `?sandbox=ID` on the journal, webhook deliveries, the client report and the usage
 * ledger (`GET /_emulator/usage`), and fault rules scoped by `match.sandbox`. Two sandboxes and the demo
 * organization side by side: each filter returns only its own sandbox's, a sandbox's rule never hits the other
 * or the demo organization, and its reset and delete remove it.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { createSandbox, v1, type SandboxBody } from './helpers.js';

type Sandbox = SandboxBody & { keys: { live: { key: string }; test: { key: string } } };
interface Entry {
  request_id: string;
  org_id: string | null;
  scope: string | null;
}

let t: TestEmulator;
let a: Sandbox;
let b: Sandbox;

beforeAll(async () => {
  const clock = new Clock({ mode: 'frozen', startAt: Date.parse('2026-05-01T08:00:00Z') });
  t = await buildEmulator({ seed: 'sandbox-scope' }, { clock });
  a = await createSandbox(t.app, { name: 'a' });
  b = await createSandbox(t.app, { name: 'b' });
});
afterAll(async () => {
  await t.emulator.close();
});

const admin = () => request(t.app);
const search = (key: string, scope?: string) => {
  const req = v1(t.app, key, 'post', '/v1/rag/search');
  return (scope ? req.set('X-Emulator-Scope', scope) : req).send({ query: 'anything' });
};
const requestId = (res: { headers: Record<string, string> }) => res.headers['x-request-id'];

async function journal(query: string): Promise<Entry[]> {
  const res = await admin().get(`/_emulator/requests?${query}`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { requests: Entry[] }).requests;
}

describe('GET /_emulator/requests?sandbox=', () => {
  it("lists the sandbox organization's requests and those scoped with its id, nothing else", async () => {
    const ofA = requestId(await search(a.keys.live.key));
    const ofB = requestId(await search(b.keys.live.key));
    const ofDemo = requestId(await search(t.keys.live));
    const scopedToA = requestId(await search(t.keys.live, a.id));

    const forA = (await journal(`sandbox=${a.id}`)).map((e) => e.request_id);
    expect(forA).toEqual(expect.arrayContaining([ofA, scopedToA]));
    expect(forA).not.toContain(ofB);
    expect(forA).not.toContain(ofDemo);
    for (const e of await journal(`sandbox=${a.id}`))
      expect(e.org_id === a.org_id || e.scope === a.id).toBe(true);

    const forB = (await journal(`sandbox=${b.id}`)).map((e) => e.request_id);
    expect(forB).toContain(ofB);
    expect(forB).not.toContain(ofA);
    expect(forB).not.toContain(scopedToA);
  });

  it('combines with the other filters, `after` and `wait`', async () => {
    const cursor = requestId(await search(t.keys.live));
    // The long-poll answers with A's request only, whether it starts before or after B's and A's.
    const poll = admin().get(`/_emulator/requests?sandbox=${a.id}&after=${cursor}&wait=10`);
    const pollDone = poll.then((res) => res);
    await search(b.keys.live.key);
    const ofA = requestId(await search(a.keys.test.key));
    const res = await pollDone;
    expect(res.status, res.text).toBe(200);
    expect((res.body.requests as Entry[]).map((e) => e.request_id)).toEqual([ofA]);

    const onlyLive = await journal(`sandbox=${a.id}&key_id=${a.keys.live.id}`);
    expect(onlyLive.length).toBeGreaterThan(0);
    for (const e of onlyLive) expect(e).toMatchObject({ org_id: a.org_id });
  });

  it('answers 404 not_found for an unknown sandbox', async () => {
    const res = await admin().get('/_emulator/requests?sandbox=sbx_0000000000000000');
    expect(expectProblem(res, 404, 'not_found').detail).toBe('no sandbox sbx_0000000000000000');
  });
});

describe('GET /_emulator/webhooks/deliveries?sandbox=', () => {
  it("lists the deliveries of the sandbox's organization only", async () => {
    const endpoint = (orgId: string) =>
      admin()
        .post(`/_emulator/orgs/${orgId}/webhook-endpoints`)
        .send({ url: 'http://127.0.0.1:9/closed', events: ['invoice.finalized'] });
    for (const org of [a.org_id, b.org_id, t.orgId]) expect((await endpoint(org)).status).toBe(201);
    const trigger = (orgId: string) =>
      admin().post('/_emulator/webhooks/trigger').send({ org_id: orgId, event: 'invoice.finalized' });
    const [ofA, ofB, ofDemo] = await Promise.all([trigger(a.org_id), trigger(b.org_id), trigger(t.orgId)]);
    for (const r of [ofA, ofB, ofDemo]) expect(r.status, r.text).toBe(202);

    const res = await admin().get(`/_emulator/webhooks/deliveries?sandbox=${a.id}`);
    expect(res.status, res.text).toBe(200);
    const ids = (res.body.deliveries as { id: string; org_id: string }[]).map((d) => d.id);
    expect(ids).toEqual(ofA.body.delivery_ids);
    expect(ids).not.toEqual(expect.arrayContaining(ofB.body.delivery_ids));

    const waited = await admin().get(`/_emulator/webhooks/deliveries?sandbox=${b.id}&wait=5`);
    expect(waited.body.deliveries.map((d: { id: string }) => d.id)).toEqual(ofB.body.delivery_ids);
  });

  it('refuses org_id beside sandbox, and an unknown sandbox', async () => {
    const both = await admin().get(`/_emulator/webhooks/deliveries?sandbox=${a.id}&org_id=${a.org_id}`);
    expect(expectProblem(both, 422, 'validation_failed').detail).toMatch(/org_id or sandbox, not both/);
    expectProblem(await admin().get('/_emulator/webhooks/deliveries?sandbox=sbx_nope'), 404, 'not_found');
  });
});

describe('GET /_emulator/report?sandbox=', () => {
  it("reports the sandbox's requests only: its keys, and the requests scoped with its id", async () => {
    await search(a.keys.live.key);
    await search(b.keys.live.key);
    await search(t.keys.live, a.id);
    const res = await admin().get(`/_emulator/report?sandbox=${a.id}`);
    expect(res.status, res.text).toBe(200);
    const groups = res.body.groups as { group: { scope: string | null; org_id: string | null } }[];
    expect(groups.length).toBeGreaterThan(0);
    for (const { group } of groups) expect(group.org_id === a.org_id || group.scope === a.id).toBe(true);
    expect(groups.some((g) => g.group.scope === a.id)).toBe(true);
    expect(groups.some((g) => g.group.org_id === a.org_id)).toBe(true);
    expectProblem(await admin().get('/_emulator/report?sandbox=sbx_nope'), 404, 'not_found');
  });
});

describe('GET /_emulator/usage', () => {
  it('answers for a sandbox what GET /orgs/{id}/usage answers for its organization', async () => {
    await search(a.keys.live.key);
    await search(b.keys.live.key);
    const bySandbox = await admin().get(`/_emulator/usage?sandbox=${a.id}&product=rag_search`);
    const byOrg = await admin().get(`/_emulator/orgs/${a.org_id}/usage?product=rag_search`);
    expect(bySandbox.status, bySandbox.text).toBe(200);
    expect(bySandbox.body).toEqual(byOrg.body);
    expect(bySandbox.body.entries.length).toBeGreaterThan(0);
    for (const e of bySandbox.body.entries) expect(e.org_id).toBe(a.org_id);
    const byOrgId = await admin().get(`/_emulator/usage?org_id=${b.org_id}`);
    expect(byOrgId.body).toEqual((await admin().get(`/_emulator/orgs/${b.org_id}/usage`)).body);
  });

  it('needs exactly one of sandbox and org_id, and a known one', async () => {
    const neither = expectProblem(await admin().get('/_emulator/usage'), 422, 'validation_failed');
    expect(neither.detail).toMatch(/org_id or sandbox is required/);
    const both = await admin().get(`/_emulator/usage?sandbox=${a.id}&org_id=${a.org_id}`);
    expect(expectProblem(both, 422, 'validation_failed').detail).toMatch(/not both/);
    const unknown = expectProblem(await admin().get('/_emulator/usage?sandbox=sbx_nope'), 404, 'not_found');
    expect(unknown.detail).toBe('no sandbox sbx_nope');
    expectProblem(await admin().get('/_emulator/usage?org_id=org_nope'), 404, 'not_found');
  });
});

describe('fault rules with match.sandbox', () => {
  const addRule = (match: Record<string, unknown>) =>
    admin()
      .post('/_emulator/faults')
      .send({
        kind: 'error',
        status: 503,
        code: 'upstream_error',
        match: { operation: 'rag.search', ...match },
      });

  it("hit the sandbox's requests and those scoped with its id, never the other sandbox nor the demo org", async () => {
    const res = await addRule({ sandbox: a.id });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ match: { sandbox: a.id }, sandbox_org_id: a.org_id });
    const rule = res.body.id as string;

    expectProblem(await search(a.keys.live.key), 503, 'upstream_error');
    expectProblem(await search(a.keys.test.key), 503, 'upstream_error');
    expectProblem(await search(t.keys.live, a.id), 503, 'upstream_error');
    expect((await search(b.keys.live.key)).status).toBe(200);
    expect((await search(t.keys.live)).status).toBe(200);
    expect((await search(t.keys.live, b.id)).status).toBe(200);

    const listA = await admin().get(`/_emulator/faults?sandbox=${a.id}`);
    expect(listA.body.faults.map((f: { id: string }) => f.id)).toEqual([rule]);
    expect((await admin().get(`/_emulator/faults?sandbox=${b.id}`)).body.faults).toEqual([]);
    await admin().delete(`/_emulator/faults/${rule}`).expect(204);
  });

  it("go with the sandbox's reset and delete, and leave the other rules alone", async () => {
    const c = await createSandbox(t.app, { name: 'c' });
    const ofA = (await addRule({ sandbox: a.id })).body.id as string;
    const ofC = (await addRule({ sandbox: c.id })).body.id as string;
    const global = (await addRule({ scope: 'nobody' })).body.id as string;
    const ids = async () =>
      (await admin().get('/_emulator/faults')).body.faults.map((f: { id: string }) => f.id);
    expect(await ids()).toEqual(expect.arrayContaining([ofA, ofC, global]));

    await admin().post(`/_emulator/sandboxes/${a.id}/reset`).expect(200);
    expect(await ids()).not.toContain(ofA);
    expect(await ids()).toEqual(expect.arrayContaining([ofC, global]));
    expect((await search(a.keys.live.key)).status).toBe(200);

    await admin().delete(`/_emulator/sandboxes/${c.id}`).expect(204);
    expect(await ids()).toEqual([global]);
    await admin().delete(`/_emulator/faults/${global}`).expect(204);
  });

  it('refuse an unknown sandbox (404) and org_id beside sandbox (422)', async () => {
    const unknown = expectProblem(await addRule({ sandbox: 'sbx_nope' }), 404, 'not_found');
    expect(unknown.detail).toBe('no sandbox sbx_nope');
    const both = expectProblem(await addRule({ sandbox: a.id, org_id: a.org_id }), 422, 'validation_failed');
    expect(both.detail).toMatch(/match\.org_id and match\.sandbox/);
    expectProblem(await admin().get('/_emulator/faults?sandbox=sbx_nope'), 404, 'not_found');
    expect((await admin().get('/_emulator/faults')).body.faults).toEqual([]);
  });
});
