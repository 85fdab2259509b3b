/**
 * The TTS clip cache (`--tts-cache-mb`, decisions "TTS clip cache") through HTTP and WebSocket: a repeated
 * request gets the same bytes without a render, and is still billed, journaled and faulted like the first.
 * Only a complete render enters the cache.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { once } from 'node:events';
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import type { ClipCacheStats as TtsCacheStats } from '../../src/tts/clip-cache.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { closed, openWs } from '../support/ws.js';
import { binaryParser, VOICE, arabicText, newScope, postTts, settled } from './support.js';

const clock = new Clock({ mode: 'frozen' });
let t: TestEmulator;
let port: number;

beforeAll(async () => {
  t = await buildEmulator({ seed: 'tts-cache', demo: { credits: 1e6 } }, { clock });
  ({ port } = await t.emulator.listen(0, '127.0.0.1'));
});
afterEach(async () => {
  await request(t.app).delete('/_emulator/faults');
});
afterAll(() => t.emulator.close());

async function stats(): Promise<TtsCacheStats> {
  const res = await request(t.app).get('/_emulator/tts/cache');
  expect(res.status).toBe(200);
  return res.body as TtsCacheStats;
}

/** Counter changes since `before`. */
async function delta(before: TtsCacheStats): Promise<{ hits: number; misses: number; entries: number }> {
  const now = await stats();
  return {
    hits: now.hits - before.hits,
    misses: now.misses - before.misses,
    entries: now.entries - before.entries,
  };
}

async function speak(body: Record<string, unknown>, accept?: string) {
  const scope = newScope();
  const res = await postTts(t.app, t.keys.live, body, accept, scope);
  await settled(t.emulator, scope);
  return { res, audio: res.body as Buffer, requestId: String(res.headers['x-request-id']) };
}

/** Opens POST /v1/tts/stream on the real server; resolves once the headers arrived. */
function openStream(
  body: Record<string, unknown>,
): Promise<{ res: IncomingMessage; destroy: () => void; scope: string }> {
  const scope = newScope();
  const payload = JSON.stringify(body);
  const headers = {
    Authorization: bearer(t.keys.live),
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(payload),
    'X-Emulator-Scope': scope,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: '/v1/tts/stream', headers },
      (res) => resolve({ res, destroy: () => req.destroy(), scope }),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Reads a stream to its end or its cut: the chunks received and whether the body was complete. */
async function readStream(res: IncomingMessage): Promise<{ chunks: Buffer[]; complete: boolean }> {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('error', () => undefined);
  // 'close' comes after 'end', and after the error of a cut body ('aborted'), which `once` would throw.
  await new Promise((resolve) => res.once('close', resolve));
  return { chunks, complete: res.complete };
}

async function usage(requestIds: string[]) {
  const res = await request(t.app)
    .get(`/_emulator/orgs/${t.orgId}/usage`)
    .query({ product: 'tts', limit: 10000 });
  expect(res.status).toBe(200);
  return (res.body.entries as { request_id: string; status: string; quantity: number }[]).filter((e) =>
    requestIds.includes(e.request_id),
  );
}

async function journaled(requestIds: string[]) {
  const res = await request(t.app).get('/_emulator/requests').query({ limit: 1000 });
  return (res.body.requests as { request_id: string; status: number }[]).filter((e) =>
    requestIds.includes(e.request_id),
  );
}

describe('the TTS clip cache', () => {
  it('answers a repeated POST /v1/tts with the same bytes from the cache, and bills and journals both', async () => {
    const body = { text: arabicText(120), voice: VOICE, quality: 'fast' };
    const before = await stats();
    const first = await speak(body);
    expect(await delta(before)).toEqual({ hits: 0, misses: 1, entries: 1 });
    const second = await speak(body);
    expect(second.res.status).toBe(200);
    expect(second.res.headers['content-type']).toBe('audio/mpeg');
    expect(second.audio.equals(first.audio)).toBe(true);
    expect(await delta(before)).toEqual({ hits: 1, misses: 1, entries: 1 });

    const ids = [first.requestId, second.requestId];
    const charges = await usage(ids);
    expect(charges).toHaveLength(2);
    for (const c of charges) expect(c).toMatchObject({ status: 'billed', quantity: 120 });
    expect((await journaled(ids)).map((e) => e.status)).toEqual([200, 200]);
  });

  it('keys WAV and MP3, voices, speeds and tiers apart', async () => {
    const text = 'مفاتيح مختلفة';
    const before = await stats();
    const variants = [
      [{ text, voice: VOICE }, 'audio/mpeg'],
      [{ text, voice: VOICE }, 'audio/wav'],
      [{ text, voice: 'ar-EG-omar' }, 'audio/mpeg'],
      [{ text, voice: VOICE, speed: 1.5 }, 'audio/mpeg'],
      [{ text, voice: VOICE, quality: 'high' }, 'audio/mpeg'],
    ] as const;
    const clips = [];
    for (const [body, accept] of variants) clips.push((await speak(body, accept)).audio);
    expect(new Set(clips.map((c) => c.toString('base64'))).size).toBe(variants.length);
    expect(await delta(before)).toEqual({ hits: 0, misses: variants.length, entries: variants.length });
  });

  it('still fires a fault armed for the repeated request: not billed, and the next one is served from the cache', async () => {
    const body = { text: 'طلب يتكرر مع عطل', voice: VOICE, quality: 'fast' };
    const first = await speak(body);
    await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'error', status: 502, times: 1, match: { operation: 'tts.speak' } })
      .expect(201);
    const before = await stats();
    const faulted = await speak(body);
    expect(faulted.res.status).toBe(502);
    expect(faulted.res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const third = await speak(body);
    expect(third.audio.equals(first.audio)).toBe(true);
    expect(await delta(before)).toMatchObject({ hits: 1, misses: 0 });
    expect((await usage([faulted.requestId, third.requestId])).map((e) => e.request_id)).toEqual([
      third.requestId,
    ]);
    const [entry] = (await journaled([faulted.requestId])) as { status: number; fault?: { kind: string } }[];
    expect(entry).toMatchObject({ status: 502, fault: { kind: 'error' } });
  });

  it('streams a cached clip (in one write when no stream fault shapes it), and bills it', async () => {
    const body = { text: arabicText(200), voice: VOICE, quality: 'fast' };
    const rendered = await openStream(body);
    const first = await readStream(rendered.res);
    await settled(t.emulator, rendered.scope);
    const before = await stats();
    const cached = await openStream(body);
    expect(cached.res.statusCode).toBe(200);
    expect(cached.res.headers['transfer-encoding']).toBe('chunked');
    const second = await readStream(cached.res);
    await settled(t.emulator, cached.scope);
    expect(second.complete).toBe(true);
    expect(Buffer.concat(second.chunks).equals(Buffer.concat(first.chunks))).toBe(true);
    expect(await delta(before)).toMatchObject({ hits: 1, misses: 0 });
    const clip = await speak(body);
    expect(clip.audio.equals(Buffer.concat(first.chunks))).toBe(true);
    const ids = [rendered.res.headers['x-request-id'], cached.res.headers['x-request-id']] as string[];
    expect((await usage(ids)).map((e) => e.status)).toEqual(['billed', 'billed']);
  });

  it('cuts a cached stream under stream_truncate exactly as a rendered one, and bills nothing', async () => {
    const body = { text: arabicText(150), voice: VOICE, quality: 'fast' };
    await speak(body);
    await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'stream_truncate', after_bytes: 1000, times: 1, match: { operation: 'tts.stream' } })
      .expect(201);
    const before = await stats();
    const cut = await openStream(body);
    const read = await readStream(cut.res);
    await settled(t.emulator, cut.scope);
    expect(read.complete).toBe(false);
    expect(Buffer.concat(read.chunks).length).toBe(1000);
    expect(await delta(before)).toMatchObject({ hits: 1, misses: 0 });
    const requestId = cut.res.headers['x-request-id'] as string;
    expect(await usage([requestId])).toEqual([]);
    const [entry] = (await journaled([requestId])) as { fault?: { kind: string } }[];
    expect(entry.fault?.kind).toBe('stream_truncate');
  });

  it('does not store a stream cut by a fault: the next identical request renders again', async () => {
    const body = { text: 'بث مقطوع لا يدخل الذاكرة', voice: VOICE, quality: 'fast' };
    await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'stream_truncate', after_bytes: 500, times: 1, match: { operation: 'tts.stream' } })
      .expect(201);
    const before = await stats();
    const cut = await openStream(body);
    expect((await readStream(cut.res)).complete).toBe(false);
    await settled(t.emulator, cut.scope);
    expect(await delta(before)).toEqual({ hits: 0, misses: 1, entries: 0 });
    await speak(body);
    expect(await delta(before)).toEqual({ hits: 0, misses: 2, entries: 1 });
  });

  it('does not store a stream its client abandoned: the next identical request renders again', async () => {
    // `stream_slow` holds the stream open for tens of seconds, so the client leaves before the render is
    // delivered whatever the machine's speed (an unpaced stream can reach the socket buffers before the
    // client's disconnect is seen, and then it was delivered).
    const body = { text: arabicText(500), voice: VOICE, quality: 'fast', speed: 0.75 };
    await request(t.app)
      .post('/_emulator/faults')
      .send({ kind: 'stream_slow', bytes_per_second: 4000, times: 1, match: { operation: 'tts.stream' } })
      .expect(201);
    const before = await stats();
    const { res, destroy, scope } = await openStream(body);
    res.on('error', () => undefined);
    await once(res, 'data');
    destroy();
    await settled(t.emulator, scope);
    expect(await usage([res.headers['x-request-id'] as string])).toEqual([]);
    expect(await delta(before)).toEqual({ hits: 0, misses: 1, entries: 0 });
    await speak(body);
    expect(await delta(before)).toEqual({ hits: 0, misses: 2, entries: 1 });
  });

  it('serves a realtime MP3 utterance from the clip of the same POST /v1/tts, and bills it', async () => {
    const text = 'الوقت الحقيقي من الذاكرة';
    const clip = await speak({ text, voice: VOICE, quality: 'fast' });
    const before = await stats();
    const ws = await openWs(`ws://127.0.0.1:${port}/v1/tts/realtime`, undefined, {
      Authorization: bearer(t.keys.live),
    });
    const audio: Buffer[] = [];
    const frames: Record<string, unknown>[] = [];
    ws.on('message', (data: Buffer, isBinary: boolean) =>
      isBinary ? audio.push(data) : frames.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>),
    );
    const done = closed(ws);
    for (const frame of [
      { type: 'start', voice: VOICE, quality: 'fast', format: 'mp3' },
      { type: 'text', text },
      { type: 'close' },
    ])
      ws.send(JSON.stringify(frame));
    expect(await done).toMatchObject({ code: 1000 });
    expect(Buffer.concat(audio).equals(clip.audio)).toBe(true);
    expect(frames.find((f) => f.type === 'completed')).toMatchObject({
      characters_billed: [...text].length,
      utterances: 1,
    });
    expect(await delta(before)).toMatchObject({ hits: 1, misses: 0 });
    expect(ws.readyState).toBe(WebSocket.CLOSED);
  });

  it('answers GET /_emulator/requests/{id}/audio from the cache, billing nothing', async () => {
    const clip = await speak({ text: 'إعادة التشغيل', voice: VOICE, quality: 'fast' }, 'audio/wav');
    const before = await stats();
    const replay = await request(t.app)
      .get(`/_emulator/requests/${clip.requestId}/audio`)
      .buffer(true)
      .parse(binaryParser);
    expect(replay.status).toBe(200);
    expect((replay.body as Buffer).equals(clip.audio)).toBe(true);
    expect(await delta(before)).toMatchObject({ hits: 1, misses: 0 });
    expect(await usage([clip.requestId])).toHaveLength(1);
  });

  it('is kept by POST /_emulator/reset, and emptied by DELETE /_emulator/tts/cache', async () => {
    const body = { text: 'بعد إعادة الضبط', voice: VOICE, quality: 'fast' };
    await speak(body);
    const kept = await stats();
    expect((await request(t.app).post('/_emulator/reset').send({ keep_clock: true })).status).toBe(200);
    expect(await stats()).toEqual(kept);
    await speak(body);
    expect(await delta(kept)).toMatchObject({ hits: 1, misses: 0 });
    const cleared = await request(t.app).delete('/_emulator/tts/cache');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      enabled: true,
      bytes: 0,
      entries: 0,
      hits: 0,
      misses: 0,
      evictions: 0,
    });
    await speak(body);
    expect(await stats()).toMatchObject({ hits: 0, misses: 1, entries: 1 });
  });
});
