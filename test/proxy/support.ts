/**
 * Proxy tests run two real emulators on 127.0.0.1, port 0: an upstream standing in for the real gateway
 * (made to differ with faults or a test-only handler), and the emulator under test in front of it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import type { EmulatorOptions } from '../../src/app/config.js';
import { sendJson } from '../../src/http/context.js';
import { spyHandler } from '../support/emulator.js';
import { closed, openWs } from '../support/ws.js';

export interface Pair {
  upstream: RunningEmulator;
  proxy: RunningEmulator;
  dir: string;
  close(): Promise<void>;
}

export async function startPair(
  options: EmulatorOptions = {},
  upstreamOptions: EmulatorOptions = {},
): Promise<Pair> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-proxy-'));
  const upstream = await startEmulator({
    port: 0,
    seed: 'proxy-upstream',
    logLevel: 'silent',
    ...upstreamOptions,
  });
  const proxy = await startEmulator({
    port: 0,
    seed: 'proxy-front',
    logLevel: 'silent',
    proxyTo: upstream.baseUrl,
    record: dir,
    ...options,
  });
  return {
    upstream,
    proxy,
    dir,
    async close() {
      await proxy.close();
      await upstream.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every file of a folder, with its text. */
export function filesOf(dir: string): { name: string; text: string }[] {
  return readdirSync(dir).map((name) => ({ name, text: readFileSync(join(dir, name), 'latin1') }));
}

export function exchangesOf(dir: string): any[] {
  return readdirSync(dir)
    .filter((f) => /^\d{6}-.*\.json$/.test(f))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
}

export const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
export const json = (key: string) => ({ ...auth(key), 'Content-Type': 'application/json' });

export const TTS_BODY = { text: 'مرحبا بكم', voice: 'ar-SA-noura' };
export const SEARCH_BODY = { query: 'الاجازه السنويه', mode: 'retrieve', top_k: 3 };

/**
 * Traffic recorded through the proxy: a TTS clip, an upload, a ws-token, a realtime session with it, and a
 * RAG search. With `differ`, the upstream answers the search with an extra field and a second TTS call
 * with an injected 429, so the recording drifts from the emulator.
 */
export async function recordTraffic(
  pair: Pair,
  opts: { differ: boolean; wav: Buffer; pcm: Buffer },
): Promise<{ token: string }> {
  const key = pair.upstream.keys.test;
  const base = pair.proxy.baseUrl;
  const ok = async (res: Response, status: number) => {
    if (res.status !== status) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  await ok(
    await fetch(`${base}/tts`, { method: 'POST', headers: json(key), body: JSON.stringify(TTS_BODY) }),
    200,
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(opts.wav)], { type: 'audio/wav' }), 'hello.wav');
  form.append('language', 'ar');
  await ok(
    await fetch(`${base}/stt/transcriptions`, { method: 'POST', headers: auth(key), body: form }),
    200,
  );
  const minted = await fetch(`${base}/auth/ws-token`, {
    method: 'POST',
    headers: json(key),
    body: JSON.stringify({ scopes: ['stt:transcribe'] }),
  });
  const { token } = (await minted.json()) as { token: string };
  const ws = await openWs(`${base.replace(/^http/, 'ws')}/stt/realtime`, [token]);
  const done = closed(ws);
  ws.send(JSON.stringify({ type: 'start', sample_rate: 16000 }));
  for (let off = 0; off < opts.pcm.length; off += 640) ws.send(opts.pcm.subarray(off, off + 640));
  ws.send(JSON.stringify({ action: 'close_stream' }));
  await done;
  await pair.proxy.admin.requests.waitFor({ path: '/v1/stt/realtime' });
  if (opts.differ) {
    // The test-only hook: the upstream's search results carry a field the emulator does not send.
    pair.upstream.emulator.handlers.set(
      'rag.search',
      spyHandler(async (ctx) =>
        sendJson(ctx, 200, {
          mode: 'retrieve',
          results: [{ document_id: 'doc_1', score: 0.9, highlight: 'x' }],
          search_time_ms: 3,
        }),
      ),
    );
    await pair.upstream.admin.faults.add({
      kind: 'error',
      status: 429,
      times: 1,
      match: { operation: 'tts.speak' },
    } as any);
    await ok(
      await fetch(`${base}/tts`, {
        method: 'POST',
        headers: json(key),
        body: JSON.stringify({ ...TTS_BODY, text: 'حد' }),
      }),
      429,
    );
  }
  await ok(
    await fetch(`${base}/rag/search`, {
      method: 'POST',
      headers: json(key),
      body: JSON.stringify(SEARCH_BODY),
    }),
    200,
  );
  return { token };
}
