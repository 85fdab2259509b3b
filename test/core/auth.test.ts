/**
 * Authentication of /v1 (spec, Authentication): only `Authorization: Bearer <API_KEY>`; format and
 * checksum checked before any lookup; revoked, unknown and under-scoped keys refused.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { displayKey, generateApiKey, KEY_PREFIXES } from '../../src/core/api-keys.js';
import { bearer, buildEmulator, createKey, revokeKey, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

let t: TestEmulator;
let revoked: string;

beforeAll(async () => {
  t = await buildEmulator();
  const key = await createKey(t.app, t.orgId, { scopes: ['tts:speak', 'stt:transcribe', 'rag:query'] });
  await revokeKey(t.app, key.id);
  revoked = key.key;
});
afterAll(() => t.emulator.close());

/** Changes one character of the body to another base62 character: the checksum no longer matches. */
function flipOneChar(key: string): string {
  const i = KEY_PREFIXES.live.length + 3;
  return key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
}

// A cheap operation that needs only a valid key: minting a ws-token for a scope every demo key holds.
const probe = () =>
  request(t.app)
    .post('/v1/auth/ws-token')
    .send({ scopes: ['tts:speak'] });

describe('requests that are refused', () => {
  const cases: {
    name: string;
    headers: () => Record<string, string>;
    status: number;
    code: string;
    detail?: RegExp;
  }[] = [
    {
      name: 'no Authorization header',
      headers: () => ({}),
      status: 401,
      code: 'missing_api_key',
      detail: /Bearer/,
    },
    {
      name: 'the Basic scheme',
      headers: () => ({ Authorization: `Basic ${Buffer.from(`${t.keys.live}:`).toString('base64')}` }),
      status: 401,
      code: 'missing_api_key',
      detail: /Bearer/,
    },
    {
      name: 'a Bearer value with no key',
      headers: () => ({ Authorization: 'Bearer' }),
      status: 401,
      code: 'missing_api_key',
    },
    {
      name: 'a bad prefix',
      headers: () => ({ Authorization: bearer(t.keys.live.replace('svc_live_', 'svc_prod_')) }),
      status: 401,
      code: 'malformed_api_key',
      detail: /svc_live_ or svc_test_/,
    },
    {
      name: 'a short body',
      headers: () => ({ Authorization: bearer(t.keys.live.slice(0, -10)) }),
      status: 401,
      code: 'malformed_api_key',
      detail: /at least 32/,
    },
    {
      name: 'a non-base62 character',
      headers: () => ({ Authorization: bearer(`${t.keys.live.slice(0, 12)}-${t.keys.live.slice(13)}`) }),
      status: 401,
      code: 'malformed_api_key',
      detail: /base62/,
    },
    {
      name: 'a bad checksum (one character flipped)',
      headers: () => ({ Authorization: bearer(flipOneChar(t.keys.live)) }),
      status: 401,
      code: 'malformed_api_key',
      detail: /checksum/,
    },
    {
      name: 'an unknown but well-formed key',
      headers: () => ({ Authorization: bearer(generateApiKey('live')) }),
      status: 401,
      code: 'invalid_api_key',
    },
    {
      name: 'a revoked key',
      headers: () => ({ Authorization: bearer(revoked) }),
      status: 401,
      code: 'api_key_revoked',
      detail: /revoked/,
    },
    {
      name: 'a valid key in a cookie only',
      headers: () => ({ Cookie: `api_key=${t.keys.live}; session=${t.keys.live}` }),
      status: 401,
      code: 'missing_api_key',
    },
  ];

  it.each(cases)('$name → $status $code', async ({ headers, status, code, detail }) => {
    const res = await probe().set(headers());
    const problem = expectProblem(res, status, code);
    if (detail) expect(problem.detail).toMatch(detail);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('a valid key in the query string → 401, and the detail says keys are never read from the query string', async () => {
    const res = await request(t.app)
      .post(`/v1/auth/ws-token?api_key=${t.keys.live}`)
      .send({ scopes: ['tts:speak'] });
    const problem = expectProblem(res, 401, 'missing_api_key');
    expect(problem.detail).toMatch(/query string/);
    // The secret is not echoed back, not even in `instance`.
    expect(res.text).not.toContain(t.keys.live);
  });

  it('a key that lacks the scope of the endpoint → 403 insufficient_scope, naming the scope', async () => {
    const ttsOnly = await createKey(t.app, t.orgId, { scopes: ['tts:speak'] });
    const res = await request(t.app)
      .post('/v1/stt/transcriptions')
      .set('Authorization', bearer(ttsOnly.key))
      .attach('file', Buffer.from('RIFF'), 'a.wav');
    const problem = expectProblem(res, 403, 'insufficient_scope');
    expect(problem.detail).toContain('stt:transcribe');
    // The same key passes authentication and scopes where it has the scope.
    const ok = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(ttsOnly.key))
      .send({ scopes: ['tts:speak'] });
    expect(ok.status).toBe(201);
  });

  it('a key with no scopes can authenticate but opens no product endpoint', async () => {
    const none = await createKey(t.app, t.orgId, { scopes: [] });
    const res = await request(t.app)
      .post('/v1/rag/search')
      .set('Authorization', bearer(none.key))
      .send({ query: 'x' });
    expectProblem(res, 403, 'insufficient_scope');
  });
});

describe('requests that are accepted', () => {
  it.each(['live', 'test'] as const)('the demo %s key', async (env) => {
    const res = await probe().set('Authorization', bearer(t.keys[env]));
    expect(res.status).toBe(201);
  });

  it('a key created through the admin API, in each environment', async () => {
    for (const environment of ['live', 'test'] as const) {
      const created = await createKey(t.app, t.orgId, { scopes: ['tts:speak'], environment });
      expect(created.key.startsWith(KEY_PREFIXES[environment])).toBe(true);
      const res = await probe().set('Authorization', bearer(created.key));
      expect(res.status).toBe(201);
    }
  });

  it('the scheme name is case-insensitive (RFC 9110)', async () => {
    const res = await probe().set('Authorization', `bearer ${t.keys.live}`);
    expect(res.status).toBe(201);
  });
});

describe('checksum before lookup', () => {
  it('a key with a bad checksum never reaches the key store', async () => {
    const lookup = vi.spyOn(t.emulator.part('orgs'), 'lookup');
    try {
      const res = await probe().set('Authorization', bearer(flipOneChar(t.keys.live)));
      expectProblem(res, 401, 'malformed_api_key');
      expect(lookup).not.toHaveBeenCalled();
      await probe().set('Authorization', bearer(t.keys.live));
      expect(lookup).toHaveBeenCalledTimes(1);
    } finally {
      lookup.mockRestore();
    }
  });
});

describe('the journal and problems show keys in display form only', () => {
  it('records the display form of the key that made a request', async () => {
    await t.emulator.part('journal').clear();
    await probe().set('Authorization', bearer(t.keys.test));
    const [entry] = await t.emulator.part('journal').list({ path: '/v1/auth/ws-token' });
    expect(entry.key).toBe(`${KEY_PREFIXES.test}…${t.keys.test.slice(-4)}`);
    expect(entry.key).toBe(displayKey(t.keys.test));
    expect(entry.environment).toBe('test');
    expect(entry.key_id).toBe(t.keyIds.test);
  });

  it('an unknown key is named by its display form, never in full', async () => {
    const unknown = generateApiKey('test');
    const res = await probe().set('Authorization', bearer(unknown));
    const problem = expectProblem(res, 401, 'invalid_api_key');
    expect(problem.detail).toContain(unknown.slice(-4));
    expect(res.text).not.toContain(unknown);
  });
});
