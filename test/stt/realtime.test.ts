/** WS /v1/stt/realtime with real WebSocket clients: sources, frames, metering, protocol errors, timeouts. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { Clock } from '../../src/core/clock.js';
import { float32ToS16le } from '../../src/audio/index.js';
import {
  bearer,
  buildEmulator,
  createKey,
  mintWsToken,
  revokeKey,
  type TestEmulator,
} from '../support/emulator.js';
import { openWs, within } from '../support/ws.js';
import { TEXT_AR, TEXT_EN, VOICES, concat, noise, sendPcm, session, speech, wsUrl } from './support.js';

let t: TestEmulator;
let clock: Clock;
let port: number;

beforeAll(async () => {
  clock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
  t = await buildEmulator({ seed: 'stt-realtime', stt: { realtimeCheckpointSeconds: 5 } }, { clock });
  port = (await t.emulator.listen(0, '127.0.0.1')).port;
});
afterAll(async () => {
  await t.emulator.close();
});

async function connect(key = t.keys.live): Promise<WebSocket> {
  return openWs(wsUrl(port), [], { Authorization: bearer(key) });
}
const start = (ws: WebSocket, frame: Record<string, unknown> = {}): void =>
  ws.send(JSON.stringify({ type: 'start', ...frame }));
const control = (ws: WebSocket, action: string): void => ws.send(JSON.stringify({ action }));
const streamEntries = async (requestId: string) =>
  (await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'stt_realtime' }))
    .filter((e) => e.requestId === requestId)
    .reverse();

describe('round trip over the realtime socket', () => {
  it.each([8000, 16000])(
    'PCM at %i Hz: partials, a final per utterance with the exact text and the voice, completed, close 1000',
    async (rate) => {
      const ws = await connect();
      const s = session(ws);
      start(ws, { sample_rate: rate });
      const pcm = concat(speech(TEXT_AR, rate, VOICES.noura), speech(TEXT_EN, rate, VOICES.fahad));
      sendPcm(ws, pcm, rate);
      control(ws, 'close_stream');
      const { code, frames } = await s.done;
      expect(code).toBe(1000);
      const finals = frames.filter((f) => f.type === 'final');
      expect(finals.map((f) => [f.text, f.speaker])).toEqual([
        [TEXT_AR, 'ar-SA-noura'],
        [TEXT_EN, 'ar-SA-fahad'],
      ]);
      for (const f of finals) {
        expect(f.end).toBeGreaterThan(f.start);
        expect(f.duration_so_far).toBeGreaterThanOrEqual(f.end - 0.1);
      }
      const partials = frames.filter((f) => f.type === 'partial');
      expect(partials.length).toBeGreaterThan(10);
      expect(TEXT_AR.startsWith(partials[0].text as string)).toBe(true);
      const completed = frames.at(-1)!;
      expect(completed).toEqual({
        type: 'completed',
        duration_seconds: pcm.length / rate,
        text: `${TEXT_AR} ${TEXT_EN}`,
        segments: 2,
        language: 'ar',
        request_id: expect.stringMatching(/^req_/),
      });
    },
  );

  it('interim_results false: no partial frames', async () => {
    const ws = await connect();
    const s = session(ws);
    start(ws, { interim_results: false });
    sendPcm(ws, speech(TEXT_EN), 16000);
    control(ws, 'close_stream');
    const { frames } = await s.done;
    expect(frames.map((f) => f.type)).toEqual(['final', 'completed']);
    expect(frames[1]).toMatchObject({ text: TEXT_EN, language: 'ar' });
  });

  it('language auto is detected from the transcript', async () => {
    const ws = await connect();
    const s = session(ws);
    start(ws, { language: 'auto', interim_results: false });
    sendPcm(ws, speech(TEXT_EN), 16000);
    control(ws, 'close_stream');
    expect((await s.done).frames.at(-1)).toMatchObject({ type: 'completed', language: 'en' });
  });
});

describe('other sources', () => {
  it('fallback: foreign audio gives deterministic Arabic per 5-second window', async () => {
    const run = async (seed: number) => {
      const ws = await connect();
      const s = session(ws);
      start(ws, { interim_results: false });
      sendPcm(ws, noise(12, 16000, seed), 16000);
      control(ws, 'close_stream');
      return (await s.done).frames;
    };
    const [a, b, c] = [await run(1), await run(1), await run(2)];
    expect(a.map((f) => f.type)).toEqual(['final', 'final', 'final', 'completed']);
    const windows = [
      [0, 5],
      [5, 10],
      [10, 12],
    ];
    a.slice(0, 3).forEach((f, i) => {
      expect(f.start).toBeGreaterThanOrEqual(windows[i][0]);
      expect(f.start).toBeLessThan(windows[i][0] + 0.2);
      expect(f.end).toBeLessThanOrEqual(windows[i][1]);
      expect(f.end).toBeGreaterThan(windows[i][1] - 0.2);
    });
    expect(a.slice(0, 2).map((f) => f.duration_so_far)).toEqual([6, 11]); // each window waits 1 s of grace
    expect(a[0].text.split(' ')).toHaveLength(11);
    expect(a.at(-1)!.text).toMatch(/^[\u0600-\u06ff ]+$/u);
    expect(b).toEqual(
      a.map((f) => (f.type === 'completed' ? { ...f, request_id: b.at(-1)!.request_id } : f)),
    );
    expect(c[0].text).not.toBe(a[0].text);
  });

  it('fallback with interim results sends a partial per second of a window', async () => {
    const ws = await connect();
    const s = session(ws);
    start(ws);
    sendPcm(ws, noise(3.5), 16000);
    control(ws, 'close_stream');
    const types = (await s.done).frames.map((f) => f.type);
    expect(types).toEqual(['partial', 'partial', 'partial', 'final', 'completed']);
  });

  it('silence gives no text; keepalive frames keep the stream open', async () => {
    const ws = await connect();
    const s = session(ws);
    start(ws);
    sendPcm(ws, new Float32Array(16000 * 2), 16000);
    control(ws, 'keepalive');
    control(ws, 'close_stream');
    expect((await s.done).frames).toEqual([
      expect.objectContaining({ type: 'completed', text: '', segments: 0, duration_seconds: 2 }),
    ]);
  });

  it('scripted: a queue script of the organization answers the stream; segments as their audio arrives', async () => {
    await request(t.app)
      .post('/_emulator/stt/scripts')
      .send({
        queue: 1,
        org_id: t.orgId,
        segments: [
          { start: 0, end: 1, text: 'one', speaker: 'agent' },
          { start: 1, end: 3, text: 'two' },
        ],
      })
      .expect(201);
    const ws = await connect();
    const s = session(ws);
    start(ws);
    sendPcm(ws, speech(TEXT_AR).subarray(0, 16000 * 1.5), 16000);
    const first = await s.next('final');
    expect(first).toMatchObject({ text: 'one', speaker: 'agent', start: 0, end: 1 });
    expect(first.duration_so_far).toBeCloseTo(1, 1);
    control(ws, 'close_stream');
    const { frames } = await s.done;
    expect(frames.filter((f) => f.type === 'final').map((f) => f.text)).toEqual(['one', 'two']);
    expect(frames.at(-1)).toMatchObject({ type: 'completed', text: 'one two', segments: 2 });
  });

  it('scripted error: error frame and a close code by its status', async () => {
    await request(t.app)
      .post('/_emulator/stt/scripts')
      .send({ queue: 1, error: { status: 502, code: 'engine_overloaded' } })
      .expect(201);
    const ws = await connect();
    const s = session(ws);
    start(ws);
    const { code, frames } = await s.done;
    expect(code).toBe(1011);
    expect(frames).toEqual([{ type: 'error', code: 'engine_overloaded', detail: expect.any(String) }]);
  });
});

describe('metering', () => {
  it('a checkpoint every 5 s of audio (configured), trued up at completed', async () => {
    const ws = await connect();
    const s = session(ws);
    start(ws, { sample_rate: 8000, interim_results: false });
    sendPcm(ws, new Float32Array(8000 * 12.5), 8000);
    control(ws, 'close_stream');
    const completed = (await s.done).frames.at(-1)!;
    expect(completed.duration_seconds).toBe(12.5);
    expect(
      (await streamEntries(completed.request_id as string)).map((e) => [e.quantity, e.status, e.reason]),
    ).toEqual([
      [5, 'billed', undefined],
      [5, 'billed', undefined],
      [2.5, 'billed', 'true_up'],
    ]);
  });

  it('a stream dropped without close_stream keeps only its checkpoints', async () => {
    const key = await createKey(t.app, t.orgId, { scopes: ['stt:transcribe'] });
    const ws = await connect(key.key);
    const s = session(ws);
    start(ws, { interim_results: false });
    sendPcm(ws, noise(7), 16000);
    await s.next('final'); // the first fallback window is final once 6 s have arrived: past the 5 s checkpoint
    ws.terminate();
    await s.done;
    const entries = await t.emulator.part('metering').entries({ keyId: key.id });
    expect(entries.map((e) => [e.product, e.quantity, e.status])).toEqual([['stt_realtime', 5, 'billed']]);
  });

  it('the key revoked mid-stream closes it with 4001 within a second; checkpoints stand', async () => {
    const key = await createKey(t.app, t.orgId, { scopes: ['stt:transcribe'] });
    const token = await mintWsToken(t.app, key.key, ['stt:transcribe']);
    const ws = await openWs(wsUrl(port), [token]);
    expect(ws.protocol).toBe(token);
    const s = session(ws);
    start(ws, { interim_results: false });
    sendPcm(ws, noise(6.5), 16000);
    await s.next('final');
    await revokeKey(t.app, key.id);
    const { code, frames } = await within(s.done, 1000, 'close after revocation');
    expect(code).toBe(4001);
    expect(frames.at(-1)).toMatchObject({ type: 'error', code: 'api_key_revoked' });
    expect((await t.emulator.part('metering').entries({ keyId: key.id })).map((e) => e.quantity)).toEqual([
      5,
    ]);
  });
});

describe('protocol errors: an error frame, then the documented close code', () => {
  const cases: [string, (ws: WebSocket) => void, number, string][] = [
    ['audio before start', (ws) => ws.send(Buffer.alloc(320)), 4400, 'start_required'],
    ['a control frame before start', (ws) => control(ws, 'keepalive'), 4400, 'start_required'],
    ['invalid JSON', (ws) => ws.send('{"type":'), 4400, 'invalid_json'],
    [
      'a bad start frame (sample rate)',
      (ws) => start(ws, { sample_rate: 44100 }),
      4400,
      'invalid_start_frame',
    ],
    ['a bad start frame (encoding)', (ws) => start(ws, { encoding: 'opus' }), 4400, 'invalid_start_frame'],
    ['a start frame with an unknown field', (ws) => start(ws, { voice: 'x' }), 4400, 'invalid_start_frame'],
    [
      'a second start frame',
      (ws) => {
        start(ws);
        start(ws);
      },
      4400,
      'already_started',
    ],
    [
      'an odd byte count',
      (ws) => {
        start(ws);
        ws.send(Buffer.alloc(321));
      },
      4400,
      'odd_byte_count',
    ],
    [
      'an unknown action',
      (ws) => {
        start(ws);
        control(ws, 'pause');
      },
      4400,
      'unknown_action',
    ],
    [
      'invalid JSON after start',
      (ws) => {
        start(ws);
        ws.send('not json');
      },
      4400,
      'invalid_json',
    ],
    [
      'text where binary audio is expected',
      (ws) => {
        start(ws);
        ws.send(JSON.stringify([0, 12, -40, 7]));
      },
      1008,
      'binary_expected',
    ],
  ];
  it.each(cases)('%s', async (_name, act, closeCode, code) => {
    const ws = await connect();
    const s = session(ws);
    act(ws);
    const { code: got, frames } = await s.done;
    expect(frames.at(-1)).toEqual({ type: 'error', code, detail: expect.any(String) });
    expect(got).toBe(closeCode);
  });

  it('the bad start frame names the field and the rule', async () => {
    const ws = await connect();
    const s = session(ws);
    start(ws, { sample_rate: 44100 });
    const { frames } = await s.done;
    expect(frames[0].detail).toMatch(/sample_rate/);
  });
});

describe('idle timeout (clock time)', () => {
  it('15 s without audio or keepalive: error frame, close 4408; any frame resets it', async () => {
    const ws = await connect();
    const s = session(ws);
    start(ws);
    sendPcm(ws, noise(1.1), 16000);
    await s.next('partial'); // the server has read the audio
    await clock.advance(10_000);
    sendPcm(ws, noise(1, 16000, 9), 16000);
    await s.next('partial'); // read again at +10 s: the idle period starts over
    await clock.advance(14_999);
    expect(ws.readyState).toBe(ws.OPEN);
    await clock.advance(1);
    const { code, frames } = await s.done;
    expect(code).toBe(4408);
    expect(frames.at(-1)).toMatchObject({ type: 'error', code: 'idle_timeout' });
  });

  it('a stream that never starts is closed too', async () => {
    const ws = await connect();
    const s = session(ws);
    await clock.advance(15_000);
    expect(await s.done).toMatchObject({ code: 4408 });
  });
});

it('s16le helper sanity: one 20 ms frame at 16 kHz is 640 bytes', () => {
  expect(float32ToS16le(new Float32Array(320)).length).toBe(640);
});
