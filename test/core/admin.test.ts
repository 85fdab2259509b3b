/**
 * The admin API under /_emulator: organizations, keys (shown once), the request journal with its
 * long-poll, reset, and the optional admin token.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_PREFIXES, parseApiKey } from '../../src/core/api-keys.js';
import { DEMO_ORG_ID } from '../../src/app/emulator.js';
import { bearer, buildEmulator, createKey, createOrg, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

let t: TestEmulator;

beforeAll(async () => {
  t = await buildEmulator();
});
afterAll(() => t.emulator.close());

const expectedDisplay = (key: string) => `${key.slice(0, key.indexOf('_', 4) + 1)}…${key.slice(-4)}`;
const mint = (key: string) =>
  request(t.app)
    .post('/v1/auth/ws-token')
    .set('Authorization', bearer(key))
    .send({ scopes: ['tts:speak'] });

describe('health', () => {
  it('answers 200 ok with the clock and counts', async () => {
    const res = await request(t.app).get('/_emulator/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      organizations: t.emulator.part('orgs').listOrgs().length,
      open_websockets: 0,
    });
    expect(res.body.clock.mode).toBe('real');
  });
});

describe('organizations', () => {
  it('create → 201 with an id; then list, get and patch it', async () => {
    const created = await request(t.app).post('/_emulator/orgs').send({ name: 'Acme', rag_entitled: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Acme', rag_entitled: true, keys: [] });
    const id = created.body.id as string;
    expect(id).toMatch(/^org_/);

    const list = await request(t.app).get('/_emulator/orgs');
    expect(list.status).toBe(200);
    expect(list.body.organizations.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining([DEMO_ORG_ID, id]),
    );

    const got = await request(t.app).get(`/_emulator/orgs/${id}`);
    expect(got.body).toEqual(created.body);

    const patched = await request(t.app)
      .patch(`/_emulator/orgs/${id}`)
      .send({ name: 'Acme 2', rag_entitled: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, name: 'Acme 2', rag_entitled: false });
    expect((await request(t.app).get(`/_emulator/orgs/${id}`)).body.name).toBe('Acme 2');
  });

  it('an organization created without a body field gets the defaults', async () => {
    const res = await request(t.app).post('/_emulator/orgs').send({});
    expect(res.status).toBe(201);
    expect(res.body.rag_entitled).toBe(false);
  });

  it.each([
    ['GET', '/_emulator/orgs/org_missing'],
    ['PATCH', '/_emulator/orgs/org_missing'],
    ['POST', '/_emulator/orgs/org_missing/keys'],
    ['GET', '/_emulator/orgs/org_missing/keys'],
    ['DELETE', '/_emulator/keys/key_missing'],
  ])('%s %s on something unknown → 404 not_found', async (method, url) => {
    const body =
      method === 'PATCH'
        ? { name: 'x' }
        : method === 'POST'
          ? { environment: 'live', scopes: [] }
          : undefined;
    const req = request(t.app)[method.toLowerCase() as 'get'](url);
    const res = body ? await req.send(body) : await req;
    expectProblem(res, 404, 'not_found');
  });
});

describe('admin body validation → problem+json', () => {
  it.each([
    ['POST', '/_emulator/orgs', { name: 5 }, /^name must be a string/],
    ['POST', '/_emulator/orgs', { name: '' }, /^name must be at least 1 character/],
    ['POST', '/_emulator/orgs', { nickname: 'x' }, /^nickname is not an allowed field/],
    ['POST', '/_emulator/orgs', { credits: -1 }, /^credits must be >= 0/],
    ['PATCH', `/_emulator/orgs/${DEMO_ORG_ID}`, {}, /body/],
    [
      'POST',
      `/_emulator/orgs/${DEMO_ORG_ID}/keys`,
      { environment: 'prod', scopes: [] },
      /^environment must be one of live, test/,
    ],
    [
      'POST',
      `/_emulator/orgs/${DEMO_ORG_ID}/keys`,
      { environment: 'live', scopes: ['admin'] },
      /^scopes\[0\] must be one of/,
    ],
    ['POST', `/_emulator/orgs/${DEMO_ORG_ID}/keys`, { environment: 'live' }, /^scopes is required/],
  ])('%s %s %j → 422 validation_failed', async (method, url, body, detail) => {
    const res = await request(t.app)[method.toLowerCase() as 'post'](url).send(body);
    expect(expectProblem(res, 422, 'validation_failed').detail).toMatch(detail);
  });

  it('a malformed JSON body → 400 invalid_json', async () => {
    const res = await request(t.app)
      .post('/_emulator/orgs')
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expectProblem(res, 400, 'invalid_json');
  });

  it('a bad journal query → 422', async () => {
    expectProblem(await request(t.app).get('/_emulator/requests?status=abc'), 422, 'validation_failed');
    expectProblem(await request(t.app).get('/_emulator/requests?wait=61'), 422, 'validation_failed');
  });
});

describe('keys', () => {
  it('create → 201 with the full key once; lists and organizations show the display form only', async () => {
    const org = await createOrg(t.app, { name: 'Keys Inc' });
    const res = await request(t.app)
      .post(`/_emulator/orgs/${org.id}/keys`)
      .send({ environment: 'test', scopes: ['rag:query'], name: 'ci' });
    expect(res.status).toBe(201);
    const secret = res.body.key as string;
    expect(parseApiKey(secret)).toMatchObject({ ok: true, environment: 'test' });
    expect(secret.startsWith(KEY_PREFIXES.test)).toBe(true);
    expect(res.body).toMatchObject({
      org_id: org.id,
      environment: 'test',
      scopes: ['rag:query'],
      name: 'ci',
      display: expectedDisplay(secret),
      revoked_at: null,
    });

    const list = await request(t.app).get(`/_emulator/orgs/${org.id}/keys`);
    expect(list.status).toBe(200);
    expect(list.body.keys).toHaveLength(1);
    expect(list.body.keys[0].display).toBe(expectedDisplay(secret));
    expect(list.body.keys[0]).not.toHaveProperty('key');
    for (const url of [`/_emulator/orgs/${org.id}/keys`, `/_emulator/orgs/${org.id}`, '/_emulator/orgs']) {
      const text = (await request(t.app).get(url)).text;
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(KEY_PREFIXES.test.length, -4));
    }
  });

  it('a created key works on /v1 at once; revoking it answers the key with revoked_at and it stops working', async () => {
    const key = await createKey(t.app, t.orgId, { scopes: ['tts:speak'] });
    expect((await mint(key.key)).status).toBe(201);
    const res = await request(t.app).delete(`/_emulator/keys/${key.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: key.id, display: key.display });
    expect(Date.parse(res.body.revoked_at as string)).not.toBeNaN();
    expect(res.text).not.toContain(key.key);
    expectProblem(await mint(key.key), 401, 'api_key_revoked');
    // Revoking twice keeps the first revocation.
    const again = await request(t.app).delete(`/_emulator/keys/${key.id}`);
    expect(again.body.revoked_at).toBe(res.body.revoked_at);
  });

  it('duplicate scopes are rejected', async () => {
    const res = await request(t.app)
      .post(`/_emulator/orgs/${t.orgId}/keys`)
      .send({ environment: 'live', scopes: ['tts:speak', 'tts:speak'] });
    expectProblem(res, 422, 'validation_failed');
  });
});

describe('the request journal', () => {
  beforeEach(async () => {
    expect((await request(t.app).delete('/_emulator/requests')).status).toBe(204);
  });

  it('lists /v1 requests with the key in display form, never the secret', async () => {
    await mint(t.keys.live);
    await request(t.app).post(`/v1/rag/search?api_key=${t.keys.test}`).send({ query: 'q' });
    await request(t.app).get('/_emulator/health');
    const res = await request(t.app).get('/_emulator/requests');
    expect(res.status).toBe(200);
    const entries = res.body.requests as Record<string, unknown>[];
    expect(entries.map((e) => e.path)).toEqual(['/v1/auth/ws-token', '/v1/rag/search']);
    expect(entries[0]).toMatchObject({
      kind: 'http',
      method: 'POST',
      status: 201,
      operation_id: 'auth.createWsToken',
      org_id: t.orgId,
      key_id: t.keyIds.live,
      key: expectedDisplay(t.keys.live),
      environment: 'live',
    });
    expect(entries[1]).toMatchObject({ status: 401, code: 'missing_api_key', key: null });
    for (const secret of [t.keys.live, t.keys.test]) expect(res.text).not.toContain(secret);
  });

  it('filters by path, status and organization', async () => {
    const other = await createOrg(t.app, { name: 'Other' });
    const otherKey = await createKey(t.app, other.id, { scopes: ['tts:speak'] });
    await mint(t.keys.live);
    await mint(otherKey.key);
    await request(t.app).post('/v1/tts').set('Authorization', bearer(t.keys.live)).send({ text: '' });
    await request(t.app).get('/v1/nope');

    const list = async (query: string) =>
      (await request(t.app).get(`/_emulator/requests?${query}`)).body.requests as Record<string, unknown>[];
    expect((await list('path=/v1/auth/ws-token')).map((e) => e.org_id)).toEqual([t.orgId, other.id]);
    expect((await list(`org_id=${other.id}`)).map((e) => e.key)).toEqual([otherKey.display]);
    expect((await list('status=422')).map((e) => [e.path, e.code])).toEqual([
      ['/v1/tts', 'validation_failed'],
    ]);
    expect((await list('status=404')).map((e) => e.code)).toEqual(['route_not_found']);
    expect((await list('path=/v1/tts')).map((e) => e.path)).toEqual(['/v1/tts']);
    expect(await list('limit=1')).toHaveLength(1);
  });

  it('DELETE /_emulator/requests clears it', async () => {
    await mint(t.keys.live);
    expect((await request(t.app).get('/_emulator/requests')).body.requests).toHaveLength(1);
    expect((await request(t.app).delete('/_emulator/requests')).status).toBe(204);
    expect((await request(t.app).get('/_emulator/requests')).body.requests).toEqual([]);
  });

  it('wait long-polls until a matching request arrives', async () => {
    // Resolves once the long-poll is really waiting, so the request below is the one it waits for.
    const journal = t.emulator.part('journal');
    const original = journal.waitFor.bind(journal);
    let markWaiting!: () => void;
    const waiting = new Promise<void>((resolve) => (markWaiting = resolve));
    const waitFor = vi.spyOn(journal, 'waitFor').mockImplementation((...args) => {
      markWaiting();
      return original(...args);
    });
    try {
      const poll = request(t.app)
        .get('/_emulator/requests?wait=20&path=/v1/auth/ws-token')
        .then((r) => r);
      await waiting;
      const [polled, minted] = await Promise.all([poll, mint(t.keys.live)]);
      expect(minted.status).toBe(201);
      expect(polled.status).toBe(200);
      expect(polled.body.requests.map((e: { request_id: string }) => e.request_id)).toEqual([
        minted.headers['x-request-id'],
      ]);
    } finally {
      waitFor.mockRestore();
    }
  });

  it('wait answers at once when something already matches', async () => {
    await mint(t.keys.live);
    const res = await request(t.app).get('/_emulator/requests?wait=60&path=/v1/auth/ws-token');
    expect(res.body.requests).toHaveLength(1);
  });

  it('wait=0 answers with whatever matches, possibly nothing', async () => {
    const res = await request(t.app).get('/_emulator/requests?wait=0&path=/v1/auth/ws-token');
    expect(res.status).toBe(200);
    expect(res.body.requests).toEqual([]);
  });
});

describe('reset', () => {
  it('restores the demo organization with the same keys and drops everything created', async () => {
    const e = await buildEmulator({ seed: 'reset-test' });
    try {
      const before = { ...e.emulator.demo };
      const org = await createOrg(e.app, { name: 'Temporary' });
      const key = await createKey(e.app, org.id, { scopes: ['tts:speak'] });
      await request(e.app).delete(`/_emulator/keys/${before.keyIds.live}`);
      await request(e.app).get('/v1/nope');

      const res = await request(e.app).post('/_emulator/reset');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('reset');
      expect(res.body.demo).toEqual({
        org_id: before.orgId,
        keys: before.keys,
        key_ids: before.keyIds,
        webhook_endpoint: null,
      });

      expectProblem(await request(e.app).get(`/_emulator/orgs/${org.id}`), 404, 'not_found');
      const orgs = (await request(e.app).get('/_emulator/orgs')).body.organizations as { id: string }[];
      expect(orgs.map((o) => o.id)).toEqual([DEMO_ORG_ID]);
      const refused = await request(e.app)
        .post('/v1/auth/ws-token')
        .set('Authorization', bearer(key.key))
        .send({ scopes: ['tts:speak'] });
      expectProblem(refused, 401, 'invalid_api_key');
      for (const demoKey of [before.keys.live, before.keys.test]) {
        const ok = await request(e.app)
          .post('/v1/auth/ws-token')
          .set('Authorization', bearer(demoKey))
          .send({ scopes: ['tts:speak'] });
        expect(ok.status).toBe(201);
      }
      const journal = (await request(e.app).get('/_emulator/requests?path=/v1/nope')).body
        .requests as unknown[];
      expect(journal).toEqual([]);
    } finally {
      await e.emulator.close();
    }
  });
});

describe('the admin token', () => {
  const token = 'secret-token-123';
  let a: TestEmulator;
  beforeAll(async () => {
    a = await buildEmulator({ adminToken: token });
  });
  afterAll(() => a.emulator.close());

  it.each(['/_emulator/orgs', '/_emulator/requests', '/_emulator/openapi.json'])(
    'GET %s without the token → 401 admin_unauthorized',
    async (url) => {
      expectProblem(await request(a.app).get(url), 401, 'admin_unauthorized');
    },
  );

  it('POST /_emulator/reset without the token → 401, and nothing is reset', async () => {
    const org = await createOrgWithToken();
    expectProblem(await request(a.app).post('/_emulator/reset'), 401, 'admin_unauthorized');
    expect((await request(a.app).get(`/_emulator/orgs/${org}`).set('X-Admin-Token', token)).status).toBe(200);
  });

  it('opens with X-Admin-Token or Authorization: Bearer <token>', async () => {
    expect((await request(a.app).get('/_emulator/orgs').set('X-Admin-Token', token)).status).toBe(200);
    expect((await request(a.app).get('/_emulator/orgs').set('Authorization', bearer(token))).status).toBe(
      200,
    );
  });

  it('a wrong token → 401 saying it is wrong', async () => {
    const res = await request(a.app).get('/_emulator/orgs').set('X-Admin-Token', 'secret-token-124');
    expect(expectProblem(res, 401, 'admin_unauthorized').detail).toMatch(/wrong/);
  });

  it('an API key never opens the admin API', async () => {
    for (const key of [a.keys.live, a.keys.test]) {
      expectProblem(
        await request(a.app).get('/_emulator/orgs').set('Authorization', bearer(key)),
        401,
        'admin_unauthorized',
      );
      expectProblem(
        await request(a.app).get('/_emulator/orgs').set('X-Admin-Token', key),
        401,
        'admin_unauthorized',
      );
    }
  });

  it('health stays open', async () => {
    expect((await request(a.app).get('/_emulator/health')).status).toBe(200);
  });

  it('the admin token does not open /v1', async () => {
    const res = await request(a.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(token))
      .send({ scopes: ['tts:speak'] });
    expectProblem(res, 401, 'malformed_api_key');
  });

  async function createOrgWithToken(): Promise<string> {
    const res = await request(a.app)
      .post('/_emulator/orgs')
      .set('X-Admin-Token', token)
      .send({ name: 'Kept' });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }
});
