/** Proxy mode over WebSocket: sessions relayed both ways in order, ws-tokens, refusals, faults, frame checks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWs, refusedUpgrade } from '../support/ws.js';
import { TEXT_AR, VOICES, sendPcm, session, speech } from '../stt/support.js';
import { json, startPair, type Pair } from './support.js';

let pair: Pair;
beforeAll(async () => {
  pair = await startPair();
});
afterAll(() => pair.close());

const wsBase = (baseUrl: string) => baseUrl.replace(/^http/, 'ws');

async function realtimeSession(baseUrl: string, protocols: string[], headers: Record<string, string>) {
  const ws = await openWs(`${wsBase(baseUrl)}/stt/realtime`, protocols, headers);
  const s = session(ws);
  ws.send(JSON.stringify({ type: 'start', sample_rate: 16000 }));
  sendPcm(ws, speech(TEXT_AR, 16000, VOICES.noura), 16000);
  ws.send(JSON.stringify({ action: 'close_stream' }));
  const done = await s.done;
  return { ws, ...done };
}

describe('relaying sessions', () => {
  it('relays a realtime STT session frame for frame, in order, as the upstream answers it directly', async () => {
    const headers = { Authorization: `Bearer ${pair.upstream.keys.test}` };
    const direct = await realtimeSession(pair.upstream.baseUrl, [], headers);
    const proxied = await realtimeSession(pair.proxy.baseUrl, [], headers);
    expect(proxied.code).toBe(1000);
    const shape = (frames: { type: string; text?: string }[]) =>
      frames.map((f) => `${f.type}:${f.text ?? ''}`);
    expect(shape(proxied.frames)).toEqual(shape(direct.frames));
    expect(proxied.frames.at(-1)).toMatchObject({ type: 'completed', text: TEXT_AR });

    const entry = (await pair.proxy.admin.requests.waitFor({ path: '/v1/stt/realtime' })) as any;
    expect(entry).toMatchObject({
      kind: 'websocket',
      status: 101,
      proxied: true,
      operation_id: 'stt.realtime',
      contract_violations: [],
    });
    expect(entry.websocket).toMatchObject({
      close_code: 1000,
      close_stream_sent: true,
      frames_out: proxied.frames.length,
    });
  });

  it('passes a ws-token minted through the proxy to the upstream and selects it as the subprotocol', async () => {
    const minted = await fetch(`${pair.proxy.baseUrl}/auth/ws-token`, {
      method: 'POST',
      headers: json(pair.upstream.keys.test),
      body: JSON.stringify({ scopes: ['stt:transcribe'] }),
    });
    expect(minted.status).toBe(201);
    const { token } = (await minted.json()) as { token: string };
    const { ws, code, frames } = await realtimeSession(pair.proxy.baseUrl, [token], {});
    expect(ws.protocol).toBe(token);
    expect(code).toBe(1000);
    expect(frames.at(-1)?.type).toBe('completed');
  });

  it('passes the upstream refusal of a handshake back as it came', async () => {
    const refusal = await refusedUpgrade(`${wsBase(pair.proxy.baseUrl)}/stt/realtime`, [], {
      Authorization: 'Bearer svc_test_nope',
    });
    expect(refusal.status).toBe(401);
    expect(JSON.parse(refusal.text)).toMatchObject({ status: 401, code: 'malformed_api_key' });
  });

  it('checks JSON frames in both directions and records the violations', async () => {
    const scope = 'ws-frame-violation';
    const ws = await openWs(`${wsBase(pair.proxy.baseUrl)}/stt/realtime`, [], {
      Authorization: `Bearer ${pair.upstream.keys.test}`,
      'X-Emulator-Scope': scope,
    });
    const s = session(ws);
    ws.send(JSON.stringify({ type: 'start', sample_rate: 12345 }));
    const done = await s.done;
    expect(done.frames[0].type).toBe('error');
    const entry = (await pair.proxy.admin.requests.waitFor({ scope })) as any;
    expect(entry.contract_violations).toEqual([
      expect.objectContaining({ where: 'client frame 1', value: 12345 }),
    ]);
  });
});

describe('faults in front of the upstream', () => {
  it('closes a proxied session with a ws_close fault of the proxy', async () => {
    await pair.proxy.admin.faults.add({
      kind: 'ws_close',
      close_code: 4500,
      after_frames: 1,
      times: 1,
      match: { operation: 'stt.realtime' },
    } as any);
    const { code } = await realtimeSession(pair.proxy.baseUrl, [], {
      Authorization: `Bearer ${pair.upstream.keys.test}`,
    });
    expect(code).toBe(4500);
  });

  it('refuses the upgrade with an error fault before the upstream is asked', async () => {
    await pair.proxy.admin.faults.add({
      kind: 'error',
      status: 429,
      times: 1,
      match: { operation: 'stt.realtime' },
    } as any);
    // Counted by scope: the previous test's session may still be reaching the upstream's journal.
    const scope = 'ws-fault-refused';
    const refusal = await refusedUpgrade(`${wsBase(pair.proxy.baseUrl)}/stt/realtime`, [], {
      Authorization: `Bearer ${pair.upstream.keys.test}`,
      'X-Emulator-Scope': scope,
    });
    expect(refusal.status).toBe(429);
    expect((await pair.proxy.admin.requests.waitFor({ scope })) as any).toMatchObject({ status: 429 });
    expect(await pair.upstream.emulator.part('journal').list({ scope })).toHaveLength(0);
  });
});
