/**
 * The WebSocket fault kinds of issue 26 on /v1/tts/realtime, with a real `ws` client on port 0: `ws_stall`
 * (socket open, no frame after N, pings unanswered, nothing billed for what is never sent), `ws_frame_delay`
 * (frames late, in order, in bursts), `extra_fields` on JSON frames (audio untouched), and how they combine.
 */
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from '../../src/audio/index.js';
import { Clock } from '../../src/core/clock.js';
import { decode } from '../../src/tts/voice/index.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { closed, openWs, within } from '../support/ws.js';
import { newScope, settled } from '../tts/support.js';

const clock = new Clock({ mode: 'frozen' });
let t: TestEmulator;
let url: string;
const open: WebSocket[] = [];
const TEXT = 'مرحبا بكم في خدمة العملاء';

beforeAll(async () => {
  t = await buildEmulator({ seed: 'ws-kinds' }, { clock });
  const { port } = await t.emulator.listen(0, '127.0.0.1');
  url = `ws://127.0.0.1:${port}/v1/tts/realtime`;
});
afterEach(async () => {
  for (const ws of open.splice(0)) ws.terminate();
  await request(t.app).delete('/_emulator/faults');
});
afterAll(() => t.emulator.close());

interface Arrival {
  at: number;
  binary: boolean;
  data: Buffer;
  json?: Record<string, any>;
}

async function connect(scope: string) {
  const ws = await openWs(url, undefined, { Authorization: bearer(t.keys.live), 'X-Emulator-Scope': scope });
  open.push(ws);
  const arrivals: Arrival[] = [];
  const waiters: { type: string; resolve: (a: Arrival) => void }[] = [];
  ws.on('message', (data: Buffer, binary: boolean) => {
    // A frame that is not JSON fails the test here: the client really parses what it gets.
    const a: Arrival = {
      at: performance.now(),
      binary,
      data,
      json: binary ? undefined : JSON.parse(data.toString()),
    };
    arrivals.push(a);
    for (const w of waiters.filter((x) => x.type === a.json?.type)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(a);
    }
  });
  const next = (type: string) =>
    new Promise<Arrival>((resolve) => {
      const seen = arrivals.find((a) => a.json?.type === type);
      if (seen) resolve(seen);
      else waiters.push({ type, resolve });
    });
  const send = (frame: unknown) => ws.send(JSON.stringify(frame));
  return { ws, arrivals, next, send, closed: closed(ws) };
}

async function addFault(body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await request(t.app).post('/_emulator/faults').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, any>;
}

const entryOf = async (scope: string) => {
  await settled(t.emulator, scope);
  return (await t.emulator.part('journal').list({ scope }))[0] as unknown as Record<string, any>;
};
const billed = async (requestId: string) =>
  (await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'tts' })).filter(
    (e) => e.requestId === requestId,
  );
const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

async function audioText(frames: Buffer[]): Promise<string[]> {
  const decoded = await decodeAudio(Buffer.concat(frames));
  return decode(decoded.pcm!, decoded.sampleRate).map((u) => u.text);
}

describe('ws_stall', () => {
  it('after N frames: no more frames, no pong, the client frames ignored, nothing billed, open until the client closes', async () => {
    const scope = newScope();
    const rule = await addFault({ kind: 'ws_stall', after_frames: 1, match: { scope } });
    const s = await connect(scope);
    s.send({ type: 'start', voice: 'ar-AE-mariam', quality: 'fast' });
    const started = (await s.next('started')).json!;
    s.send({ type: 'text', text: TEXT });
    s.send({ type: 'flush' });
    s.ws.ping();
    const pong = new Promise((resolve) => s.ws.once('pong', resolve));
    await expect(within(pong, 500, 'a pong')).rejects.toThrow(/did not happen/);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    expect(s.arrivals).toHaveLength(1);
    expect(await billed(started.request_id as string)).toEqual([]);

    s.ws.close(1000, 'bye');
    expect((await s.closed).code).toBe(1000);
    const entry = await entryOf(scope);
    expect(entry.fault).toMatchObject({ rule_id: rule.id, kind: 'ws_stall' });
    expect(entry.off_contract).toBe(false);
  });

  it('with after_frames 0 nothing is sent at all, and closing leaves no timer behind', async () => {
    const before = timeouts();
    const scope = newScope();
    await addFault({ kind: 'ws_stall', match: { scope } });
    const s = await connect(scope);
    s.send({ type: 'start', voice: 'ar-AE-mariam', quality: 'fast' });
    s.ws.ping();
    const pong = new Promise((resolve) => s.ws.once('pong', resolve));
    await expect(within(pong, 300, 'a pong')).rejects.toThrow(/did not happen/);
    expect(s.arrivals).toHaveLength(0);
    s.ws.close(1000);
    await s.closed;
    await entryOf(scope);
    expect(timeouts()).toBeLessThanOrEqual(before);
  });
});

describe('ws_frame_delay', () => {
  it('holds the frames after N at least delay_ms and releases them in order, in bursts of at most `burst`', async () => {
    const delay = 200;
    const burst = 3;
    const scope = newScope();
    await addFault({ kind: 'ws_frame_delay', after_frames: 1, delay_ms: delay, burst, match: { scope } });
    const s = await connect(scope);
    s.send({ type: 'start', voice: 'ar-AE-mariam', quality: 'fast' });
    await s.next('started');
    const flushed = performance.now();
    s.send({ type: 'text', text: TEXT });
    s.send({ type: 'flush' });
    s.send({ type: 'close' });
    await s.next('completed');
    expect((await s.closed).code).toBe(1000);

    const held = s.arrivals.slice(1);
    // Every held frame was sent after the flush, then held at least delay_ms (a little slack for timer rounding).
    expect(held[0].at - flushed).toBeGreaterThanOrEqual(delay - 5);
    // Bursts: frames arriving together, apart from the next burst by about delay_ms.
    const bursts: Arrival[][] = [];
    for (const a of held) {
      const last = bursts.at(-1);
      if (last && a.at - last.at(-1)!.at < delay / 2) last.push(a);
      else bursts.push([a]);
    }
    expect(bursts.length).toBeGreaterThanOrEqual(Math.ceil(held.length / burst));
    expect(Math.max(...bursts.map((b) => b.length))).toBeLessThanOrEqual(burst);
    expect(bursts.some((b) => b.length === burst)).toBe(true);
    // In order: the audio decodes to the text, and the JSON frames come last as the session sent them.
    expect(held.filter((a) => !a.binary).map((a) => a.json!.type)).toEqual(['utterance_done', 'completed']);
    expect(held.at(-2)!.json?.type).toBe('utterance_done');
    expect(await audioText(held.filter((a) => a.binary).map((a) => a.data))).toEqual([TEXT]);
  });

  it('closing mid-delay releases nothing more and leaves no timer', async () => {
    const before = timeouts();
    const scope = newScope();
    await addFault({ kind: 'ws_frame_delay', after_frames: 1, delay_ms: 60_000, match: { scope } });
    const s = await connect(scope);
    s.send({ type: 'start', voice: 'ar-AE-mariam', quality: 'fast' });
    const started = (await s.next('started')).json!;
    s.send({ type: 'text', text: TEXT });
    s.send({ type: 'flush' });
    s.ws.close(1000);
    expect((await s.closed).code).toBe(1000);
    await entryOf(scope);
    expect(s.arrivals).toHaveLength(1);
    expect(timeouts()).toBeLessThanOrEqual(before);
    // The utterance never reached the client whole: not billed.
    expect(await billed(started.request_id as string)).toEqual([]);
  });
});

describe('extra_fields on WebSocket frames', () => {
  it('adds the fields to every JSON frame and leaves the audio frames as they are', async () => {
    const plainScope = newScope();
    const plain = await connect(plainScope);
    plain.send({ type: 'start', voice: 'ar-AE-mariam', quality: 'fast' });
    plain.send({ type: 'text', text: TEXT });
    plain.send({ type: 'close' });
    await plain.closed;

    const scope = newScope();
    const fields = { x_future: 'soon', x_count: 3, x_nested: { a: [1, 2] } };
    const rule = await addFault({ kind: 'extra_fields', fields, match: { scope } });
    expect(rule.off_contract).toBe(true);
    const s = await connect(scope);
    s.send({ type: 'start', voice: 'ar-AE-mariam', quality: 'fast' });
    s.send({ type: 'text', text: TEXT });
    s.send({ type: 'close' });
    expect((await s.closed).code).toBe(1000);

    const json = s.arrivals.filter((a) => !a.binary).map((a) => a.json!);
    expect(json.map((f) => f.type)).toEqual(['started', 'utterance_done', 'completed']);
    for (const f of json) expect(f).toMatchObject(fields);
    const audio = (xs: Arrival[]) => Buffer.concat(xs.filter((a) => a.binary).map((a) => a.data));
    expect(audio(s.arrivals).length).toBeGreaterThan(0);
    expect(audio(s.arrivals).equals(audio(plain.arrivals))).toBe(true);
    const entry = await entryOf(scope);
    expect(entry.fault).toMatchObject({ rule_id: rule.id, kind: 'extra_fields' });
    expect(entry.off_contract).toBe(true);
  });

  it('combines with ws_frame_delay: late frames carry the fields, and the journal names both rules', async () => {
    const scope = newScope();
    const delay = await addFault({ kind: 'ws_frame_delay', delay_ms: 50, match: { scope } });
    const extra = await addFault({ kind: 'extra_fields', match: { scope } });
    const s = await connect(scope);
    const opened = performance.now();
    s.send({ type: 'start', voice: 'ar-AE-mariam', quality: 'fast' });
    const started = await s.next('started');
    expect(started.at - opened).toBeGreaterThanOrEqual(45);
    expect(started.json).toMatchObject({ x_emulator_extra: 1 });
    s.ws.close(1000);
    await s.closed;
    const entry = await entryOf(scope);
    expect(entry.fault.rule_id).toBe(delay.id);
    expect(entry.fault.explanation).toContain(extra.id);
    expect(entry.off_contract).toBe(true);
  });
});
