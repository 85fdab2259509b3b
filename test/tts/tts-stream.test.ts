/**
 * POST /v1/tts/stream against a real server on port 0: chunked MP3 that starts before synthesis ends,
 * respects a slow reader, keeps the server responsive, stops on disconnect and bills only a finished stream.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { once } from 'node:events';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { within } from '../support/ws.js';
import { VOICE, arabicText, decodeClip, newScope, postTts, settled } from './support.js';

const clock = new Clock({ mode: 'frozen' });
let t: TestEmulator;
let port: number;

beforeAll(async () => {
  // The clip cache off: these tests are about rendering while streaming (a cached clip reaches the socket at
  // once); tts-cache.test.ts streams from the cache.
  t = await buildEmulator({ seed: 'tts-stream', ttsCacheMb: 0 }, { clock });
  ({ port } = await t.emulator.listen(0, '127.0.0.1'));
});
afterAll(() => t.emulator.close());

/** Starts a stream and resolves with the response once its headers arrived. */
function openStream(
  key: string,
  body: Record<string, unknown>,
): Promise<{ res: IncomingMessage; destroy: () => void; scope: string }> {
  const scope = newScope();
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const headers = {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(payload),
      'X-Emulator-Scope': scope,
    };
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: '/v1/tts/stream', headers },
      (res) => resolve({ res, destroy: () => req.destroy(), scope }),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function readAll(res: IncomingMessage, first: Buffer[] = []): Promise<Buffer> {
  const chunks = [...first];
  res.on('data', (c: Buffer) => chunks.push(c));
  // A stream paused explicitly stays paused when a 'data' listener is added.
  res.resume();
  return once(res, 'end').then(() => Buffer.concat(chunks));
}

const ttsEntries = async (requestId: string) =>
  (await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'tts' })).filter(
    (e) => e.requestId === requestId,
  );

describe('POST /v1/tts/stream', () => {
  it('sends chunked audio/mpeg with the same bytes as /v1/tts, and bills once the stream completed', async () => {
    const body = { text: arabicText(120), voice: VOICE, quality: 'fast' };
    const { res, scope } = await openStream(t.keys.live, body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    let chunks = 0;
    res.on('data', () => chunks++);
    const audio = await readAll(res);
    expect(chunks).toBeGreaterThan(1);
    const clip = (await postTts(t.app, t.keys.live, body)).body as Buffer;
    expect(audio.equals(clip)).toBe(true);
    expect((await decodeClip(audio)).utterances.map((u) => u.text)).toEqual([body.text]);
    await settled(t.emulator, scope);
    const requestId = res.headers['x-request-id'] as string;
    expect(await ttsEntries(requestId)).toMatchObject([{ status: 'billed', quantity: 120, mode: 'fast' }]);
  });

  it('serves other requests while a reader has paused a stream, and delivers the whole clip once it reads again', async () => {
    const { res, scope } = await openStream(t.keys.live, { text: arabicText(500), voice: VOICE, speed: 0.5 });
    const requestId = res.headers['x-request-id'] as string;
    // The reader stops at the first chunk. (Loopback socket buffers can hold a whole clip, so whether the
    // server is already waiting on 'drain' here is not observable; what is: the server stays available.)
    const first = await new Promise<Buffer>((resolve) =>
      res.once('data', (chunk: Buffer) => {
        res.pause();
        resolve(chunk);
      }),
    );
    expect(first.length).toBeGreaterThan(0);
    const health = await within(
      request(t.app).get('/_emulator/health'),
      10_000,
      'a health check during a paused stream',
    );
    expect(health.status).toBe(200);
    const other = await postTts(
      t.app,
      t.keys.test,
      { text: 'طلب آخر', voice: VOICE, quality: 'fast' },
      'audio/wav',
    );
    expect(other.status).toBe(200);
    expect(res.complete).toBe(false);
    const audio = await readAll(res, [first]);
    expect((await decodeClip(audio)).utterances.map((u) => u.text)).toEqual([arabicText(500)]);
    await settled(t.emulator, scope);
    expect(await ttsEntries(requestId)).toHaveLength(1);
  });

  it('keeps the event loop free while a 500-character stream is produced: a health check completes before the stream ends', async () => {
    const { res } = await openStream(t.keys.live, { text: arabicText(500), voice: VOICE });
    const order: string[] = [];
    const ended = readAll(res).then(() => order.push('stream end'));
    await once(res, 'readable');
    await request(t.app)
      .get('/_emulator/health')
      .then(() => order.push('health'));
    await ended;
    expect(order).toEqual(['health', 'stream end']);
  });

  it('stops on client disconnect and bills nothing', async () => {
    const before = (await t.emulator.part('metering').balance(t.orgId)).balance;
    const { res, destroy, scope } = await openStream(t.keys.live, {
      text: arabicText(500),
      voice: VOICE,
      speed: 0.5,
    });
    const requestId = res.headers['x-request-id'] as string;
    await once(res, 'data');
    res.on('error', () => undefined);
    destroy();
    await settled(t.emulator, scope);
    expect(await ttsEntries(requestId)).toEqual([]);
    expect((await t.emulator.part('metering').balance(t.orgId)).balance).toBe(before);
    // The server is healthy and the next stream is served in full.
    const next = await openStream(t.keys.test, { text: 'بعد الانقطاع', voice: VOICE, quality: 'fast' });
    expect((await decodeClip(await readAll(next.res))).utterances.map((u) => u.text)).toEqual([
      'بعد الانقطاع',
    ]);
  });

  it('refuses with 429 insufficient_credits before any audio', async () => {
    const org = await request(t.app).post('/_emulator/orgs').send({ name: 'broke' });
    const orgId = org.body.id as string;
    const key = await request(t.app)
      .post(`/_emulator/orgs/${orgId}/keys`)
      .send({ environment: 'live', scopes: ['tts:speak'] });
    t.emulator.part('metering').setBalance(orgId, 0.001);
    const { res } = await openStream(key.body.key as string, { text: arabicText(50), voice: VOICE });
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse((await readAll(res)).toString('utf8')).code).toBe('insufficient_credits');
  });
});
