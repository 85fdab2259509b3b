/**
 * Sandboxes through the admin API (issue 24 items 1 and 2): one call makes an organization with keys,
 * credits, quotas, RAG tenant and webhook endpoint; list and get; delete and reset act on that sandbox only.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/app/emulator.js';
import { Clock } from '../../src/core/clock.js';
import { verifyWebhookSignature } from '../../src/webhooks/index.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { closed, openWs, within } from '../support/ws.js';
import { balanceOf, createSandbox, ledgerOf, v1 } from './helpers.js';

const T0 = Date.parse('2026-05-01T08:00:00Z');
let t: TestEmulator;
let receiver: Receiver;

beforeAll(async () => {
  t = await buildEmulator({ seed: 'sandbox-tests' }, { clock: new Clock({ mode: 'frozen', startAt: T0 }) });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.emulator.close();
  await receiver.close();
});

const search = (key: string) => v1(t.app, key, 'post', '/v1/rag/search').send({ query: 'anything' });
const documents = (key: string) => v1(t.app, key, 'get', '/v1/rag/documents');

describe('creating a sandbox', () => {
  it('answers with everything a test needs, and its keys work on /v1 at once', async () => {
    const s = await createSandbox(t.app);
    expect(s.id).toMatch(/^sbx_[0-9A-Za-z]{16}$/);
    expect(s.org_id).toMatch(/^org_[0-9A-Za-z]{16}$/);
    expect(s.scope).toBe(s.id);
    expect(s.created_at).toBe(new Date(T0).toISOString());
    expect(s.keys.live.key).toMatch(/^svc_live_/);
    expect(s.keys.test.key).toMatch(/^svc_test_/);
    expect(s.keys.live.display).not.toContain(s.keys.live.key);
    expect(s.webhook_endpoint).toBeNull();
    expect(s.clock).toBeNull();
    // Defaults: entitled, tenant ready, all three scopes.
    expect(s.options).toMatchObject({
      name: s.id,
      credits: null,
      rag_entitled: true,
      rag: { state: 'ready' },
      scopes: ['tts:speak', 'stt:transcribe', 'rag:query'],
      webhook: null,
      clock: null,
    });
    const res = await documents(s.keys.live.key);
    expect(res.status, res.text).toBe(200);
    expect(res.body.documents).toEqual([]);
    expect((await documents(s.keys.test.key)).status).toBe(200);
    const org = await request(t.app).get(`/_emulator/orgs/${s.org_id}`);
    expect(org.body).toMatchObject({ id: s.org_id, name: s.id, rag_entitled: true });
  });

  it('sets credits, test quotas and key scopes as asked', async () => {
    const s = await createSandbox(t.app, {
      name: 'quota box',
      credits: 7,
      test_quotas: { rag_search: 1 },
      scopes: ['rag:query'],
    });
    expect(await balanceOf(t.app, s.org_id)).toBe(7);
    expect((await search(s.keys.test.key)).status).toBe(200);
    expectProblem(await search(s.keys.test.key), 429, 'test_quota_exceeded');
    const tts = await v1(t.app, s.keys.live.key, 'post', '/v1/tts').send({ text: 'hi', voice: 'x' });
    expectProblem(tts, 403, 'insufficient_scope');
  });

  it.each([
    ['provisioning', 409, 'rag_provisioning'],
    ['not_provisioned', 409, 'rag_not_provisioned'],
  ])('starts the RAG tenant %s', async (tenant, status, code) => {
    const s = await createSandbox(t.app, { rag: { state: tenant } });
    expect(s.options.rag).toEqual({ state: tenant });
    expectProblem(await documents(s.keys.live.key), status, code);
  });

  it('makes an organization without the RAG entitlement', async () => {
    const s = await createSandbox(t.app, { rag_entitled: false });
    const tenant = await request(t.app).get(`/_emulator/orgs/${s.org_id}/rag`);
    expect(tenant.body).toMatchObject({ rag_entitled: false, tenant: null });
    expect(s.options).toMatchObject({ rag_entitled: false, rag: null });
    const org = await request(t.app).get(`/_emulator/orgs/${s.org_id}`);
    expect(org.body).toMatchObject({ rag_entitled: false });
  });

  it('takes the names of the organization operations: rag_entitled of POST /orgs, state of PUT /orgs/{id}/rag', async () => {
    // The same words a test already sends to make an organization and set its tenant.
    const s = await createSandbox(t.app, { rag_entitled: true, rag: { state: 'provisioning' } });
    expect(s.options).toMatchObject({ rag_entitled: true, rag: { state: 'provisioning' } });
    const tenant = await request(t.app).get(`/_emulator/orgs/${s.org_id}/rag`);
    expect(tenant.body).toMatchObject({ rag_entitled: true, tenant: { state: 'provisioning' } });
  });

  it("still reads 1.0's rag.entitled and rag.tenant, deprecated: the same sandbox, and a warning in the log", async () => {
    const lines: string[] = [];
    const emulator = await createEmulator(
      { seed: 'deprecated-rag', logLevel: 'warn', logFormat: 'json', demoCorpus: false },
      { logSink: (line) => lines.push(line) },
    );
    try {
      const old = await request(emulator.app)
        .post('/_emulator/sandboxes')
        .send({ rag: { entitled: true, tenant: 'provisioning' } });
      expect(old.status, old.text).toBe(201);
      expect(old.body.options).toMatchObject({ rag_entitled: true, rag: { state: 'provisioning' } });
      const tenant = await request(emulator.app).get(`/_emulator/orgs/${old.body.org_id}/rag`);
      expect(tenant.body).toMatchObject({ rag_entitled: true, tenant: { state: 'provisioning' } });
      const warnings = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(warnings.filter((w) => w.event === 'deprecated')).toEqual([
        expect.objectContaining({ level: 'warn', field: 'rag.entitled', instead: 'rag_entitled' }),
        expect.objectContaining({ level: 'warn', field: 'rag.tenant', instead: 'rag.state' }),
      ]);
      const off = await request(emulator.app)
        .post('/_emulator/sandboxes')
        .send({ rag: { entitled: false } });
      expect(off.status, off.text).toBe(201);
      expect(off.body.options).toMatchObject({ rag_entitled: false, rag: null });
      // The two spellings at odds are refused, naming the one to keep.
      for (const body of [
        { rag_entitled: true, rag: { entitled: false } },
        { rag: { state: 'ready', tenant: 'provisioning' } },
      ]) {
        const res = await request(emulator.app).post('/_emulator/sandboxes').send(body);
        expect(expectProblem(res, 422, 'validation_failed').detail).toMatch(
          /give (rag_entitled|rag\.state) only/,
        );
      }
    } finally {
      await emulator.close();
    }
  });

  it('registers a webhook endpoint that receives events signed with the secret it answered', async () => {
    const s = await createSandbox(t.app, { webhook: { url: receiver.url, events: ['ping'] } });
    expect(s.webhook_endpoint).toMatchObject({ url: receiver.url });
    const secret = s.webhook_endpoint!.secret!;
    expect(secret).toMatch(/^whsec_/);
    const next = receiver.next();
    const trigger = await request(t.app)
      .post('/_emulator/webhooks/trigger')
      .send({ org_id: s.org_id, event: 'ping' });
    expect(trigger.status, trigger.text).toBe(202);
    const hook = await within(next, 10_000, 'the ping delivery');
    expect(hook.json.event).toBe('ping');
    expect(verifyWebhookSignature(hook.rawBody, String(hook.headers['svc-signature']), secret)).toBe(true);
  });
});

describe('listing and reading sandboxes', () => {
  it('shows display forms only, in creation order, and 404 for an unknown id', async () => {
    const a = await createSandbox(t.app, { webhook: { url: receiver.url } });
    const got = await request(t.app).get(`/_emulator/sandboxes/${a.id}`);
    expect(got.status).toBe(200);
    expect(got.body.keys.live).toEqual({ id: a.keys.live.id, display: a.keys.live.display });
    expect(got.body.webhook_endpoint).toEqual({ id: a.webhook_endpoint!.id, url: receiver.url });
    expect(got.text).not.toContain(a.keys.live.key);
    expect(got.text).not.toContain(a.webhook_endpoint!.secret);
    const list = await request(t.app).get('/_emulator/sandboxes');
    const ids = (list.body.sandboxes as { id: string }[]).map((s) => s.id);
    expect(ids).toContain(a.id);
    expect(list.text).not.toContain(a.keys.live.key);
    for (const [method, path] of [
      ['get', '/_emulator/sandboxes/sbx_nope'],
      ['delete', '/_emulator/sandboxes/sbx_nope'],
      ['post', '/_emulator/sandboxes/sbx_nope/reset'],
      ['get', '/_emulator/sandboxes/sbx_nope/clock'],
    ] as const) {
      const problem = expectProblem(await request(t.app)[method](path), 404, 'not_found');
      expect(problem.detail).toBe('no sandbox sbx_nope');
    }
  });
});

describe('resolving a sandbox id (SandboxLookup, for filters and fault rules)', () => {
  it('gives the organization of a sandbox and the sandbox of an organization; 404 for an unknown id', async () => {
    const s = await createSandbox(t.app);
    expect(await t.emulator.part('sandboxLookup').orgOf(s.id)).toBe(s.org_id);
    expect(t.emulator.part('sandboxLookup').sandboxOf(s.org_id)).toBe(s.id);
    expect(t.emulator.part('sandboxLookup').sandboxOf(t.orgId)).toBeUndefined();
    let thrown: unknown;
    try {
      await t.emulator.part('sandboxLookup').orgOf('sbx_nope');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ status: 404, code: 'not_found', detail: 'no sandbox sbx_nope' });
  });
});

describe('bad options', () => {
  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ credits: -1 }, 'credits'],
    [{ credits: 1.5 }, 'credits'],
    [{ credits: 1e9 + 1 }, 'credits'],
    [{ test_quotas: { tts: -1 } }, 'test_quotas'],
    [{ test_quotas: { video: 1 } }, 'video'],
    [{ rag: { state: 'idle' } }, 'state'],
    [{ rag_entitled: false, rag: { state: 'ready' } }, 'rag_entitled'],
    [{ rag_entitled: 'yes' }, 'rag_entitled'],
    [{ scopes: [] }, 'scopes'],
    [{ scopes: ['tts:speak', 'tts:speak'] }, 'scopes'],
    [{ scopes: ['admin'] }, 'scopes'],
    [{ webhook: {} }, 'url'],
    [{ webhook: { url: 'ftp://127.0.0.1/x' } }, 'webhook.url'],
    [{ webhook: { url: 'http://127.0.0.1/x', events: ['rag.job.completed'] } }, 'events'],
    [{ clock: {} }, 'clock'],
    [{ clock: { mode: 'sometimes' } }, 'mode'],
    [{ clock: { mode: 'frozen', now: 'yesterday' } }, 'now'],
    [{ clock: { mode: 'scaled', time_scale: 0 } }, 'time_scale'],
    [{ colour: 'red' }, 'colour'],
  ])('refuses %j naming %s', async (body, field) => {
    const before = (await request(t.app).get('/_emulator/sandboxes')).body.sandboxes.length;
    const problem = expectProblem(
      await request(t.app).post('/_emulator/sandboxes').send(body),
      422,
      'validation_failed',
    );
    expect(problem.detail).toContain(field);
    expect((await request(t.app).get('/_emulator/sandboxes')).body.sandboxes).toHaveLength(before);
  });
});

describe('resetting a sandbox', () => {
  it('puts back exactly the state it was created in, and touches nothing else', async () => {
    const a = await createSandbox(t.app, { credits: 50, webhook: { url: receiver.url, events: ['ping'] } });
    const b = await createSandbox(t.app, { credits: 50 });
    const created = await t.emulator.state.exportOrg(a.org_id);

    // Spend in both sandboxes and in the demo organization, and add a document to the first.
    expect((await search(a.keys.live.key)).status).toBe(200);
    expect((await search(b.keys.live.key)).status).toBe(200);
    expect((await search(t.keys.live)).status).toBe(200);
    const upload = await v1(t.app, a.keys.live.key, 'post', '/v1/rag/documents')
      .field('title', 'notes')
      .attach('file', Buffer.from('sandbox notes'), 'notes.txt');
    expect(upload.status, upload.text).toBe(202);
    expect((await documents(a.keys.live.key)).body.documents).toHaveLength(1);
    expect(await balanceOf(t.app, a.org_id)).toBeLessThan(50);
    const demoLedger = await ledgerOf(t.app, t.orgId);
    const bBalance = await balanceOf(t.app, b.org_id);

    const res = await request(t.app).post(`/_emulator/sandboxes/${a.id}/reset`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, org_id: a.org_id, keys: { live: { id: a.keys.live.id } } });
    expect(res.body.keys.live.key).toBeUndefined();

    expect(await t.emulator.state.exportOrg(a.org_id)).toEqual(created);
    expect(await balanceOf(t.app, a.org_id)).toBe(50);
    expect(await ledgerOf(t.app, a.org_id)).toEqual([]);
    // The same full keys still work, and the document is gone.
    const docs = await documents(a.keys.live.key);
    expect(docs.status).toBe(200);
    expect(docs.body.documents).toEqual([]);
    // The endpoint keeps its id and secret: a new event is signed with the secret the create answered.
    const next = receiver.next();
    await request(t.app).post('/_emulator/webhooks/trigger').send({ org_id: a.org_id, event: 'ping' });
    const hook = await within(next, 10_000, 'the ping delivery');
    const header = String(hook.headers['svc-signature']);
    expect(verifyWebhookSignature(hook.rawBody, header, a.webhook_endpoint!.secret!)).toBe(true);
    // Others untouched.
    expect(await balanceOf(t.app, b.org_id)).toBe(bBalance);
    expect(await ledgerOf(t.app, t.orgId)).toEqual(demoLedger);
    expect((await request(t.app).get(`/_emulator/sandboxes/${b.id}`)).status).toBe(200);
  });
});

describe('deleting a sandbox', () => {
  it('removes all of its state and closes its realtime sockets with 4410', async () => {
    const { port } = await t.emulator.listen(0, '127.0.0.1');
    const s = await createSandbox(t.app);
    const other = await createSandbox(t.app);
    const ws = await openWs(`ws://127.0.0.1:${port}/v1/stt/realtime`, [], {
      Authorization: `Bearer ${s.keys.live.key}`,
    });
    const otherWs = await openWs(`ws://127.0.0.1:${port}/v1/stt/realtime`, [], {
      Authorization: `Bearer ${other.keys.live.key}`,
    });
    const closing = closed(ws);
    const del = await request(t.app).delete(`/_emulator/sandboxes/${s.id}`);
    expect(del.status).toBe(204);
    expect(await within(closing, 5_000, 'the close')).toMatchObject({ code: 4410 });
    expect(otherWs.readyState).toBe(otherWs.OPEN);
    otherWs.terminate();

    expectProblem(await request(t.app).get(`/_emulator/sandboxes/${s.id}`), 404, 'not_found');
    expectProblem(await request(t.app).get(`/_emulator/orgs/${s.org_id}`), 404, 'not_found');
    expectProblem(await documents(s.keys.live.key), 401, 'invalid_api_key');
    // Nothing is left but the journal entry of the stream the delete closed, written as it ended.
    const left = (await t.emulator.state.exportOrg(s.org_id)) as { journal?: { entries: any[] } };
    expect(Object.keys(left).filter((unit) => unit !== 'journal')).toEqual([]);
    for (const entry of left.journal?.entries ?? []) expect(entry.websocket.close_code).toBe(4410);
    expect((await documents(other.keys.live.key)).status).toBe(200);
    const list = await request(t.app).get('/_emulator/sandboxes');
    expect((list.body.sandboxes as { id: string }[]).map((x) => x.id)).not.toContain(s.id);
  });
});
