/** The WebSocket fault kinds of issue 26 on /v1/stt/realtime: extra fields on every frame, and a stall mid-stream. */
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { closed, openWs, within } from '../support/ws.js';
import { TEXT_AR, sendPcm, session, speech, wsUrl } from '../stt/support.js';

let t: TestEmulator;
let port: number;
let scopes = 0;

beforeAll(async () => {
  const clock = new Clock({ mode: 'frozen' });
  t = await buildEmulator({ seed: 'ws-kinds-stt', stt: { realtimeCheckpointSeconds: 2 } }, { clock });
  port = (await t.emulator.listen(0, '127.0.0.1')).port;
});
afterEach(() => request(t.app).delete('/_emulator/faults'));
afterAll(() => t.emulator.close());

async function connect(scope: string): Promise<WebSocket> {
  return openWs(wsUrl(port), [], { Authorization: bearer(t.keys.live), 'X-Emulator-Scope': scope });
}

async function addFault(body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await request(t.app).post('/_emulator/faults').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, any>;
}

/** Seconds of realtime STT billed to the organization so far. */
const billedSeconds = async () =>
  (await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'stt_realtime' })).reduce(
    (sum, e) => sum + e.quantity,
    0,
  );

describe('stt.realtime', () => {
  it('extra_fields: every partial, final and completed frame carries the fields; the transcript is unchanged', async () => {
    const scope = `stt-extra-${++scopes}`;
    const fields = { x_future: true, x_version: '2' };
    await addFault({ kind: 'extra_fields', fields, match: { operation: 'stt.realtime', scope } });
    const ws = await connect(scope);
    const s = session(ws);
    ws.send(JSON.stringify({ type: 'start' }));
    sendPcm(ws, speech(TEXT_AR), 16000);
    ws.send(JSON.stringify({ action: 'close_stream' }));
    const { code, frames } = await s.done;
    expect(code).toBe(1000);
    expect(frames.some((f) => f.type === 'partial')).toBe(true);
    for (const f of frames) expect(f).toMatchObject(fields);
    expect(frames.filter((f) => f.type === 'final').map((f) => f.text)).toEqual([TEXT_AR]);
    expect(frames.at(-1)).toMatchObject({ type: 'completed', text: TEXT_AR });
  });

  it('ws_stall: after N frames nothing more (not even completed), no pong, no new checkpoint, closed by the client', async () => {
    const scope = `stt-stall-${++scopes}`;
    await addFault({ kind: 'ws_stall', after_frames: 2, match: { operation: 'stt.realtime', scope } });
    const before = await billedSeconds();
    const ws = await connect(scope);
    const s = session(ws);
    ws.send(JSON.stringify({ type: 'start' }));
    sendPcm(ws, speech(TEXT_AR), 16000);
    await s.next('partial');
    // Seconds of audio after the stall: crossing several checkpoints, and close_stream, change nothing.
    sendPcm(ws, new Float32Array(16000 * 6), 16000);
    ws.send(JSON.stringify({ action: 'close_stream' }));
    ws.ping();
    const pong = new Promise((resolve) => ws.once('pong', resolve));
    await expect(within(pong, 500, 'a pong')).rejects.toThrow(/did not happen/);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    expect(s.frames).toHaveLength(2);
    const c = closed(ws);
    ws.close(1000);
    expect((await c).code).toBe(1000);
    if ((await t.emulator.part('journal').list({ scope })).length === 0)
      expect(await t.emulator.part('journal').waitFor({ scope }, 5000)).toBeTruthy();
    // Billed: at most the checkpoints the speech crossed before the stall; none of the 6 s sent after it.
    expect((await billedSeconds()) - before).toBeLessThanOrEqual(speech(TEXT_AR).length / 16000);
  });
});
