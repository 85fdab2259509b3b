/**
 * WS /v1/tts/realtime and WS /v1/stt/realtime with random frame sequences: random text and binary frames,
 * invalid JSON, valid-looking frames with wrong types, audio before start, odd byte counts, oversized
 * frames, invalid UTF-8, and rapid open/close. Every server text frame is JSON of the documented schemas
 * (the contract self-check), every error frame is followed by a documented close code, nothing crashes,
 * and a session refused before it started changes no state.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { anyJson, nastyString } from './arbitraries.js';
import {
  assertNoCrash,
  buildFuzzEmulator,
  countCase,
  expectUnchanged,
  fcParams,
  installCrashRecorder,
  snapshot,
  type FuzzEmulator,
} from './support.js';
import { within } from '../support/ws.js';

installCrashRecorder();

let t: FuzzEmulator;
beforeAll(async () => {
  t = await buildFuzzEmulator('fuzz-ws');
});
afterAll(async () => {
  await t.emulator.close();
});

/** WebSocketCloseCodes (D12), without 1011: no fault is injected here, so an internal error is a bug. */
const DOCUMENTED = [1000, 1001, 1008, 1009, 4001, 4400, 4408, 4429];

type Frame = { text: string } | { binary: Uint8Array } | { invalidUtf8: true } | { oversized: true };

const START: Record<Protocol, string[]> = {
  tts: [
    '{"type":"start","voice":"ar-SA-noura","quality":"fast","format":"pcm_s16le","sample_rate":8000}',
    '{"type":"start","voice":"ar-SA-fahad","quality":"fast"}',
  ],
  stt: ['{"type":"start","sample_rate":8000,"interim_results":false}', '{"type":"start"}'],
};
const END: Record<Protocol, string> = { tts: '{"type":"close"}', stt: '{"action":"close_stream"}' };
type Protocol = 'tts' | 'stt';

function frameArb(p: Protocol): fc.Arbitrary<Frame> {
  const lookalike =
    p === 'tts'
      ? fc.oneof(
          fc.record(
            {
              type: fc.constantFrom('start', 'text', 'flush', 'close', 'Start', 'stop'),
              voice: fc.oneof(anyJson, fc.constant('ar-SA-noura')),
              text: fc.oneof(anyJson, nastyString),
            },
            { requiredKeys: ['type'] },
          ),
          fc.record({
            type: fc.constant('text'),
            text: fc.oneof(nastyString, fc.constant('مرحبا'), fc.constant('ب'.repeat(501))),
          }),
          fc.record(
            {
              type: fc.constant('start'),
              voice: fc.constant('ar-SA-noura'),
              speed: anyJson,
              quality: anyJson,
              format: anyJson,
              sample_rate: anyJson,
            },
            { requiredKeys: ['type', 'voice'] },
          ),
        )
      : fc.oneof(
          fc.record({ action: fc.oneof(anyJson, fc.constantFrom('keepalive', 'close_stream', 'KEEPALIVE')) }),
          fc.record(
            {
              type: fc.constantFrom('start', 'audio'),
              sample_rate: anyJson,
              encoding: anyJson,
              language: anyJson,
              interim_results: anyJson,
            },
            { requiredKeys: ['type'] },
          ),
        );
  return fc.oneof(
    fc.constantFrom(...START[p]).map((text) => ({ text })),
    lookalike.map((v) => ({ text: JSON.stringify(v) })),
    anyJson.map((v) => ({ text: JSON.stringify(v) ?? 'null' })),
    fc.string({ maxLength: 40 }).map((text) => ({ text })),
    fc.uint8Array({ maxLength: 641 }).map((binary) => ({ binary })),
    fc.integer({ min: 1, max: 400 }).map((n) => ({ binary: new Uint8Array(n * 2) })),
    fc.constant({ invalidUtf8: true as const }),
    fc.constant({ oversized: true as const }),
  );
}

function sendFrame(ws: WebSocket, f: Frame): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  if ('text' in f) ws.send(f.text);
  else if ('binary' in f) ws.send(f.binary, { binary: true });
  else if ('invalidUtf8' in f) ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
  else ws.send(Buffer.alloc(1024 * 1024 + 2), { binary: true });
}

interface SessionEnd {
  code: number;
  frames: Record<string, unknown>[];
  /** Whether the last text frame before the close was an `error` frame. */
  errorBeforeClose: boolean;
}

async function runSession(p: Protocol, frames: Frame[], terminate: boolean): Promise<SessionEnd> {
  const ws = new WebSocket(`ws://127.0.0.1:${t.port}/v1/${p}/realtime`, {
    headers: { Authorization: `Bearer ${t.keys.live}` },
  });
  const received: Record<string, unknown>[] = [];
  let last: 'text' | 'binary' | null = null;
  ws.on('error', () => undefined);
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    last = isBinary ? 'binary' : 'text';
    if (!isBinary) received.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
  await within(
    new Promise(
      (resolve, reject) => (
        ws.once('open', resolve),
        ws.once('unexpected-response', () => reject(new Error('upgrade refused')))
      ),
    ),
    5000,
    'open',
  );
  for (const f of frames) sendFrame(ws, f);
  if (terminate) {
    ws.terminate();
    await closed;
    return { code: 1006, frames: received, errorBeforeClose: false };
  }
  sendFrame(ws, { text: END[p] });
  const code = await within(closed, 15_000, `the ${p} session to close`);
  return { code, frames: received, errorBeforeClose: last === 'text' && received.at(-1)?.type === 'error' };
}

function expectSoundClose(end: SessionEnd, frames: Frame[]): void {
  const oversized = frames.some((f) => 'oversized' in f);
  if (end.code === 1009 && oversized) return; // ws closes an oversized frame itself, before any handler runs
  expect(DOCUMENTED, `close ${end.code} after ${JSON.stringify(end.frames.slice(-2))}`).toContain(end.code);
  if (end.code !== 1000)
    expect(
      end.errorBeforeClose,
      `close ${end.code} without an error frame: ${JSON.stringify(end.frames.slice(-2))}`,
    ).toBe(true);
  for (const f of end.frames.filter((x) => x.type === 'error'))
    expect(typeof f.code === 'string' && typeof f.detail === 'string').toBe(true);
}

describe.each<Protocol>(['tts', 'stt'])('WS /v1/%s/realtime', (p) => {
  it('random frame sequences end with completed or an error frame and a documented close code', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frameArb(p), { minLength: 1, maxLength: 6 }), async (frames) => {
        countCase(`ws ${p}: frame sequences`);
        const startsBad = !START[p].includes('text' in frames[0] ? frames[0].text : '');
        const before = startsBad ? await snapshot(t) : undefined;
        const end = await runSession(p, frames, false);
        expectSoundClose(end, frames);
        assertNoCrash();
        // A session whose first frame is not a valid start was refused before it began: it changes nothing.
        if (before && end.code !== 1000)
          expectUnchanged(before, await snapshot(t), `${p} ${JSON.stringify(frames).slice(0, 300)}`);
      }),
      fcParams(40),
    );
  });

  it('rapid open and close, with or without frames, never crashes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frameArb(p), { maxLength: 3 }), async (frames) => {
        countCase(`ws ${p}: rapid open/close`);
        await runSession(p, frames, true);
        assertNoCrash();
      }),
      fcParams(20),
    );
  });
});
