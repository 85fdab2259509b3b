/**
 * --replay for WebSockets: sessions recorded through a proxy (to a second emulator) are served by a third
 * emulator from the recording, in the recorded order, with the recorded close; deviations close 4400.
 */
import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { float32ToS16le } from '../../src/audio/index.js';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import { closed, openWs, refusedUpgrade } from '../support/ws.js';
import { TEXT_AR, VOICES, speech } from '../stt/support.js';
import { exchangesOf, json, startPair, type Pair } from './support.js';

const wsBase = (baseUrl: string) => baseUrl.replace(/^http/, 'ws');
const START = { type: 'start', voice: 'ar-SA-noura', quality: 'fast' };
const GREETING = [
  START,
  { type: 'text', text: 'مرحبا بكم' },
  { type: 'flush' },
  { type: 'text', text: 'مع السلامة' },
  { type: 'close' },
];
const EARLY_START = { type: 'start', voice: 'ar-SA-noura' };
const OTHER = [START, { type: 'text', text: 'نص آخر' }, { type: 'close' }];
const PCM = float32ToS16le(speech(TEXT_AR, 16000, VOICES.noura));

/** A client that keeps every server frame in arrival order: JSON parsed, binary as `bin:<sha256>`. */
async function client(url: string, protocols: string[], headers: Record<string, string>) {
  const ws = await openWs(url, protocols, headers);
  const frames: unknown[] = [];
  const waiters: { type: string; resolve: () => void }[] = [];
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    const frame = isBinary
      ? `bin:${createHash('sha256').update(data).digest('hex')}`
      : (JSON.parse(data.toString('utf8')) as { type?: string });
    frames.push(frame);
    for (const w of waiters.filter((x) => typeof frame === 'object' && x.type === frame.type)) w.resolve();
  });
  return {
    ws,
    frames,
    closed: closed(ws),
    next: (type: string) => new Promise<void>((resolve) => waiters.push({ type, resolve })),
    /** Resolves once the server answered a ping: every frame it sent before is in `frames`. */
    settled: () => new Promise<void>((resolve) => (ws.ping(), ws.once('pong', () => resolve()))),
  };
}

/** The recorded conversation takes turns: the start is answered, and the first utterance, before it goes on. */
const TURNS: Record<number, string> = { 0: 'started', 2: 'utterance_done' };

async function ttsSession(baseUrl: string, key: string, sent: unknown[]) {
  const c = await client(`${wsBase(baseUrl)}/tts/realtime`, [], { Authorization: `Bearer ${key}` });
  for (const [i, frame] of sent.entries()) {
    const answered = TURNS[i] ? c.next(TURNS[i]) : null;
    c.ws.send(JSON.stringify(frame));
    await answered;
  }
  return { ...(await c.closed), frames: c.frames };
}

async function sttSession(c: Awaited<ReturnType<typeof client>>) {
  c.ws.send(JSON.stringify({ type: 'start', sample_rate: 16000 }));
  for (let off = 0; off < PCM.length; off += 640) c.ws.send(PCM.subarray(off, off + 640));
  c.ws.send(JSON.stringify({ action: 'close_stream' }));
  return { ...(await c.closed), frames: c.frames };
}

/** The server frames of a recorded session, as the client above keeps them (request ids aside). */
const recordedServerFrames = (exchange: any) =>
  exchange.frames
    .filter((f: any) => f.from === 'server')
    .map((f: any) => (f.binary ? `bin:${f.binary.sha256}` : f.json));
const withoutRequestId = (frames: unknown[]) =>
  frames.map((f) => (f && typeof f === 'object' && 'request_id' in f ? { ...f, request_id: 'x' } : f));

let pair: Pair;
let replay: RunningEmulator;
const recorded: Record<string, { code: number; frames: unknown[] }> = {};
let sessions: Record<string, any>;

beforeAll(async () => {
  pair = await startPair();
  const key = pair.upstream.keys.test;
  recorded.greeting = await ttsSession(pair.proxy.baseUrl, key, GREETING);
  const c = await client(`${wsBase(pair.proxy.baseUrl)}/tts/realtime`, [], {
    Authorization: `Bearer ${key}`,
  });
  for (const frame of OTHER) c.ws.send(JSON.stringify(frame));
  recorded.other = { ...(await c.closed), frames: c.frames };
  recorded.stt = await sttSession(
    await client(`${wsBase(pair.proxy.baseUrl)}/stt/realtime`, [], { Authorization: `Bearer ${key}` }),
  );
  await pair.proxy.admin.requests.waitFor({ path: '/v1/stt/realtime' });
  // A session the client ends: started, then the client closes.
  const early = await client(`${wsBase(pair.proxy.baseUrl)}/tts/realtime`, [], {
    Authorization: `Bearer ${key}`,
    'X-Emulator-Scope': 'record-early',
  });
  const started = early.next('started');
  early.ws.send(JSON.stringify(EARLY_START));
  await started;
  early.ws.close(1000, 'bye');
  await early.closed;
  await pair.proxy.admin.requests.waitFor({ scope: 'record-early' });
  const [greeting, other, stt, earlyExchange] = exchangesOf(pair.dir);
  sessions = { greeting, other, stt, early: earlyExchange };
  replay = await startEmulator({ port: 0, seed: 'ws-replaying', logLevel: 'silent', replay: pair.dir });
});
afterAll(async () => {
  await replay?.close();
  await pair?.close();
});

describe('WebSocket replay', () => {
  it('serves a recorded TTS session: server frames in order, audio from the file beside, the recorded close, journaled as replayed', async () => {
    expect(recorded.greeting.frames.some((f) => typeof f === 'string')).toBe(true); // binary audio was recorded
    const scope = 'ws-replay-greeting';
    const c = await client(`${wsBase(replay.baseUrl)}/tts/realtime`, [], {
      Authorization: `Bearer ${replay.keys.test}`,
      'X-Emulator-Scope': scope,
    });
    for (const frame of GREETING) c.ws.send(JSON.stringify(frame));
    const { code, reason } = await c.closed;
    expect(code).toBe(recorded.greeting.code);
    expect(reason).toBe(sessions.greeting.close.reason);
    expect(withoutRequestId(c.frames)).toEqual(withoutRequestId(recorded.greeting.frames));
    expect(withoutRequestId(c.frames)).toEqual(withoutRequestId(recordedServerFrames(sessions.greeting)));

    const entry = (await replay.admin.requests.waitFor({ scope })) as any;
    expect(entry).toMatchObject({
      kind: 'websocket',
      status: 101,
      operation_id: 'tts.realtime',
      replayed: sessions.greeting.id,
    });
    expect(entry.websocket).toMatchObject({
      close_code: recorded.greeting.code,
      frames_in: GREETING.length,
      frames_out: c.frames.length,
    });
  });

  it('sends a server frame only once the client frames that preceded it in the recording have arrived', async () => {
    const frames = sessions.greeting.frames as any[];
    const serverBefore = (clientFrames: number) => {
      let seen = 0;
      return frames.filter((f) => (f.from === 'client' ? (seen++, false) : seen <= clientFrames)).length;
    };
    expect(serverBefore(1)).toBe(1); // the recording took turns: started, then the first utterance
    expect(serverBefore(3)).toBeGreaterThan(2);
    const c = await client(`${wsBase(replay.baseUrl)}/tts/realtime`, [], {
      Authorization: `Bearer ${replay.keys.test}`,
    });
    await c.settled();
    expect(c.frames).toEqual([]);
    c.ws.send(JSON.stringify(GREETING[0]));
    await c.next('started');
    await c.settled();
    expect(c.frames).toHaveLength(serverBefore(1));
    const utterance = c.next('utterance_done');
    c.ws.send(JSON.stringify(GREETING[1]));
    await c.settled();
    expect(c.frames).toHaveLength(serverBefore(2));
    c.ws.send(JSON.stringify(GREETING[2]));
    await utterance;
    await c.settled();
    expect(c.frames).toHaveLength(serverBefore(3));
    for (const frame of GREETING.slice(3)) c.ws.send(JSON.stringify(frame));
    expect((await c.closed).code).toBe(1000);
    expect(withoutRequestId(c.frames)).toEqual(withoutRequestId(recordedServerFrames(sessions.greeting)));
  });

  it('follows the recording whose client frames match, with JSON compared after parsing (key order ignored)', async () => {
    const scope = 'ws-replay-other';
    const c = await client(`${wsBase(replay.baseUrl)}/tts/realtime`, [], {
      Authorization: `Bearer ${replay.keys.test}`,
      'X-Emulator-Scope': scope,
    });
    c.ws.send(JSON.stringify({ quality: 'fast', voice: 'ar-SA-noura', type: 'start' }));
    for (const frame of OTHER.slice(1)) c.ws.send(JSON.stringify(frame));
    expect((await c.closed).code).toBe(recorded.other.code);
    expect(withoutRequestId(c.frames)).toEqual(withoutRequestId(recorded.other.frames));
    expect(((await replay.admin.requests.waitFor({ scope })) as any).replayed).toBe(sessions.other.id);
  });

  it('serves a recorded STT session to a ws-token of the replaying emulator, matching binary audio frames by SHA-256', async () => {
    const minted = await fetch(`${replay.baseUrl}/auth/ws-token`, {
      method: 'POST',
      headers: json(replay.keys.test),
      body: JSON.stringify({ scopes: ['stt:transcribe'] }),
    });
    const { token } = (await minted.json()) as { token: string };
    const c = await client(`${wsBase(replay.baseUrl)}/stt/realtime`, [token], {
      'X-Emulator-Scope': 'ws-replay-stt',
    });
    expect(c.ws.protocol).toBe(token);
    const done = await sttSession(c);
    expect(done.code).toBe(1000);
    expect(withoutRequestId(done.frames)).toEqual(withoutRequestId(recorded.stt.frames));
    expect(done.frames.at(-1)).toMatchObject({ type: 'completed', text: TEXT_AR });
    expect(await replay.admin.requests.waitFor({ scope: 'ws-replay-stt' })).toMatchObject({
      replayed: sessions.stt.id,
      key_id: expect.any(String),
    });
  });

  it('closes 4400 with a replay_mismatch error frame naming the first client frame that matches no recording', async () => {
    const scope = 'ws-replay-mismatch';
    const c = await client(`${wsBase(replay.baseUrl)}/tts/realtime`, [], {
      Authorization: `Bearer ${replay.keys.test}`,
      'X-Emulator-Scope': scope,
    });
    c.ws.send(JSON.stringify(START));
    c.ws.send(JSON.stringify({ type: 'text', text: 'لم يسجل' }));
    const { code, reason } = await c.closed;
    expect(code).toBe(4400);
    expect(reason).toBe('replay mismatch at client frame 2');
    const error = c.frames.at(-1) as { type: string; code: string; detail: string };
    expect(error).toMatchObject({ type: 'error', code: 'replay_mismatch' });
    expect(error.detail).toContain('client frame 2');
    expect(error.detail).toContain('لم يسجل');
    expect(error.detail).toMatch(
      new RegExp(
        `from recording (${sessions.greeting.id}|${sessions.other.id}) and from every other recording of /v1/tts/realtime`,
      ),
    );
    expect(await replay.admin.requests.waitFor({ scope })).toMatchObject({
      code: 'replay_mismatch',
      websocket: expect.objectContaining({ close_code: 4400 }),
    });
  });

  it('waits for the client to close a session the client closed in the recording', async () => {
    expect(sessions.early.close).toMatchObject({ code: 1000, by: 'client' });
    const scope = 'ws-replay-early';
    const c = await client(`${wsBase(replay.baseUrl)}/tts/realtime`, [], {
      Authorization: `Bearer ${replay.keys.test}`,
      'X-Emulator-Scope': scope,
    });
    c.ws.send(JSON.stringify(EARLY_START));
    await c.next('started');
    await c.settled();
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close(1000);
    expect((await c.closed).code).toBe(1000);
    expect(await replay.admin.requests.waitFor({ scope })).toMatchObject({
      replayed: sessions.early.id,
      websocket: expect.objectContaining({ close_code: 1000, frames_in: 1, frames_out: 1 }),
    });
  });

  it('treats a client frame past the end of the recording as a mismatch', async () => {
    const c = await client(`${wsBase(replay.baseUrl)}/tts/realtime`, [], {
      Authorization: `Bearer ${replay.keys.test}`,
    });
    c.ws.send(JSON.stringify(EARLY_START));
    await c.next('started');
    c.ws.send(JSON.stringify({ type: 'flush' }));
    expect(await c.closed).toEqual({ code: 4400, reason: 'replay mismatch at client frame 2' });
    expect((c.frames.at(-1) as { detail: string }).detail).toContain(`from recording ${sessions.early.id}`);
    expect((c.frames.at(-1) as { detail: string }).detail).toContain(
      'expected no more client frames, got JSON {"type":"flush"}',
    );
  });

  it('keeps the handshake rules: keys, and upgrade faults', async () => {
    const url = `${wsBase(replay.baseUrl)}/tts/realtime`;
    const refusal = await refusedUpgrade(url, [], { Authorization: 'Bearer svc_test_nope' });
    expect(refusal.status).toBe(401);
    await replay.admin.faults.add({
      kind: 'error',
      status: 429,
      times: 1,
      match: { operation: 'tts.realtime' },
    } as any);
    expect((await refusedUpgrade(url, [], { Authorization: `Bearer ${replay.keys.test}` })).status).toBe(429);
  });

  it('applies ws_close faults to a replayed session', async () => {
    await replay.admin.faults.add({
      kind: 'ws_close',
      close_code: 4500,
      after_frames: 1,
      times: 1,
      match: { operation: 'tts.realtime' },
    } as any);
    const c = await client(`${wsBase(replay.baseUrl)}/tts/realtime`, [], {
      Authorization: `Bearer ${replay.keys.test}`,
    });
    for (const frame of GREETING) c.ws.send(JSON.stringify(frame));
    expect((await c.closed).code).toBe(4500);
    expect(c.ws.readyState).toBe(WebSocket.CLOSED);
  });
});
