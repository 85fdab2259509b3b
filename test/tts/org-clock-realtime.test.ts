/**
 * Issue 24 item 3: the idle timeout of a TTS realtime session follows the clock of the session's organization
 * (a sandbox's test clock): the emulator's clock moving does not close it; its organization's clock does.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { IDLE_TIMEOUT_MS } from '../../src/tts/realtime.js';
import { bearer, buildEmulator, createKey, createOrg, type TestEmulator } from '../support/emulator.js';
import { closed, openWs } from '../support/ws.js';

let t: TestEmulator;
let globalClock: Clock;
let port: number;

beforeAll(async () => {
  globalClock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
  t = await buildEmulator({ seed: 'tts-realtime-org-clock' }, { clock: globalClock });
  port = (await t.emulator.listen(0, '127.0.0.1')).port;
});
afterAll(async () => {
  await t.emulator.close();
});

describe("TTS realtime on the organization's clock", () => {
  it('an idle session is closed with 4408 once ITS clock passes the idle time, not the global one', async () => {
    const org = await createOrg(t.app, { name: 'rt' });
    const key = await createKey(t.app, org.id, { scopes: ['tts:speak'] });
    const own = t.emulator.part('clocks').attach(org.id, 'sandbox:sbx_rt:clock', {
      mode: 'frozen',
      timeScale: 1,
      at: Date.parse('2031-01-01T00:00:00Z'),
    });
    const ws = await openWs(`ws://127.0.0.1:${port}/v1/tts/realtime`, [], { Authorization: bearer(key.key) });
    const done = closed(ws);

    await globalClock.advance(10 * IDLE_TIMEOUT_MS);
    // A round trip through the server: a close the advance had caused would have been sent by now.
    await request(t.app).get('/_emulator/health').expect(200);
    expect(ws.readyState).toBe(ws.OPEN);
    await own.advance(IDLE_TIMEOUT_MS - 1);
    expect(ws.readyState).toBe(ws.OPEN);
    await own.advance(1);
    expect(await done).toMatchObject({ code: 4408 });
  });
});
