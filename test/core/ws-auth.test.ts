/**
 * WebSocket authentication against a real server on port 0 (spec, Authentication 8): ws-tokens offered
 * as a subprotocol (single use, 60 s, bound to organization, key and scopes) or `Authorization: Bearer`;
 * refusals are plain HTTP problem+json responses; revoking a key closes its sockets with 4001.
 */
import request from 'supertest';
import type WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { WS_TOKEN_TTL_SECONDS } from '../../src/auth/ws-tokens.js';
import type { WsHandler } from '../../src/http/context.js';
import {
  bearer,
  buildEmulator,
  createKey,
  createOrg,
  mintWsToken,
  revokeKey,
  type TestEmulator,
} from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { closed, nextMessage, openWs, refusedUpgrade, within, type Refusal } from '../support/ws.js';

const clock = new Clock({ mode: 'frozen' });
let t: TestEmulator;
let wsBase: string;
const open: WebSocket[] = [];

const echo: WsHandler = (ws) => ws.on('message', (m, isBinary) => ws.send(m, { binary: isBinary }));

beforeAll(async () => {
  t = await buildEmulator({}, { clock });
  t.emulator.wsHandlers.set('stt.realtime', echo);
  t.emulator.wsHandlers.set('tts.realtime', echo);
  const { port } = await t.emulator.listen(0, '127.0.0.1');
  wsBase = `ws://127.0.0.1:${port}/v1`;
});
afterEach(() => {
  for (const ws of open.splice(0)) ws.terminate();
});
afterAll(() => t.emulator.close());

async function connect(
  path: string,
  protocols?: string[],
  headers?: Record<string, string>,
): Promise<WebSocket> {
  const ws = await openWs(`${wsBase}${path}`, protocols, headers);
  open.push(ws);
  return ws;
}

function expectRefusal(refusal: Refusal, status: number, code: string) {
  return expectProblem(
    { status: refusal.status, headers: refusal.headers, text: refusal.text },
    status,
    code,
  );
}

async function expectEcho(ws: WebSocket): Promise<void> {
  const reply = nextMessage(ws);
  ws.send('ping مرحبا');
  expect((await reply).data.toString()).toBe('ping مرحبا');
}

describe('minting a ws-token', () => {
  it('answers 201 with a token that lives 60 seconds of clock time, bound to the requested scopes', async () => {
    const res = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(t.keys.live))
      .send({ scopes: ['stt:transcribe'] });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^wst_[0-9A-Za-z]{40}$/);
    expect(res.body.expires_in).toBe(WS_TOKEN_TTL_SECONDS);
    expect(Date.parse(res.body.expires_at)).toBe(clock.now() + 60_000);
    expect(res.body.scopes).toEqual(['stt:transcribe']);
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
  });

  it('refuses a scope the key lacks → 403 insufficient_scope at mint', async () => {
    const ttsOnly = await createKey(t.app, t.orgId, { scopes: ['tts:speak'] });
    const res = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(ttsOnly.key))
      .send({ scopes: ['tts:speak', 'stt:transcribe'] });
    expect(expectProblem(res, 403, 'insufficient_scope').detail).toContain('stt:transcribe');
  });

  it('needs an API key: a ws-token cannot mint another', async () => {
    const token = await mintWsToken(t.app, t.keys.live, ['stt:transcribe']);
    const res = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(token))
      .send({ scopes: ['stt:transcribe'] });
    expectProblem(res, 401, 'malformed_api_key');
  });
});

describe('authentication by subprotocol (browsers)', () => {
  it('opens the socket and the handshake selects the offered token as ws.protocol', async () => {
    const token = await mintWsToken(t.app, t.keys.live, ['stt:transcribe']);
    const ws = await connect('/stt/realtime', [token]);
    expect(ws.protocol).toBe(token);
    await expectEcho(ws);
  });

  it('selects the token when other subprotocols are offered too', async () => {
    const token = await mintWsToken(t.app, t.keys.test, ['tts:speak']);
    const ws = await connect('/tts/realtime', ['svc.v1', token]);
    expect(ws.protocol).toBe(token);
    await expectEcho(ws);
  });

  it('a token is single use: the second connection with it is refused 401', async () => {
    const token = await mintWsToken(t.app, t.keys.live, ['stt:transcribe']);
    await connect('/stt/realtime', [token]);
    const refusal = await refusedUpgrade(`${wsBase}/stt/realtime`, [token]);
    expect(expectRefusal(refusal, 401, 'invalid_ws_token').detail).toMatch(/single-use/);
  });

  it('an unknown token is refused 401 invalid_ws_token', async () => {
    const refusal = await refusedUpgrade(`${wsBase}/stt/realtime`, [`wst_${'x'.repeat(40)}`]);
    expectRefusal(refusal, 401, 'invalid_ws_token');
  });

  it('a token still works just before 60 seconds and is refused after them', async () => {
    const early = await mintWsToken(t.app, t.keys.live, ['stt:transcribe']);
    const late = await mintWsToken(t.app, t.keys.live, ['stt:transcribe']);
    await clock.advance(59_999);
    await connect('/stt/realtime', [early]);
    await clock.advance(61_000 - 59_999);
    const refusal = await refusedUpgrade(`${wsBase}/stt/realtime`, [late]);
    expect(expectRefusal(refusal, 401, 'invalid_ws_token').detail).toMatch(/expired/);
  });

  it('a token is bound to its scopes: a tts:speak token cannot open the STT socket (403)', async () => {
    const token = await mintWsToken(t.app, t.keys.live, ['tts:speak']);
    const refusal = await refusedUpgrade(`${wsBase}/stt/realtime`, [token]);
    expect(expectRefusal(refusal, 403, 'insufficient_scope').detail).toContain('stt:transcribe');
  });

  it('a token whose key was revoked after minting is refused', async () => {
    const key = await createKey(t.app, t.orgId, { scopes: ['stt:transcribe'] });
    const token = await mintWsToken(t.app, key.key, ['stt:transcribe']);
    await revokeKey(t.app, key.id);
    const refusal = await refusedUpgrade(`${wsBase}/stt/realtime`, [token]);
    expect(expectRefusal(refusal, 401, 'invalid_ws_token').detail).toMatch(/revoked/);
  });

  it('a token in the query string is refused 401, saying credentials never go there', async () => {
    const token = await mintWsToken(t.app, t.keys.live, ['stt:transcribe']);
    for (const name of ['token', 'access_token']) {
      const refusal = await refusedUpgrade(`${wsBase}/stt/realtime?${name}=${token}`);
      const problem = expectRefusal(refusal, 401, 'missing_api_key');
      expect(problem.detail).toMatch(/query string/);
      expect(refusal.text).not.toContain(token);
    }
  });
});

describe('authentication by header (servers and SDKs)', () => {
  it('opens the socket with Authorization: Bearer <API_KEY>', async () => {
    const ws = await connect('/stt/realtime', undefined, { Authorization: bearer(t.keys.live) });
    expect(ws.protocol).toBe('');
    await expectEcho(ws);
  });

  it('refuses a key that lacks the scope → 403 problem+json', async () => {
    const ragOnly = await createKey(t.app, t.orgId, { scopes: ['rag:query'] });
    const refusal = await refusedUpgrade(`${wsBase}/stt/realtime`, undefined, {
      Authorization: bearer(ragOnly.key),
    });
    expectRefusal(refusal, 403, 'insufficient_scope');
  });

  it.each([
    ['no credentials', {}, 'missing_api_key'],
    ['a malformed key', { Authorization: 'Bearer svc_live_short' }, 'malformed_api_key'],
    ['a cookie only', { Cookie: 'api_key=KEY' }, 'missing_api_key'],
  ])('refuses %s → 401 %s', async (_name, headers, code) => {
    const withKey = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, v.replace('KEY', t.keys.live)]),
    );
    const refusal = await refusedUpgrade(`${wsBase}/stt/realtime`, undefined, withKey);
    expectRefusal(refusal, 401, code);
  });

  it('refuses an API key in the query string → 401', async () => {
    const refusal = await refusedUpgrade(`${wsBase}/stt/realtime?api_key=${t.keys.live}`);
    expect(expectRefusal(refusal, 401, 'missing_api_key').detail).toMatch(/query string/);
    expect(refusal.text).not.toContain(t.keys.live);
  });

  it('an unknown WebSocket path → 404 route_not_found naming the WebSocket endpoints', async () => {
    const refusal = await refusedUpgrade(`${wsBase}/rag/realtime`, undefined, {
      Authorization: bearer(t.keys.live),
    });
    const problem = expectRefusal(refusal, 404, 'route_not_found');
    expect(problem.detail).toContain('/v1/stt/realtime');
    expect(problem.detail).toContain('/v1/tts/realtime');
  });
});

describe('revocation tears down open sockets', () => {
  it('revoking the key closes its socket with 4001 within a second, after an error frame', async () => {
    const key = await createKey(t.app, t.orgId, { scopes: ['stt:transcribe'] });
    const ws = await connect('/stt/realtime', undefined, { Authorization: bearer(key.key) });
    const frame = nextMessage(ws);
    const closing = closed(ws);
    await revokeKey(t.app, key.id);
    const { code } = await within(closing, 1000, 'the close');
    expect(code).toBe(4001);
    expect(JSON.parse((await frame).data.toString())).toMatchObject({
      type: 'error',
      code: 'api_key_revoked',
    });
  });

  it('a socket opened with a ws-token closes too when the key that minted it is revoked; other keys stay open', async () => {
    const key = await createKey(t.app, t.orgId, { scopes: ['stt:transcribe'] });
    const token = await mintWsToken(t.app, key.key, ['stt:transcribe']);
    const victim = await connect('/stt/realtime', [token]);
    const bystander = await connect('/stt/realtime', undefined, { Authorization: bearer(t.keys.test) });
    const closing = closed(victim);
    await revokeKey(t.app, key.id);
    expect((await within(closing, 1000, 'the close')).code).toBe(4001);
    await expectEcho(bystander);
  });
});

describe("one organization's reset ends its sockets", () => {
  it("closes the sockets of the organization's keys with 1012, and its keys are refused; another organization's stay open", async () => {
    const other = await createOrg(t.app);
    const key = await createKey(t.app, other.id, { scopes: ['stt:transcribe'] });
    const victim = await connect('/stt/realtime', undefined, { Authorization: bearer(key.key) });
    const bystander = await connect('/stt/realtime', undefined, { Authorization: bearer(t.keys.live) });
    const closing = closed(victim);
    await t.emulator.state.resetOrg(other.id);
    expect((await within(closing, 1000, 'the close')).code).toBe(1012);
    await expectEcho(bystander);
    const refusal = await refusedUpgrade(`${wsBase}/stt/realtime`, undefined, {
      Authorization: bearer(key.key),
    });
    expectRefusal(refusal, 401, 'invalid_api_key');
  });
});

describe('the journal records WebSocket sessions', () => {
  it('with the display form of the key and the close code', async () => {
    const ws = await connect('/stt/realtime', undefined, { Authorization: bearer(t.keys.live) });
    await expectEcho(ws);
    const recorded = t.emulator.part('journal').waitFor({ path: '/v1/stt/realtime', status: 101 }, 5000);
    ws.close(1000);
    const entry = await recorded;
    expect(entry).toMatchObject({
      kind: 'websocket',
      status: 101,
      key_id: t.keyIds.live,
      websocket: { close_code: 1000, frames_in: 1, frames_out: 1 },
    });
    expect(JSON.stringify(entry)).not.toContain(t.keys.live);
  });
});

describe('reset and close end open sockets', () => {
  it('POST /_emulator/reset closes open sockets with 1012; health counts them before', async () => {
    const e = await buildEmulator({ seed: 'ws-reset' });
    try {
      e.emulator.wsHandlers.set('stt.realtime', echo);
      const { port } = await e.emulator.listen(0, '127.0.0.1');
      const ws = await openWs(`ws://127.0.0.1:${port}/v1/stt/realtime`, undefined, {
        Authorization: bearer(e.keys.live),
      });
      open.push(ws);
      expect((await request(e.app).get('/_emulator/health')).body.open_websockets).toBe(1);
      const closing = closed(ws);
      expect((await request(e.app).post('/_emulator/reset')).status).toBe(200);
      expect((await within(closing, 1000, 'the close')).code).toBe(1012);
    } finally {
      await e.emulator.close();
    }
  });

  it('emulator.close() closes open sockets with 1001', async () => {
    const e = await buildEmulator({ seed: 'ws-close' });
    e.emulator.wsHandlers.set('stt.realtime', echo);
    const { port } = await e.emulator.listen(0, '127.0.0.1');
    const ws = await openWs(`ws://127.0.0.1:${port}/v1/stt/realtime`, undefined, {
      Authorization: bearer(e.keys.live),
    });
    const closing = closed(ws);
    await e.emulator.close();
    expect((await within(closing, 1000, 'the close')).code).toBe(1001);
  });
});
