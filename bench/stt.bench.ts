/**
 * STT benchmarks (`npx tsx bench/stt.bench.ts [--batch-only]`; figures in docs/benchmarks.md, section STT).
 * 1. Batch: decoded audio seconds per wall second through POST /v1/stt/transcriptions (multipart upload,
 *    decode and transcript on the worker pool) for 10 minutes of the synthetic voice as WAV and as MP3, and of foreign audio.
 * 2. Realtime: concurrent WS /v1/stt/realtime streams at real-time pace (20 ms frames of 16 kHz PCM, the
 *    synthetic voice). A final is on time when it arrives within 100 ms of the moment the audio that
 *    completes it was due to be sent. The stream count ramps up; the largest count with every final
 *    received and 95 % of them on time is reported (p99 and max are printed too). The emulator runs in its own process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { encodeMp3, encodeWav, float32ToS16le } from '../src/audio/index.js';
import { decode } from '../src/tts/voice/index.js';
import { summarize } from './lib.js';
import { voiceAudio as voiceOf } from './realtime-streams.js';

const RATE = 16000;
const TEN_MINUTES = 600;
const SENTENCES = [
  'مرحبا بكم في خدمة العملاء',
  'كيف يمكنني مساعدتك اليوم؟',
  'شكرا لاتصالك بنا، مع السلامة',
  'The order ships tomorrow',
];
const voiceAudio = (seconds: number, rate: number): Float32Array => voiceOf(seconds, rate, SENTENCES);

function noiseAndTones(seconds: number, rate: number): Float32Array {
  const out = new Float32Array(seconds * rate);
  let x = 12345;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const t = i / rate;
    out[i] =
      ((x >>> 0) / 4294967296 - 0.5) * 0.2 + 0.2 * Math.sin(2 * Math.PI * (300 + 200 * Math.sin(t / 3)) * t);
  }
  return out;
}

interface Running {
  child: ChildProcess;
  baseUrl: string;
  key: string;
}

async function startEmulator(): Promise<Running> {
  const config = join(tmpdir(), `stt-bench-${process.pid}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      stt: { syncMaxSeconds: 3600 },
      rateLimits: { live: { limit: 100000, windowSeconds: 60 } },
      demo: { credits: 1e9 },
    }),
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', '--port', '0', '--log-level', 'warn', '--config', config],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let baseUrl = '';
  let key = '';
  for await (const line of createInterface({ input: child.stdout })) {
    const ready = /ready at (http:\/\/\S+\/v1)/.exec(line);
    if (ready) baseUrl = ready[1];
    const live = /demo live key: (\S+)/.exec(line);
    if (live) key = live[1];
    if (baseUrl && key) break;
  }
  return { child, baseUrl, key };
}

async function batch(emu: Running, name: string, file: Buffer, seconds: number): Promise<string> {
  const runs: number[] = [];
  let text = '';
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.append('file', new Blob([file]), 'audio');
    const t0 = performance.now();
    const res = await fetch(`${emu.baseUrl}/stt/transcriptions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${emu.key}` },
      body: form,
    });
    const body = (await res.json()) as { text: string; duration_seconds: number };
    runs.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
    text = body.text;
  }
  const best = Math.min(...runs);
  const median = [...runs].sort((a, b) => a - b)[1];
  return `| ${name} | ${(file.length / 1048576).toFixed(1)} MiB | ${median.toFixed(0)} ms | ${(seconds / (median / 1000)).toFixed(0)}× (best ${(seconds / (best / 1000)).toFixed(0)}×) | ${text.split(' ').length} words |`;
}

interface StreamResult {
  lateness: number[];
  finals: number;
  expected: number;
}

/** `n` streams, each sending `pcm` at real-time pace in 20 ms frames from one shared pacing loop. */
async function realtime(
  emu: Running,
  n: number,
  pcm: Float32Array,
  expectedFinals: number,
): Promise<StreamResult> {
  const bytes = float32ToS16le(pcm);
  const frame = (RATE / 50) * 2;
  const frames = Math.ceil(bytes.length / frame);
  const url = emu.baseUrl.replace('http', 'ws') + '/stt/realtime';
  const sockets = await Promise.all(
    Array.from({ length: n }, async () => {
      const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${emu.key}` } });
      await once(ws, 'open');
      ws.send(JSON.stringify({ type: 'start', sample_rate: RATE, interim_results: false }));
      return ws;
    }),
  );
  const lateness: number[] = [];
  let finals = 0;
  const t0 = performance.now() + 50;
  const done = sockets.map(
    (ws) =>
      new Promise<void>((resolve) => {
        ws.on('message', (data: Buffer) => {
          const f = JSON.parse(data.toString()) as { type: string; duration_so_far?: number };
          if (f.type === 'final') {
            finals++;
            // The frame that completed this final was due at t0 + duration_so_far.
            lateness.push(performance.now() - (t0 + f.duration_so_far! * 1000));
          }
        });
        ws.once('close', () => resolve());
      }),
  );
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const due = Math.min(frames, Math.floor((performance.now() - t0) / 20) + 1);
      for (; sent < due; sent++)
        for (const ws of sockets) ws.send(bytes.subarray(sent * frame, (sent + 1) * frame));
      if (sent >= frames) {
        resolve();
        return;
      }
      setTimeout(tick, Math.max(0, t0 + sent * 20 - performance.now()));
    };
    setTimeout(tick, 50);
  });
  for (const ws of sockets) ws.send(JSON.stringify({ action: 'close_stream' }));
  await Promise.all(done);
  return { lateness, finals, expected: expectedFinals * n };
}

async function main(): Promise<void> {
  const emu = await startEmulator();
  try {
    console.log(
      `STT benchmarks, Node ${process.version}, ${new Date().toISOString()}, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
    console.log('| batch input (10 min) | size | wall time (median of 3) | x real time | transcript |');
    console.log('|---|---|---|---|---|');
    const voice16 = voiceAudio(TEN_MINUTES, RATE);
    console.log(await batch(emu, 'synthetic voice, WAV 16 kHz', encodeWav(voice16, RATE), TEN_MINUTES));
    const voice22 = voiceAudio(TEN_MINUTES, 22050);
    console.log(
      await batch(
        emu,
        'synthetic voice, MP3 22.05 kHz 64 kbps',
        await encodeMp3(voice22, 22050, 64),
        TEN_MINUTES,
      ),
    );
    console.log(
      await batch(
        emu,
        'synthetic voice, MP3 16 kHz 32 kbps',
        await encodeMp3(voice16, RATE, 32),
        TEN_MINUTES,
      ),
    );
    const foreign = noiseAndTones(TEN_MINUTES, RATE);
    console.log(
      await batch(emu, 'foreign (noise + sweep), WAV 16 kHz', encodeWav(foreign, RATE), TEN_MINUTES),
    );
    console.log(
      await batch(
        emu,
        'foreign (noise + sweep), MP3 16 kHz 32 kbps',
        await encodeMp3(foreign, RATE, 32),
        TEN_MINUTES,
      ),
    );

    if (process.argv.includes('--batch-only')) return;
    // Realtime: 8 s per stream (three utterances, then silence so every final comes while streaming).
    const speechPart = voiceAudio(8, RATE);
    const pcm = new Float32Array(speechPart.length + RATE / 2);
    pcm.set(speechPart);
    const expected = decode(pcm, RATE).length;
    console.log(
      '\n| concurrent streams | finals received | within 100 ms | lateness p50 | p95 | p99 | max | goal met |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    let best = 0;
    await realtime(emu, 20, pcm, expected); // warm-up: JIT of the decoder in the emulator process
    for (const n of [50, 100, 200, 300]) {
      const r = await realtime(emu, n, pcm, expected);
      const s = summarize(r.lateness);
      const within = r.lateness.filter((x) => x <= 100).length / Math.max(1, r.lateness.length);
      const p95 = [...r.lateness].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.95 * r.lateness.length) - 1)];
      const ok = r.finals === r.expected && p95 <= 100;
      console.log(
        `| ${n} | ${r.finals}/${r.expected} | ${(within * 100).toFixed(1)} % | ${s.p50.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${s.p99.toFixed(1)} ms | ${s.max.toFixed(1)} ms | ${ok ? 'yes' : 'no'} |`,
      );
      if (ok) best = n;
    }
    console.log(`\nLargest concurrent stream count meeting the goal: ${best}`);
  } finally {
    emu.child.kill('SIGTERM');
  }
}

await main();
