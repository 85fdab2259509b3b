/**
 * Issue 11, item 6: the event loop stays free while heavy work runs. The emulator runs in this process
 * (so `monitorEventLoopDelay` sees its loop); a child process generates the load — TTS streams, STT uploads
 * (sync and jobs), RAG uploads — and probes `GET /_emulator/health` and `POST /v1/auth/ws-token` every 20 ms,
 * reporting what a client saw.
 *
 *   npx tsx bench/event-loop.bench.ts [--seconds 20] [--streams 4] [--uploads 2]
 */
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startEmulator } from '../src/app/library.js';
import { argNumber, load1, summarize } from './lib.js';

const SECONDS = argNumber('seconds', 20);
const STREAMS = argNumber('streams', 4);
const UPLOADS = argNumber('uploads', 2);

const CHILD = String.raw`
const { BASE, ADMIN, KEY, SECONDS, STREAMS, UPLOADS } = process.env;
const end = Date.now() + Number(SECONDS) * 1000;
const auth = { Authorization: 'Bearer ' + KEY };
function wav(seconds, rate = 16000) {
  const n = seconds * rate, buf = Buffer.alloc(44 + n * 2);
  buf.write('RIFF', 0); buf.writeUInt32LE(36 + n * 2, 4); buf.write('WAVEfmt ', 8); buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); buf.writeUInt16LE(1, 22); buf.writeUInt32LE(rate, 24); buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32); buf.writeUInt16LE(16, 34); buf.write('data', 36); buf.writeUInt32LE(n * 2, 40);
  let x = 1; for (let i = 0; i < n; i++) { x = (x * 1103515245 + 12345) & 0x7fffffff; buf.writeInt16LE((x % 8000) - 4000, 44 + i * 2); }
  return buf;
}
const base = 'أهلا وسهلا بكم في خدمة العملاء، كيف يمكننا مساعدتك اليوم؟ '.repeat(9).slice(0, 490);
// Each stream's text ends in its own word (a counter in Arabic letters), so every stream is rendered: the TTS
// clip cache would otherwise answer repeats without work.
const LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';
let streams = 0;
function nextText() { let n = ++streams, w = ''; do { w += LETTERS[n % 28]; n = Math.floor(n / 28); } while (n > 0); return base + ' ' + w; }
const counts = { tts: 0, stt: 0, rag: 0, errors: 0 };
async function loop(fn) { while (Date.now() < end) { try { await fn(); } catch { counts.errors++; } } }
async function tts() {
  const res = await fetch(BASE + '/tts/stream', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ text: nextText(), voice: 'ar-SA-noura' }) });
  for await (const _ of res.body) { /* drain */ }
  counts.tts++;
}
const short = wav(20), long = wav(90);
let turn = 0;
async function stt() {
  const form = new FormData();
  form.append('file', new Blob([turn++ % 2 ? long : short], { type: 'audio/wav' }), 'a.wav');
  const res = await fetch(BASE + '/stt/transcriptions', { method: 'POST', headers: auth, body: form });
  await res.arrayBuffer();
  counts.stt++;
}
const doc = Buffer.from(('# عنوان\n\n' + 'فقرة من النص العربي للبحث والاسترجاع. '.repeat(40) + '\n\n').repeat(120));
async function rag() {
  const form = new FormData();
  form.append('file', new Blob([doc], { type: 'text/markdown' }), 'doc.md');
  form.append('title', 'bench');
  const res = await fetch(BASE + '/rag/documents', { method: 'POST', headers: auth, body: form });
  await res.arrayBuffer();
  counts.rag++;
}
const health = [], cheap = [];
async function probe() {
  while (Date.now() < end) {
    let t = performance.now();
    await (await fetch(ADMIN + '/health')).arrayBuffer();
    health.push(performance.now() - t);
    t = performance.now();
    await (await fetch(BASE + '/auth/ws-token', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{"scopes":["tts:speak"]}' })).arrayBuffer();
    cheap.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const jobs = [probe()];
for (let i = 0; i < Number(STREAMS); i++) jobs.push(loop(tts));
for (let i = 0; i < Number(UPLOADS); i++) jobs.push(loop(stt));
jobs.push(loop(rag));
Promise.all(jobs).then(() => { process.stdout.write(JSON.stringify({ health, cheap, counts })); });
`;

async function main(): Promise<void> {
  const emu = await startEmulator({
    port: 0,
    seed: 'event-loop-bench',
    logLevel: 'silent',
    rateLimits: { live: { limit: 1_000_000, windowSeconds: 60 } },
    demo: { credits: 100_000_000 },
  });
  await emu.emulator.ready();
  const loadBefore = load1();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
    env: {
      ...process.env,
      BASE: emu.baseUrl,
      ADMIN: emu.adminUrl,
      KEY: emu.keys.live,
      SECONDS: String(SECONDS),
      STREAMS: String(STREAMS),
      UPLOADS: String(UPLOADS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise<void>((resolve) => child.once('close', () => resolve()));
  delay.disable();
  const result = JSON.parse(out) as { health: number[]; cheap: number[]; counts: Record<string, number> };
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const h = summarize(result.health);
  const c = summarize(result.cheap);
  console.log(
    `event loop under load (${SECONDS} s, ${STREAMS} TTS streams, ${UPLOADS} STT upload loops, 1 RAG upload loop; load ${loadBefore} → ${load1()})`,
  );
  console.log(`  work done: ${JSON.stringify(result.counts)}`);
  console.log(
    `  GET /_emulator/health: n=${h.n} p50 ${h.p50.toFixed(1)} ms, p99 ${h.p99.toFixed(1)} ms, max ${h.max.toFixed(1)} ms`,
  );
  console.log(
    `  POST /v1/auth/ws-token: n=${c.n} p50 ${c.p50.toFixed(1)} ms, p99 ${c.p99.toFixed(1)} ms, max ${c.max.toFixed(1)} ms`,
  );
  console.log(
    `  event-loop delay: p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`,
  );
  await emu.close();
}

await main();
