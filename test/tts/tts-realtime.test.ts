/**
 * WS /v1/tts/realtime with real clients on port 0: the frame design of openapi/gateway.yaml, audio that
 * decodes back to the text, per-utterance billing, and an error frame + close code for every bad frame.
 */
import request from 'supertest';
import type WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio, s16leToFloat32 } from '../../src/audio/index.js';
import { Clock } from '../../src/core/clock.js';
import { IDLE_TIMEOUT_MS } from '../../src/tts/realtime.js';
import { decode } from '../../src/tts/voice/index.js';
import { bearer, buildEmulator, createKey, mintWsToken, type TestEmulator } from '../support/emulator.js';
import { closed, openWs } from '../support/ws.js';
import { VOICE, newScope, settled } from './support.js';

const clock = new Clock({ mode: 'frozen' });
let t: TestEmulator;
let url: string;
const open: WebSocket[] = [];

beforeAll(async () => {
  t = await buildEmulator({ seed: 'tts-realtime' }, { clock });
  const { port } = await t.emulator.listen(0, '127.0.0.1');
  url = `ws://127.0.0.1:${port}/v1/tts/realtime`;
});
afterEach(() => {
  for (const ws of open.splice(0)) ws.terminate();
});
afterAll(() => t.emulator.close());

interface Session {
  ws: WebSocket;
  frames: Record<string, any>[];
  audio: Buffer[];
  /** Resolves with the close code and reason; every frame received before it is in `frames`/`audio`. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the next JSON frame of this type (or one already received and not yet taken). */
  next(type: string): Promise<Record<string, any>>;
  send(frame: unknown): void;
}

async function connect(key = t.keys.live, protocols?: string[], scope?: string): Promise<Session> {
  const headers: Record<string, string> = protocols ? {} : { Authorization: bearer(key) };
  if (scope) headers['X-Emulator-Scope'] = scope;
  const ws = await openWs(url, protocols, headers);
  open.push(ws);
  const frames: Record<string, any>[] = [];
  const audio: Buffer[] = [];
  const waiters: { type: string; resolve: (f: Record<string, any>) => void }[] = [];
  const taken = new Set<Record<string, any>>();
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) return void audio.push(data);
    const frame = JSON.parse(data.toString('utf8')) as Record<string, any>;
    frames.push(frame);
    const w = waiters.find((x) => x.type === frame.type);
    if (w) {
      waiters.splice(waiters.indexOf(w), 1);
      taken.add(frame);
      w.resolve(frame);
    }
  });
  return {
    ws,
    frames,
    audio,
    closed: closed(ws),
    next(type) {
      const seen = frames.find((f) => f.type === type && !taken.has(f));
      if (seen) {
        taken.add(seen);
        return Promise.resolve(seen);
      }
      return new Promise((resolve) => waiters.push({ type, resolve }));
    },
    send(frame) {
      ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
  };
}

const validServerFrame = () => t.emulator.contract.schema('TtsRealtimeServerFrame');
const entriesOf = async (requestId: string) =>
  (await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'tts' })).filter(
    (e) => e.requestId === requestId,
  );

describe('WS /v1/tts/realtime session', () => {
  it('start → text → flush → text → close: MP3 utterances that decode to the texts, utterance_done, completed, 1000', async () => {
    const s = await connect();
    s.send({ type: 'start', voice: 'ar-AE-mariam', quality: 'fast' });
    const started = await s.next('started');
    expect(started).toMatchObject({
      voice: 'ar-AE-mariam',
      format: 'mp3',
      quality: 'fast',
      speed: 1,
      sample_rate: 16000,
      bitrate_kbps: 32,
    });
    s.send({ type: 'text', text: 'مرحبا ' });
    s.send({ type: 'text', text: 'بكم' });
    s.send({ type: 'flush' });
    const first = await s.next('utterance_done');
    expect(first).toMatchObject({ utterance: 0, characters: 9 });
    const firstAudioFrames = s.audio.length;
    expect(firstAudioFrames).toBeGreaterThan(0);
    s.send({ type: 'text', text: 'مع السلامة' });
    s.send({ type: 'close' });
    const completed = await s.next('completed');
    expect(await s.closed).toMatchObject({ code: 1000 });

    expect(completed).toMatchObject({ characters_billed: 19, utterances: 2, request_id: started.request_id });
    const done = s.frames.filter((f) => f.type === 'utterance_done');
    expect(done.map((f) => f.utterance)).toEqual([0, 1]);
    expect(completed.audio_seconds).toBeCloseTo(done[0].audio_seconds + done[1].audio_seconds, 5);
    for (const f of s.frames) expect(validServerFrame()(f), JSON.stringify(f)).toBe(true);

    const decoded = await decodeAudio(Buffer.concat(s.audio));
    const utterances = decode(decoded.pcm!, decoded.sampleRate);
    expect(utterances.map((u) => [u.text, u.voiceIndex])).toEqual([
      ['مرحبا بكم', 2],
      ['مع السلامة', 2],
    ]);
    const entries = await entriesOf(started.request_id as string);
    expect(entries.map((e) => [e.quantity, e.status, e.mode]).sort()).toEqual([
      [10, 'billed', 'fast'],
      [9, 'billed', 'fast'],
    ]);
  });

  it('sends pcm_s16le at the requested rate, exactly audio_seconds long, and accepts a ws-token subprotocol', async () => {
    const token = await mintWsToken(t.app, t.keys.test, ['tts:speak']);
    const s = await connect(undefined, [token]);
    expect(s.ws.protocol).toBe(token);
    s.send({ type: 'start', voice: 'ar-JO-yousef', format: 'pcm_s16le', sample_rate: 8000, speed: 1.5 });
    expect(await s.next('started')).toMatchObject({ format: 'pcm_s16le', sample_rate: 8000, speed: 1.5 });
    s.send({ type: 'text', text: 'صوت خام' });
    s.send({ type: 'close' });
    const done = await s.next('utterance_done');
    await s.closed;
    const pcm = Buffer.concat(s.audio);
    expect(pcm.length).toBe(2 * Math.round(done.audio_seconds * 8000));
    expect(decode(s16leToFloat32(pcm), 8000).map((u) => [u.text, u.voiceIndex, u.speed])).toEqual([
      ['صوت خام', 7, 1.5],
    ]);
    const [entry] = await entriesOf((await s.next('completed')).request_id as string);
    expect(entry).toMatchObject({ status: 'not_billed', reason: 'test_key', quantity: 7 });
  });

  it('treats an empty flush as nothing, and a close without text completes with zero characters', async () => {
    const s = await connect();
    s.send({ type: 'start', voice: VOICE });
    s.send({ type: 'flush' });
    s.send({ type: 'close' });
    expect(await s.next('completed')).toMatchObject({
      characters_billed: 0,
      audio_seconds: 0,
      utterances: 0,
    });
    expect(await s.closed).toMatchObject({ code: 1000 });
    expect(s.audio).toEqual([]);
  });
});

describe('WS /v1/tts/realtime errors: an error frame, then the documented close code', () => {
  const long = 'ب'.repeat(300);
  it.each([
    ['invalid JSON', ['{"type": "start"'], 4400, 'invalid_json'],
    ['an unknown frame type', [{ type: 'speak' }], 4400, 'validation_failed'],
    ['a JSON array', [[1, 2]], 4400, 'validation_failed'],
    ['text before start', [{ type: 'text', text: 'x' }], 4400, 'protocol_error'],
    [
      'a second start',
      [
        { type: 'start', voice: VOICE },
        { type: 'start', voice: VOICE },
      ],
      4400,
      'protocol_error',
    ],
    ['a start without voice', [{ type: 'start' }], 4400, 'validation_failed'],
    ['speed out of range', [{ type: 'start', voice: VOICE, speed: 2.5 }], 4400, 'validation_failed'],
    ['an unknown field', [{ type: 'start', voice: VOICE, pitch: 2 }], 4400, 'validation_failed'],
    ['an unknown voice', [{ type: 'start', voice: 'ar-XX-ghost' }], 4400, 'unknown_voice'],
    [
      'sample_rate with mp3',
      [{ type: 'start', voice: VOICE, sample_rate: 16000 }],
      4400,
      'validation_failed',
    ],
    [
      'an empty text',
      [
        { type: 'start', voice: VOICE },
        { type: 'text', text: '' },
      ],
      4400,
      'validation_failed',
    ],
    [
      'an utterance over 500 characters',
      [
        { type: 'start', voice: VOICE },
        { type: 'text', text: long },
        { type: 'text', text: long },
      ],
      4400,
      'validation_failed',
    ],
    ['a binary frame', [Buffer.from([1, 2, 3])], 1008, 'unsupported_frame'],
  ])('%s', async (_what, frames, closeCode, code) => {
    const s = await connect();
    for (const f of frames) {
      if (Buffer.isBuffer(f)) s.ws.send(f);
      else s.send(typeof f === 'string' ? f : f);
    }
    expect(await s.closed).toMatchObject({ code: closeCode });
    const error = s.frames.find((f) => f.type === 'error')!;
    expect(error).toMatchObject({ type: 'error', code });
    expect(error.detail).toEqual(expect.any(String));
    expect(validServerFrame()(error)).toBe(true);
    // The emulator is unharmed.
    expect((await request(t.app).get('/_emulator/health')).status).toBe(200);
  });

  it('refuses an utterance the organization cannot pay for with insufficient_credits and 4429, billing nothing', async () => {
    const org = await request(t.app).post('/_emulator/orgs').send({ name: 'no credits' });
    const orgId = org.body.id as string;
    const key = await createKey(t.app, orgId, { scopes: ['tts:speak'] });
    t.emulator.part('metering').setBalance(orgId, 0.001);
    const s = await connect(key.key);
    s.send({ type: 'start', voice: VOICE });
    s.send({ type: 'text', text: 'لا رصيد' });
    s.send({ type: 'flush' });
    expect(await s.closed).toMatchObject({ code: 4429 });
    expect(s.frames.find((f) => f.type === 'error')).toMatchObject({ code: 'insufficient_credits' });
    expect(s.audio).toEqual([]);
    expect(await t.emulator.part('metering').entries({ orgId })).toEqual([]);
  });

  it('closes an idle session with 4408 after 60 s of clock time', async () => {
    const s = await connect();
    s.send({ type: 'start', voice: VOICE });
    await s.next('started');
    await clock.advance(IDLE_TIMEOUT_MS);
    expect(await s.closed).toMatchObject({ code: 4408 });
    expect(s.frames.find((f) => f.type === 'error')).toMatchObject({ code: 'idle_timeout' });
  });

  it('does not bill an utterance cut off by a disconnect', async () => {
    const scope = newScope();
    const s = await connect(t.keys.live, undefined, scope);
    s.send({ type: 'start', voice: VOICE, speed: 0.5 });
    const { request_id: requestId } = await s.next('started');
    s.send({ type: 'text', text: 'ت'.repeat(400) });
    s.send({ type: 'flush' });
    await new Promise<void>((resolve) => s.ws.once('message', () => resolve()));
    s.ws.terminate();
    await s.closed;
    // The server has seen the close once the session's journal entry exists.
    await settled(t.emulator, scope);
    expect(await entriesOf(requestId as string)).toEqual([]);
  });

  it('requires the tts:speak scope before the upgrade', async () => {
    const key = await createKey(t.app, t.orgId, { scopes: ['rag:query'] });
    await expect(openWs(url, [], { Authorization: bearer(key.key) })).rejects.toThrow(/403/);
  });
});
