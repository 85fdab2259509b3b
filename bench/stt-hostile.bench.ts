/**
 * Hostile and maximal MP3 uploads against the built CLI (`npm run build && npx tsx bench/stt-hostile.bench.ts`;
 * figures in docs/benchmarks.md, section STT): the time to the 202, the time until the job completes, the
 * process's peak RSS (VmHWM, worker threads included) and GET /_emulator/health latency polled every 20 ms
 * throughout. One fresh emulator per case.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';

/** Valid MPEG frame headers, each followed by a zero body: a valid, silent stream. */
function silentMp3(header: number[], frameLength: number, bytes: number): Buffer {
  const n = Math.floor(bytes / frameLength);
  const out = Buffer.alloc(n * frameLength);
  for (let i = 0; i < n; i++) out.set(header, i * frameLength);
  return out;
}

const cases: Record<string, Buffer> = {
  '4 MB of 24-byte frames (MPEG-2 L3 8 kbps 24 kHz)': silentMp3([0xff, 0xf3, 0x14, 0xc0], 24, 4_000_000),
  '25 MiB at 64 kbps 16 kHz (the maximum upload)': silentMp3([0xff, 0xf3, 0x88, 0xc0], 288, 25 * 1024 * 1024),
};

/** Polls the URL every 20 ms until its stdin closes, then prints the latencies (ms) as JSON. */
const POLLER = String.raw`
let done = false;
process.stdin.on('end', () => (done = true)).resume();
const lat = [];
// One request first, not counted: the first fetch of a process loads its HTTP client.
await (await fetch(process.argv[1])).arrayBuffer();
while (!done) {
  const t0 = performance.now();
  await (await fetch(process.argv[1])).arrayBuffer();
  lat.push(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 20));
}
process.stdout.write(JSON.stringify(lat));
`;

const config = join(tmpdir(), `stt-hostile-bench-${process.pid}.json`);
writeFileSync(config, JSON.stringify({ demo: { credits: 1e9 } }));

for (const [name, file] of Object.entries(cases)) {
  const child = spawn(
    process.execPath,
    ['dist/cli.js', '--port', '0', '--log-level', 'warn', '--time-scale', '0.01', '--config', config],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let base = '';
  let key = '';
  for await (const line of createInterface({ input: child.stdout })) {
    base ||= /ready at (http:\/\/\S+)\/v1/.exec(line)?.[1] ?? '';
    key ||= /demo live key: (\S+)/.exec(line)?.[1] ?? '';
    if (base && key) break;
  }
  const hwm = (): number =>
    Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
  const before = hwm();
  const load0 = loadavg()[0];
  // The poller runs in a process of its own: this one's event loop is busy sending the upload, and would
  // delay its own polls.
  const poller = spawn(process.execPath, ['--input-type=module', '-e', POLLER, `${base}/_emulator/health`], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let polled = '';
  poller.stdout.on('data', (c: Buffer) => (polled += c.toString()));
  const pollerDone = new Promise<void>((resolve) => poller.once('close', () => resolve()));
  const form = new FormData();
  form.append('file', new Blob([file]), 'a.mp3');
  const t0 = performance.now();
  const res = await fetch(`${base}/v1/stt/transcriptions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
  const answer = performance.now() - t0;
  const body = (await res.json()) as { job_id: string };
  let job: { status: string; duration_seconds: number };
  for (;;) {
    job = (await (
      await fetch(`${base}/v1/stt/jobs/${body.job_id}`, { headers: { Authorization: `Bearer ${key}` } })
    ).json()) as typeof job;
    if (job.status !== 'processing') break;
    await delay(200);
  }
  const total = performance.now() - t0;
  poller.stdin.end();
  await pollerDone;
  const lat = (JSON.parse(polled) as number[]).sort((a, b) => a - b);
  const q = (p: number): string => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))].toFixed(1);
  console.log(
    `| ${name} | ${res.status} in ${answer.toFixed(0)} ms | ${job.status}, ${job.duration_seconds} s of audio, after ${(total / 1000).toFixed(1)} s | ${before.toFixed(0)} → ${hwm().toFixed(0)} MiB | ${lat.length} polls: p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms | ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)} |`,
  );
  child.kill('SIGTERM');
}
