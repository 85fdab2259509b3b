/**
 * ws-token rules (spec, Authentication 8; issue 8): single use, refused from exactly 60 s of clock time on,
 * bound to their scopes, and never accepted in the query string.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import type { WsHandler } from '../../src/http/context.js';
import { buildEmulator, mintWsToken, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { openWs, refusedUpgrade, type Refusal } from '../support/ws.js';

const clock = new Clock({ mode: 'frozen' });
let t: TestEmulator;
let wsBase: string;

const accept: WsHandler = (ws) => ws.close(1000);

beforeAll(async () => {
  t = await buildEmulator({}, { clock });
  t.emulator.wsHandlers.set('stt.realtime', accept);
  t.emulator.wsHandlers.set('tts.realtime', accept);
  const { port } = await t.emulator.listen(0, '127.0.0.1');
  wsBase = `ws://127.0.0.1:${port}/v1`;
});
afterAll(() => t.emulator.close());

function expectRefused(refusal: Refusal, status: number, code: string) {
  return expectProblem(
    { status: refusal.status, headers: refusal.headers, text: refusal.text },
    status,
    code,
  );
}

async function opens(path: string, token: string): Promise<void> {
  const ws = await openWs(`${wsBase}${path}`, [token]);
  ws.terminate();
}

describe('ws-token rules', () => {
  it('cannot be reused: the second handshake is refused', async () => {
    const token = await mintWsToken(t.app, t.keys.live, ['stt:transcribe']);
    await opens('/stt/realtime', token);
    expectRefused(await refusedUpgrade(`${wsBase}/stt/realtime`, [token]), 401, 'invalid_ws_token');
  });

  it('works at 59.999 s and is refused at exactly 60 s of clock time', async () => {
    const early = await mintWsToken(t.app, t.keys.live, ['stt:transcribe']);
    const late = await mintWsToken(t.app, t.keys.live, ['stt:transcribe']);
    await clock.advance(59_999);
    await opens('/stt/realtime', early);
    await clock.advance(1);
    const problem = expectRefused(
      await refusedUpgrade(`${wsBase}/stt/realtime`, [late]),
      401,
      'invalid_ws_token',
    );
    expect(problem.detail).toMatch(/expired/);
  });

  it('cannot be used for a scope it was not minted for, and is spent by the attempt', async () => {
    const token = await mintWsToken(t.app, t.keys.live, ['tts:speak']);
    expectRefused(await refusedUpgrade(`${wsBase}/stt/realtime`, [token]), 403, 'insufficient_scope');
    expectRefused(await refusedUpgrade(`${wsBase}/tts/realtime`, [token]), 401, 'invalid_ws_token');
  });

  for (const name of ['token', 'access_token']) {
    it(`is refused in the query string (?${name}=) and stays unspent`, async () => {
      const token = await mintWsToken(t.app, t.keys.live, ['stt:transcribe']);
      const problem = expectRefused(
        await refusedUpgrade(`${wsBase}/stt/realtime?${name}=${token}`),
        401,
        'missing_api_key',
      );
      expect(problem.detail).toContain(`'${name}'`);
      expect(JSON.stringify(problem)).not.toContain(token);
      // Offered properly afterwards, it still works: the query string was never read as a credential.
      await opens('/stt/realtime', token);
    });
  }

  it('is not an API key on HTTP', async () => {
    const token = await mintWsToken(t.app, t.keys.live, ['rag:query']);
    const res = await fetch(`${wsBase.replace('ws:', 'http:')}/rag/documents`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('malformed_api_key');
  });
});
