/**
 * Issue 24, test clocks: a ws-token lives 60 seconds of its organization's clock. An organization with a
 * clock of its own gets tokens stamped on it, and they expire when that clock passes their lifetime; the
 * emulator's clock and another organization's tokens are untouched. Memory and Redis (minted on A, used on B).
 */
import request from 'supertest';
import type WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/app/emulator.js';
import type { WsHandler } from '../../src/http/context.js';
import { WS_TOKEN_TTL_SECONDS } from '../../src/auth/ws-tokens.js';
import { bearer } from '../support/emulator.js';
import {
  advanceOrg,
  GLOBAL_START,
  globalNow,
  orgWithKeys,
  ownClock,
  storeCases,
  type Instances,
  type OrgWithKeys,
} from '../support/org-clocks.js';
import { expectProblem } from '../support/problem.js';
import { openWs, refusedUpgrade } from '../support/ws.js';

const OWN_START = '2030-01-01T00:00:00.000Z';
const TTL_MS = WS_TOKEN_TTL_SECONDS * 1000;
const echo: WsHandler = (ws) => ws.on('message', (m, isBinary) => ws.send(m, { binary: isBinary }));

async function mint(on: Emulator, org: OrgWithKeys): Promise<{ token: string; expires_at: string }> {
  const res = await request(on.app)
    .post('/v1/auth/ws-token')
    .set('Authorization', bearer(org.live.key))
    .send({ scopes: ['stt:transcribe'] });
  expect(res.status).toBe(201);
  await on.store.settled();
  return res.body as { token: string; expires_at: string };
}

describe.each(storeCases())('ws-token lifetime on the organization clock, %s', (_name, start) => {
  let on: Instances;
  let wsB: string;
  let own: OrgWithKeys;
  let other: OrgWithKeys;
  const open: WebSocket[] = [];

  beforeAll(async () => {
    on = await start({ seed: 'org-clock-ws' });
    for (const e of new Set([on.a, on.b])) e.wsHandlers.set('stt.realtime', echo);
    const { port } = await on.b.listen(0, '127.0.0.1');
    wsB = `ws://127.0.0.1:${port}/v1/stt/realtime`;
    own = await orgWithKeys(on.a, 'Own clock', ['stt:transcribe']);
    other = await orgWithKeys(on.a, 'Global clock', ['stt:transcribe']);
    await ownClock(on, own.id, OWN_START);
  }, 60_000);
  afterAll(async () => {
    for (const ws of open) ws.terminate();
    await on.stop();
  });

  const connect = async (token: string) => {
    const ws = await openWs(wsB, [token]);
    open.push(ws);
  };
  const refusedExpired = async (token: string) => {
    const refusal = await refusedUpgrade(wsB, [token]);
    const problem = expectProblem(
      { status: refusal.status, headers: refusal.headers, text: refusal.text },
      401,
      'invalid_ws_token',
    );
    expect(problem.detail).toMatch(/expired/);
  };

  it('a token is stamped on its organization clock, the other organization on the emulator clock', async () => {
    expect((await mint(on.a, own)).expires_at).toBe(new Date(Date.parse(OWN_START) + TTL_MS).toISOString());
    expect((await mint(on.a, other)).expires_at).toBe(
      new Date(Date.parse(GLOBAL_START) + TTL_MS).toISOString(),
    );
  });

  it('expires when its own clock passes the lifetime; the emulator clock and the other organization are untouched', async () => {
    const [early, late, others] = [await mint(on.a, own), await mint(on.a, own), await mint(on.a, other)];
    await advanceOrg(on, own.id, TTL_MS - 1);
    await connect(early.token);
    await advanceOrg(on, own.id, 1);
    await refusedExpired(late.token);
    // The emulator clock did not move, so a token of an organization without its own clock still opens.
    expect(await globalNow(on.a)).toBe(GLOBAL_START);
    expect(await globalNow(on.b)).toBe(GLOBAL_START);
    await connect(others.token);
  });

  it('moving the emulator clock past the lifetime does not expire a token of an organization with its own clock', async () => {
    const ownToken = await mint(on.a, own);
    const otherToken = await mint(on.a, other);
    await on.a.part('clock').advance(2 * TTL_MS);
    await expect
      .poll(() => globalNow(on.b))
      .toBe(new Date(Date.parse(GLOBAL_START) + 2 * TTL_MS).toISOString());
    await refusedExpired(otherToken.token);
    await connect(ownToken.token);
  });
});
