/**
 * Issue 12: a /v1/tts/realtime client that stops reading is dropped after the same wall-time limit as a
 * /v1/tts/stream client (STREAM_STALL_TIMEOUT_MS, 30 s), instead of keeping its session forever. The limit is
 * shortened here by building the handler with a smaller one; everything else is the real gateway.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { Clock } from '../../src/core/clock.js';
import { STREAM_STALL_TIMEOUT_MS } from '../../src/tts/routes.js';
import { ttsRealtimeHandler } from '../../src/tts/realtime.js';
import { TtsService } from '../../src/tts/service.js';
import { VoiceCatalogue } from '../../src/tts/voices.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { openWs } from '../support/ws.js';

let t: TestEmulator;
let url: string;
let ws: WebSocket | undefined;

beforeAll(async () => {
  t = await buildEmulator({ seed: 'slow-reader' }, { clock: new Clock({ mode: 'frozen' }) });
  const service = new TtsService(VoiceCatalogue.load(), t.emulator.part('metering'), t.emulator.workers);
  t.emulator.wsHandlers.set(
    'tts.realtime',
    ttsRealtimeHandler({
      service,
      contract: t.emulator.contract,
      clocks: t.emulator.part('clocks'),
      stallTimeoutMs: 300,
    }),
  );
  const { port } = await t.emulator.listen(0, '127.0.0.1');
  url = `ws://127.0.0.1:${port}/v1/tts/realtime`;
});
afterAll(async () => {
  ws?.terminate();
  await t.emulator.close();
});

describe('WS /v1/tts/realtime slow reader', () => {
  it('the default limit is the /v1/tts/stream one (30 s)', () => {
    expect(STREAM_STALL_TIMEOUT_MS).toBe(30_000);
  });

  it('a client that stops reading is dropped and nothing is billed for the audio it never read', async () => {
    ws = await openWs(url, undefined, { Authorization: bearer(t.keys.live) });
    const started = new Promise<void>((resolve) => ws!.once('message', () => resolve()));
    ws.send(JSON.stringify({ type: 'start', voice: 'ar-SA-noura', format: 'pcm_s16le', sample_rate: 24000 }));
    await started;
    const recorded = request(t.app).get('/_emulator/requests').query({ path: '/v1/tts/realtime', wait: 60 });
    ws.pause(); // stop reading: the server's writes back up
    const text = 'أهلا وسهلا بكم في خدمة العملاء، كيف يمكننا مساعدتك اليوم؟ '.repeat(8).slice(0, 500);
    for (let i = 0; i < 6; i++) {
      ws.send(JSON.stringify({ type: 'text', text }));
      ws.send(JSON.stringify({ type: 'flush' }));
    }

    // The session ends (the journal records a WebSocket when it closes) while the client still reads nothing.
    const entry = (await recorded).body.requests[0] as { websocket: { close_code: number | null } };
    expect(entry.websocket.close_code).toBe(1006);
    const health = await request(t.app).get('/_emulator/health').expect(200);
    expect(health.body.open_websockets).toBe(0);
    expect(
      (await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'tts' })).filter(
        (e) => e.status === 'billed',
      ).length,
    ).toBeLessThan(6);
  });
});
