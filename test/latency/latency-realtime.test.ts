/**
 * Latency profiles on the realtime WebSockets (src/latency/session.ts): `tts.realtime` holds each utterance's
 * first audio, `stt.realtime` each result frame, by the profile's draw; frames keep their order and the
 * session's journal entry records the delay added in all.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { closed, openWs } from '../support/ws.js';
import { TEXT_EN, sendPcm, session, speech, wsUrl } from '../stt/support.js';

/** A fixed delay: median, p90 and max equal (no spread). */
const HOLD_MS = 250;
const fixed = { median_ms: HOLD_MS, p90_ms: HOLD_MS, max_ms: HOLD_MS };

const open: TestEmulator[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.emulator.close()));
});

async function start(operations: Record<string, unknown>): Promise<{ t: TestEmulator; port: number }> {
  const file = join(mkdtempSync(join(tmpdir(), 'latency-ws-')), 'profile.json');
  writeFileSync(file, JSON.stringify({ operations }));
  const t = await buildEmulator({ latencyProfile: file });
  open.push(t);
  return { t, port: (await t.emulator.listen(0, '127.0.0.1')).port };
}

async function sessionEntry(t: TestEmulator, operationId: string): Promise<Record<string, any>> {
  // The journal list has no `kind` filter (an undeclared parameter is refused): found by operation.
  const res = await request(t.app).get('/_emulator/requests');
  return (res.body as { requests: Record<string, any>[] }).requests.find(
    (e) => e.operation_id === operationId,
  )!;
}

describe('latency profiles on realtime sessions', () => {
  it("tts.realtime holds each utterance's first audio, keeping every frame in order", async () => {
    const { t, port } = await start({ 'tts.realtime': fixed });
    const ws: WebSocket = await openWs(`ws://127.0.0.1:${port}/v1/tts/realtime`, [], {
      Authorization: bearer(t.keys.live),
    });
    const arrivals: { kind: string; at: number }[] = [];
    ws.on('message', (data: Buffer, isBinary: boolean) =>
      arrivals.push({
        kind: isBinary ? 'audio' : (JSON.parse(data.toString('utf8')) as { type: string }).type,
        at: performance.now(),
      }),
    );
    const done = closed(ws);
    ws.send(JSON.stringify({ type: 'start', voice: 'ar-AE-mariam', quality: 'fast' }));
    ws.send(JSON.stringify({ type: 'text', text: 'مرحبا بكم' }));
    const flushed = performance.now();
    ws.send(JSON.stringify({ type: 'flush' }));
    ws.send(JSON.stringify({ type: 'text', text: 'مع السلامة' }));
    ws.send(JSON.stringify({ type: 'close' }));
    expect((await done).code).toBe(1000);
    const firstAudio = arrivals.find((a) => a.kind === 'audio')!;
    expect(firstAudio.at - flushed).toBeGreaterThanOrEqual(HOLD_MS - 5);
    // Order kept: each utterance's audio, then its utterance_done; completed last.
    const kinds = arrivals.map((a) => a.kind).filter((k, i, all) => k !== 'audio' || all[i - 1] !== 'audio');
    expect(kinds).toEqual(['started', 'audio', 'utterance_done', 'audio', 'utterance_done', 'completed']);
    expect((await sessionEntry(t, 'tts.realtime')).latency_ms).toBe(2 * HOLD_MS);
  });

  it('stt.realtime holds each result frame; the session entry records the delays added', async () => {
    const { t, port } = await start({ 'stt.realtime': fixed });
    const ws = await openWs(wsUrl(port), [], { Authorization: bearer(t.keys.live) });
    const s = session(ws);
    const started = performance.now();
    ws.send(JSON.stringify({ type: 'start', interim_results: false }));
    sendPcm(ws, speech(TEXT_EN), 16000);
    ws.send(JSON.stringify({ action: 'close_stream' }));
    const { frames } = await s.done;
    // The final is made after the start frame reached the server, then held: the session cannot end sooner.
    expect(performance.now() - started).toBeGreaterThanOrEqual(HOLD_MS - 5);
    expect(frames.map((f) => f.type)).toEqual(['final', 'completed']);
    expect(frames[0]).toMatchObject({ text: TEXT_EN });
    expect((await sessionEntry(t, 'stt.realtime')).latency_ms).toBe(HOLD_MS);
  });

  it('without the operation in the profile, a session is not held', async () => {
    const { t, port } = await start({ 'auth.createWsToken': fixed });
    const ws = await openWs(wsUrl(port), [], { Authorization: bearer(t.keys.live) });
    const s = session(ws);
    ws.send(JSON.stringify({ type: 'start', interim_results: false }));
    sendPcm(ws, speech(TEXT_EN), 16000);
    ws.send(JSON.stringify({ action: 'close_stream' }));
    expect((await s.done).frames.map((f) => f.type)).toEqual(['final', 'completed']);
    expect((await sessionEntry(t, 'stt.realtime')).latency_ms).toBeUndefined();
  });
});
