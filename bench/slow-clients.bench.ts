/**
 * Slow clients (issue 8), one emulator in this process on port 0, loopback only, default timeouts:
 *  1. `--slowloris` (default 200) sockets send a header one byte every 100 ms; meanwhile GET /_emulator/health is
 *     timed; every slow socket must be dropped soon after the 10 s header timeout.
 *  2. `--readers` (default 50) clients request a 500-character /v1/tts/stream and never read; health keeps being
 *     served and the heap stays bounded; the server abandons them after its 30 s stall timeout.
 *  3. A webhook receiver that accepts and never answers; `--events` (default 2000) events via
 *     POST /_emulator/webhooks/trigger; attempts time out at 5 s; heap sampled.
 * Run: npx tsx --expose-gc bench/slow-clients.bench.ts [--slowloris 200] [--readers 50] [--events 2000]
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { SERVER_TIMEOUTS, createEmulator } from '../src/app/emulator.js';
import { STREAM_STALL_TIMEOUT_MS } from '../src/tts/routes.js';
import { argNumber, load1, mib, summarize } from './lib.js';

const SLOWLORIS = argNumber('slowloris', 200);
const READERS = argNumber('readers', 50);
const EVENTS = argNumber('events', 2000);

function heap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

async function timedHealth(
  origin: string,
  until: Promise<unknown>,
): Promise<{ served: number; p99: number; max: number }> {
  let done = false;
  void until.then(() => (done = true));
  const ms: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(`${origin}/_emulator/health`);
    await res.arrayBuffer();
    if (res.status === 200) ms.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  const s = summarize(ms);
  return { served: s.n, p99: s.p99, max: s.max };
}

function socketTo(port: number): Promise<Socket> {
  const s = connect(port, '127.0.0.1');
  s.on('error', () => undefined);
  return once(s, 'connect').then(() => s);
}

async function main(): Promise<void> {
  const emulator = await createEmulator({
    logLevel: 'silent',
    seed: 'slow-bench',
    rateLimits: { live: { limit: 1e9, windowSeconds: 60 } },
    demo: { credits: 1e12 },
  });
  const { port, adminUrl } = await emulator.listen(0, '127.0.0.1');
  const origin = `http://127.0.0.1:${port}`;

  // 1. Slowloris.
  const header = Buffer.from(`GET /_emulator/health HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(4000)}`);
  const slow = await Promise.all(Array.from({ length: SLOWLORIS }, () => socketTo(port)));
  const t0 = performance.now();
  const dropTimes: number[] = [];
  const dropped = Promise.all(
    slow.map((s) => once(s, 'close').then(() => dropTimes.push(performance.now() - t0))),
  );
  let i = 0;
  const trickle = setInterval(() => {
    for (const s of slow) if (!s.destroyed) s.write(header.subarray(i, i + 1));
    i++;
  }, 100);
  const guard = setTimeout(() => slow.forEach((s) => s.destroy()), 60_000);
  const h1 = await timedHealth(origin, dropped);
  clearInterval(trickle);
  clearTimeout(guard);
  const d = summarize(dropTimes);
  console.log(
    `## Slowloris: ${SLOWLORIS} sockets, 1 header byte / 100 ms (headersTimeout ${SERVER_TIMEOUTS.headersMs} ms, load ${load1()})`,
  );
  console.log(
    `dropped ${dropTimes.length}/${SLOWLORIS}, after p50 ${(d.p50 / 1000).toFixed(1)} s, max ${(d.max / 1000).toFixed(1)} s; meanwhile health served ${h1.served}×, p99 ${h1.p99.toFixed(0)} ms, max ${h1.max.toFixed(0)} ms`,
  );

  // 2. Clients that never read a stream.
  const heapBefore = heap();
  const body = JSON.stringify({
    text: [...'أهلا وسهلا بكم في خدمة العملاء، كيف يمكننا مساعدتك اليوم؟ '.repeat(10)].slice(0, 500).join(''),
    voice: 'ar-SA-noura',
  });
  const readers = await Promise.all(Array.from({ length: READERS }, () => socketTo(port)));
  const t1 = performance.now();
  const readerDrops: number[] = [];
  const readersDropped = Promise.all(
    readers.map((s) => once(s, 'close').then(() => readerDrops.push(performance.now() - t1))),
  );
  for (const s of readers) {
    s.pause();
    s.write(
      `POST /v1/tts/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${emulator.demo.keys.live}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  const guard2 = setTimeout(() => readers.forEach((s) => s.destroy()), STREAM_STALL_TIMEOUT_MS + 60_000);
  const h2 = await timedHealth(origin, readersDropped);
  clearTimeout(guard2);
  const heapAfter = heap();
  const r = summarize(readerDrops);
  console.log(
    `\n## Streams never read: ${READERS} × 500-character /v1/tts/stream (stall timeout ${STREAM_STALL_TIMEOUT_MS} ms, load ${load1()})`,
  );
  console.log(
    `abandoned by the server ${readerDrops.length}/${READERS}, after p50 ${(r.p50 / 1000).toFixed(1)} s, max ${(r.max / 1000).toFixed(1)} s; health served ${h2.served}×, p99 ${h2.p99.toFixed(0)} ms; heap ${mib(heapBefore)} → ${mib(heapAfter)}`,
  );

  // 3. Webhook receiver that never answers.
  const hanging: ServerResponse[] = [];
  const receiver = createServer((_req, res) => void hanging.push(res));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const admin = (path: string, payload: unknown) =>
    fetch(`${adminUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    });
  await admin(`/orgs/${emulator.demo.orgId}/webhook-endpoints`, { url: hookUrl, events: ['ping'] });
  const heap0 = heap();
  const samples: string[] = [];
  for (let n = 0; n < EVENTS; n++) {
    await admin('/webhooks/trigger', { org_id: emulator.demo.orgId, event: 'ping' });
    if ((n + 1) % Math.max(1, Math.floor(EVENTS / 4)) === 0) samples.push(`${n + 1}: ${mib(heap())}`);
  }
  const first = await emulator.part('webhooks').waitFor({ minAttempts: 1 }, 30_000);
  await new Promise((r) => setTimeout(r, 12_000)); // two more 5 s timeout waves
  const heap1 = heap();
  const latencies = (await emulator.part('webhooks').deliveries({ limit: 1000 })).flatMap((dl) =>
    dl.attempts.map((a) => a.latencyMs),
  );
  const l = summarize(latencies);
  console.log(`\n## Webhook receiver that never answers: ${EVENTS} events (load ${load1()})`);
  console.log(
    `first attempt: ${first?.attempts[0]?.error ?? 'none'}; attempt latency p50 ${l.p50} ms, max ${l.max} ms over ${l.n} attempts; connections held by the receiver ${hanging.length}`,
  );
  console.log(
    `heap ${mib(heap0)} → ${samples.join(', ')} → 12 s later ${mib(heap1)}; listed deliveries ${(await emulator.part('webhooks').deliveries({ limit: 100000 })).length}`,
  );

  receiver.closeAllConnections();
  receiver.close();
  await emulator.close();
  const ok =
    dropTimes.length === SLOWLORIS && h1.served > 0 && h2.served > 0 && readerDrops.length === READERS;
  console.log(`\nRESULT slow-clients: ${ok ? 'ok' : 'not ok'}`);
  process.exitCode = ok ? 0 : 1;
}

await main();
