/**
 * Load (issue 8, "Load, soak and faults"), one emulator in this process on port 0, loopback only:
 *  1. Mixed authenticated HTTP traffic with autocannon: 100 connections in all, 25 per route, for `--seconds`
 *     (default 60): POST /v1/tts (short texts), POST /v1/stt/transcriptions (a 1.5 s WAV of the synthetic
 *     voice, multipart body built once), POST /v1/rag/search (retrieve), POST /v1/auth/ws-token.
 *     Any non-2xx answer or socket error counts as an error; the goal is zero.
 *  2. `--sockets` (default 500) concurrent WS /v1/stt/realtime streams with Bearer auth, each sending a start
 *     frame, then `--rt-seconds` (default 10) of 16 kHz PCM of the synthetic voice in 20 ms frames at real-time
 *     pace (one pacing loop for all), then close_stream, and awaiting `completed`.
 * The live key gets a rate limit of 1e9 per minute and the demo organization 1e12 credits, so nothing is
 * refused for quota. Client and server share this process (and its RSS and event loop).
 * Run: npx tsx bench/load.bench.ts [--seconds 60] [--sockets 500] [--rt-seconds 10]
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { encodeWav } from '../src/audio/index.js';
import { createEmulator } from '../src/app/emulator.js';
import { synthesize } from '../src/tts/voice/index.js';
import { argNumber, load1, mib, runAutocannon, summarize } from './lib.js';
import { RATE, runRealtime, voicePcm } from './realtime-streams.js';

const SECONDS = argNumber('seconds', 60);
const SOCKETS = argNumber('sockets', 500);
const RT_SECONDS = argNumber('rt-seconds', 10);
const CONNECTIONS_PER_ROUTE = 25;

const TTS_TEXTS = ['مرحبا بكم', 'كيف يمكنني مساعدتك اليوم؟', 'شكرا لاتصالك بنا', 'The order ships tomorrow'];
const RAG_QUERIES = [
  'سياسة الإجازة السنوية',
  'annual leave policy',
  'كلمة المرور',
  'travel expenses',
  'أمن المعلومات',
];

interface RouteResult {
  route: string;
  requests: number;
  errors: number;
  latencies: number[];
  statuses: Record<string, number>;
}

function multipartWav(): { body: Buffer; contentType: string } {
  const pcm = synthesize('مرحبا بكم', { voiceIndex: 0, speed: 1, sampleRate: RATE });
  const wav = encodeWav(pcm, RATE);
  const boundary = '----svc-emulator-load-bench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(
    `\r\n--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nar\r\n--${boundary}--\r\n`,
  );
  return { body: Buffer.concat([head, wav, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function http(baseUrl: string, key: string): Promise<RouteResult[]> {
  const auth = { Authorization: `Bearer ${key}` };
  const json = { ...auth, 'Content-Type': 'application/json' };
  const stt = multipartWav();
  let n = 0;
  const routes: { route: string; opts: autocannon.Options }[] = [
    {
      route: 'POST /v1/tts',
      opts: {
        url: `${baseUrl}/tts`,
        method: 'POST',
        headers: json,
        requests: TTS_TEXTS.map((text) => ({
          body: JSON.stringify({ text, voice: 'ar-SA-noura', quality: 'fast' }),
        })),
      },
    },
    {
      route: 'POST /v1/stt/transcriptions',
      opts: {
        url: `${baseUrl}/stt/transcriptions`,
        method: 'POST',
        headers: { ...auth, 'Content-Type': stt.contentType },
        body: stt.body,
      },
    },
    {
      route: 'POST /v1/rag/search',
      opts: {
        url: `${baseUrl}/rag/search`,
        method: 'POST',
        headers: json,
        requests: RAG_QUERIES.map((query) => ({
          body: JSON.stringify({ query, mode: 'retrieve', top_k: 5 }),
        })),
      },
    },
    {
      route: 'POST /v1/auth/ws-token',
      opts: {
        url: `${baseUrl}/auth/ws-token`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ scopes: ['stt:transcribe'] }),
      },
    },
  ];
  const runs = routes.map(async ({ route, opts }) => {
    const result: RouteResult = { route, requests: 0, errors: 0, latencies: [], statuses: {} };
    const done = await runAutocannon(
      { ...opts, connections: CONNECTIONS_PER_ROUTE, duration: SECONDS, timeout: 30 },
      (status, ms) => {
        n++;
        result.requests++;
        result.latencies.push(ms);
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        if (status < 200 || status > 299) result.errors++;
      },
    );
    result.errors += done.errors + done.timeouts;
    return result;
  });
  const progress = setInterval(() => console.error(`  … ${n} responses, load ${load1()}`), 10_000);
  try {
    return await Promise.all(runs);
  } finally {
    clearInterval(progress);
  }
}

function row(r: RouteResult, seconds: number): string {
  const s = summarize(r.latencies);
  return `| ${r.route} | ${r.requests} | ${r.errors} | ${s.p50.toFixed(0)} ms | ${s.p99.toFixed(0)} ms | ${(r.requests / seconds).toFixed(0)} |`;
}

async function main(): Promise<void> {
  const emulator = await createEmulator({
    logLevel: 'silent',
    seed: 'load-bench',
    rateLimits: { live: { limit: 1e9, windowSeconds: 60 } },
    demo: { credits: 1e12 },
  });
  await emulator.ready();
  const { baseUrl } = await emulator.listen(0, '127.0.0.1');
  const key = emulator.demo.keys.live;

  console.log(`## HTTP mix: ${CONNECTIONS_PER_ROUTE * 4} connections, ${SECONDS} s (load before ${load1()})`);
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const results = await http(baseUrl, key);
  const wall = (performance.now() - t0) / 1000;
  const rssAfter = process.memoryUsage().rss;
  console.log('| route | requests | errors | p50 | p99 | req/s |\n|---|---|---|---|---|---|');
  for (const r of results) console.log(row(r, wall));
  const all: RouteResult = {
    route: 'overall',
    requests: results.reduce((a, r) => a + r.requests, 0),
    errors: results.reduce((a, r) => a + r.errors, 0),
    latencies: results.flatMap((r) => r.latencies),
    statuses: {},
  };
  console.log(row(all, wall));
  for (const r of results)
    if (r.errors > 0) console.log(`  ${r.route} statuses: ${JSON.stringify(r.statuses)}`);
  console.log(`RSS before ${mib(rssBefore)}, after ${mib(rssAfter)} (load after ${load1()})`);

  console.log(`\n## Realtime STT: ${SOCKETS} sockets × ${RT_SECONDS} s of audio (load before ${load1()})`);
  const rtBefore = process.memoryUsage().rss;
  const rt = await runRealtime({ baseUrl, key, sockets: SOCKETS, audio: voicePcm(RT_SECONDS) });
  const rtAfter = process.memoryUsage().rss;
  const c = summarize(rt.toCompleted);
  const lag = summarize(rt.finalLag);
  console.log(
    `opened ${rt.opened}/${SOCKETS}, completed ${rt.completed}/${SOCKETS}, errors ${rt.errors.length}`,
  );
  if (rt.errors.length > 0) console.log(`  first errors: ${[...new Set(rt.errors)].slice(0, 5).join('; ')}`);
  console.log(
    `close_stream → completed: p50 ${c.p50.toFixed(0)} ms, p99 ${c.p99.toFixed(0)} ms, max ${c.max.toFixed(0)} ms`,
  );
  console.log(
    `final-frame lag (${lag.n} finals): p50 ${lag.p50.toFixed(0)} ms, p99 ${lag.p99.toFixed(0)} ms, max ${lag.max.toFixed(0)} ms`,
  );
  console.log(`RSS before ${mib(rtBefore)}, after ${mib(rtAfter)} (load after ${load1()})`);
  await emulator.close();
  const failed = all.errors + rt.errors.length + (SOCKETS - rt.completed);
  console.log(`\nRESULT load: ${failed === 0 ? 'ok' : `${failed} errors`}`);
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
