/**
 * TTS benchmark (issue 4), one emulator in this process on port 0, real HTTP over loopback:
 *  1. /v1/tts/stream, 500 characters: time to first audio byte, p50/p90 over 200 warm requests (each
 *     stream is cut after its first byte, which the server treats as a disconnect and stops encoding);
 *  2. /v1/tts, 500 characters, MP3 and WAV: median total time;
 *  3. 8 concurrent full 500-character streams: throughput, health-check latency meanwhile, and the worst
 *     event-loop delay (perf_hooks.monitorEventLoopDelay).
 * Run: npx tsx bench/tts.bench.ts [ttfbRequests=200] [mp3Encoder=wasm|lamejs]
 * CPU use during (3) is the process's user + system time over wall time (all threads: 2.0 = both cores busy).
 */
import { Agent, request, type IncomingMessage } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import { createEmulator } from '../src/app/emulator.js';

const TTFB_REQUESTS = Number(process.argv[2] ?? 200);
const MP3_ENCODER = (process.argv[3] ?? 'wasm') as 'wasm' | 'lamejs';
const TEXT = (() => {
  const base = 'أهلا وسهلا بكم في خدمة العملاء، كيف يمكننا مساعدتك اليوم؟ ';
  return [...base.repeat(10)].slice(0, 500).join('');
})();

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
let port = 0;
let key = '';

function post(
  path: string,
  body: unknown,
  accept?: string,
): Promise<{ res: IncomingMessage; sentAt: number }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(payload),
    };
    if (accept) headers.Accept = accept;
    const sentAt = performance.now();
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent }, (res) =>
      resolve({ res, sentAt }),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function drain(res: IncomingMessage): Promise<number> {
  return new Promise((resolve, reject) => {
    let n = 0;
    res.on('data', (c: Buffer) => (n += c.length));
    res.once('end', () => resolve(n));
    res.once('error', reject);
  });
}

async function ttfb(): Promise<number> {
  const { res, sentAt } = await post('/v1/tts/stream', { text: TEXT, voice: 'ar-SA-noura' });
  if (res.statusCode !== 200) throw new Error(`stream answered ${res.statusCode}`);
  return new Promise((resolve) => {
    res.once('data', () => {
      const ms = performance.now() - sentAt;
      res.on('error', () => undefined);
      res.destroy();
      resolve(ms);
    });
  });
}

async function total(accept: string): Promise<{ ms: number; bytes: number }> {
  const { res, sentAt } = await post('/v1/tts', { text: TEXT, voice: 'ar-SA-noura' }, accept);
  const bytes = await drain(res);
  return { ms: performance.now() - sentAt, bytes };
}

async function healthMs(): Promise<number> {
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/_emulator/health', agent }, (res) => {
      res.resume();
      res.once('end', () => resolve());
    })
      .on('error', reject)
      .end();
  });
  return performance.now() - t0;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const f = (x: number) => x.toFixed(1);

async function main(): Promise<void> {
  const bootStart = performance.now();
  // The clip cache off: every request here renders (the cache has its own benchmark, tts-cache.bench.ts).
  const emulator = await createEmulator({
    seed: 'bench',
    logLevel: 'silent',
    demo: { credits: 1e9 },
    mp3Encoder: MP3_ENCODER,
    ttsCacheMb: 0,
  });
  const bootMs = performance.now() - bootStart;
  ({ port } = await emulator.listen(0, '127.0.0.1'));
  key = emulator.demo.keys.live;
  console.log(
    `node ${process.version}, ${cpus().length} CPUs, mp3 encoder ${MP3_ENCODER}, load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(`emulator boot: ${f(bootMs)} ms`);

  // Warm: the HTTP path, the synthesiser and the encoder.
  for (let i = 0; i < 20; i++) await ttfb();
  const ttfbs: number[] = [];
  for (let i = 0; i < TTFB_REQUESTS; i++) ttfbs.push(await ttfb());
  console.log(
    `/v1/tts/stream 500 chars TTFB over ${TTFB_REQUESTS}: p50 ${f(pct(ttfbs, 50))} ms, p90 ${f(pct(ttfbs, 90))} ms, p99 ${f(pct(ttfbs, 99))} ms, max ${f(Math.max(...ttfbs))} ms`,
  );

  for (const accept of ['audio/mpeg', 'audio/wav']) {
    const runs: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 7; i++) {
      const r = await total(accept);
      runs.push(r.ms);
      bytes = r.bytes;
    }
    console.log(
      `/v1/tts 500 chars ${accept}: median ${f(pct(runs, 50))} ms (${(bytes / 1024).toFixed(0)} KiB)`,
    );
  }

  const loop = monitorEventLoopDelay({ resolution: 5 });
  const streams = 16;
  let audioBytes = 0;
  const health: number[] = [];
  let running = true;
  const healthLoop = (async () => {
    while (running) health.push(await healthMs());
  })();
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < streams) {
        next++;
        const { res } = await post('/v1/tts/stream', { text: TEXT, voice: 'ar-SA-noura' });
        const n = await drain(res);
        audioBytes += n;
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  loop.disable();
  running = false;
  await healthLoop;
  // The standard tier is a constant 64 kbps, so bytes give the audio duration.
  const audioSeconds = (audioBytes * 8) / 64_000;
  console.log(
    `8 concurrent 500-char streams (${streams} in all): ${f(wall)} s wall, ${(streams / wall).toFixed(2)} streams/s, ` +
      `${f(audioSeconds / wall)} s of audio per second, ${(audioBytes / 1024 / 1024 / wall).toFixed(2)} MiB/s, ` +
      `CPU ${((cpu.user + cpu.system) / 1e6 / wall).toFixed(2)} cores`,
  );
  console.log(
    `  meanwhile: event-loop delay max ${f(loop.max / 1e6)} ms, p99 ${f(loop.percentile(99) / 1e6)} ms; ` +
      `health checks ${health.length}, p50 ${f(pct(health, 50))} ms, max ${f(Math.max(...health))} ms`,
  );
  agent.destroy();
  await emulator.close();
}

await main();
