/**
 * TTS clip cache benchmark (issue 15): a repeated 500-character MP3 request (`POST /v1/tts`, standard tier)
 * with the cache on (default 32 MiB) and off (`ttsCacheMb: 0`), side by side: two emulators in this process
 * on port 0, real HTTP over loopback, rounds alternating between them. Every request goes through the whole
 * pipeline (authentication, rate limit, precheck, faults stage, journal, metering).
 *
 * Reports per side: median, p90, p99 of the total request time (sent → last byte), and for the cached side
 * the same for `/v1/tts/stream` (sent → last byte) and the cache's counters at the end.
 * Run: npx tsx bench/tts-cache.bench.ts [rounds=3] [cachedPerRound=100] [renderedPerRound=10]
 */
import { Agent, request, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { createEmulator, type Emulator } from '../src/app/emulator.js';
import { fmt, load1, summarize } from './lib.js';

const ROUNDS = Number(process.argv[2] ?? 3);
const CACHED_PER_ROUND = Number(process.argv[3] ?? 100);
const RENDERED_PER_ROUND = Number(process.argv[4] ?? 10);
const TEXT = (() => {
  const base = 'أهلا وسهلا بكم في خدمة العملاء، كيف يمكننا مساعدتك اليوم؟ ';
  return [...base.repeat(10)].slice(0, 500).join('');
})();
const BODY = JSON.stringify({ text: TEXT, voice: 'ar-SA-noura' });

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

interface Side {
  name: string;
  emulator: Emulator;
  port: number;
  key: string;
}

async function side(name: string, ttsCacheMb: number): Promise<Side> {
  const emulator = await createEmulator({
    seed: 'bench',
    logLevel: 'silent',
    demo: { credits: 1e9 },
    rateLimits: { live: { limit: 1e9, windowSeconds: 60 } },
    ttsCacheMb,
  });
  const { port } = await emulator.listen(0, '127.0.0.1');
  return { name, emulator, port, key: emulator.demo.keys.live };
}

/** One request, timed from send to its last byte; resolves with the milliseconds and the body size. */
function timed(s: Side, path: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const headers = {
      Authorization: `Bearer ${s.key}`,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(BODY),
      Accept: 'audio/mpeg',
    };
    const t0 = performance.now();
    const req = request(
      { host: '127.0.0.1', port: s.port, path, method: 'POST', headers, agent },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.once('end', () => resolve({ ms: performance.now() - t0, bytes }));
        res.once('error', reject);
      },
    );
    req.on('error', reject);
    req.end(BODY);
  });
}

async function series(s: Side, path: string, n: number, into: number[]): Promise<number> {
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const r = await timed(s, path);
    into.push(r.ms);
    bytes = r.bytes;
  }
  return bytes;
}

const line = (label: string, xs: number[]) => {
  const s = summarize(xs);
  return `${label}: n ${s.n}, median ${fmt(s.p50)}, p90 ${fmt(s.p90)}, p99 ${fmt(s.p99)}, max ${fmt(s.max)}`;
};

async function main(): Promise<void> {
  const on = await side('cache on (32 MiB)', 32);
  const off = await side('cache off (0)', 0);
  console.log(`node ${process.version}, ${cpus().length} CPUs, load average (1 min) ${load1()} at start`);
  // Warm both: the HTTP path, the worker threads, the encoder; and the cached side's one render.
  for (const s of [on, off]) await series(s, '/v1/tts', 3, []);
  const cachedClip: number[] = [];
  const cachedStream: number[] = [];
  const rendered: number[] = [];
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    bytes = await series(on, '/v1/tts', CACHED_PER_ROUND, cachedClip);
    await series(off, '/v1/tts', RENDERED_PER_ROUND, rendered);
    await series(on, '/v1/tts/stream', CACHED_PER_ROUND, cachedStream);
  }
  console.log(
    `repeated 500-character MP3 request (${(bytes / 1024).toFixed(0)} KiB), ${ROUNDS} alternating rounds:`,
  );
  console.log(`  ${line(`POST /v1/tts, ${on.name}`, cachedClip)}`);
  console.log(`  ${line(`POST /v1/tts, ${off.name}`, rendered)}`);
  console.log(`  ${line(`POST /v1/tts/stream, ${on.name}`, cachedStream)}`);
  console.log(
    `  speed-up of the median: ${(summarize(rendered).p50 / summarize(cachedClip).p50).toFixed(0)}×`,
  );
  console.log(`  counters (cache on): ${JSON.stringify(await cacheStats(on))}`);
  console.log(`load average (1 min) ${load1()} at the end`);
  agent.destroy();
  await Promise.all([on.emulator.close(), off.emulator.close()]);
}

async function cacheStats(s: Side): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${s.port}/_emulator/tts/cache`);
  return res.json();
}

await main();
