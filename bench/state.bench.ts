/**
 * Snapshots (issue 25): export and load of a big state, on the built CLI in a process of its own.
 *
 *   npm run build && npx tsx bench/state.bench.ts [--orgs 100] [--docs 10000] [--ledger 100000] [--doc-kb 20]
 *     [--keep] [--profile DIR]
 *
 * `--keep` leaves the generated and exported files in their temporary folder (printed); `--profile DIR` runs the
 * emulator with `--cpu-prof --cpu-prof-dir DIR` (the profile is written when it exits, after the export).
 * The state (bench/state-fixture.ts) is generated into a file first, then a fresh emulator process
 * (`node dist/cli.js --port 0 --no-demo-corpus`) is measured:
 * - load: `PUT /_emulator/state` of the file, streamed, until the answer (target ≤ 3 s);
 * - the search index built in the background after the load answered, until the emulator is idle;
 * - export: `GET /_emulator/state` streamed into a file, until its last byte (target ≤ 3 s); the file must
 *   be the bytes loaded (same state, same bytes);
 * - a check that it loaded: a search with a generated organization's key finds its documents;
 * - the CPU time the emulator process used meanwhile (/proc/PID/stat): on a shared machine the wall time
 *   depends on the other processes, this much less;
 * - the emulator's peak resident set (VmHWM of /proc/PID/status) after each part (target < 600 MB);
 * - `GET /_emulator/health` sent every 10 ms throughout each part, on its own keep-alive connection: the
 *   answer time of each, max and p99 (target ≤ 50 ms). A health call still waiting when the next is due is
 *   not doubled: the next waits for it, and the wait counts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { argNumber, fmt, load1, summarize } from './lib.js';
import { writeFixture } from './state-fixture.js';

const SIZE = {
  orgs: argNumber('orgs', 100),
  docs: argNumber('docs', 10_000),
  ledger: argNumber('ledger', 100_000),
  docKb: argNumber('doc-kb', 20),
};
const ROOT = join(import.meta.dirname, '..');
const KEEP = process.argv.includes('--keep');
const PROFILE = process.argv.includes('--profile')
  ? process.argv[process.argv.indexOf('--profile') + 1]
  : null;

interface Started {
  child: ChildProcess;
  origin: string;
}

async function start(): Promise<Started> {
  const flags = PROFILE ? ['--cpu-prof', '--cpu-prof-dir', PROFILE] : [];
  const child = spawn(
    process.execPath,
    [...flags, join(ROOT, 'dist/cli.js'), '--port', '0', '--no-demo-corpus'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const ready = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the emulator exited (${code}) before its readiness line`)),
    );
    lines.on('line', (line) => {
      if (/ready at /.test(line)) resolve(line);
    });
  });
  const base = /ready at (\S+)/.exec(ready)![1];
  return { child, origin: new URL(base).origin };
}

function hwmMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'))!;
  return Number(/(\d+)/.exec(line)![1]) / 1024;
}

/** CPU seconds the process used so far (every thread: utime + stime of /proc/PID/stat, at 100 ticks a second). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** `GET /_emulator/health` every 10 ms until `stop()`, the answer time of each. */
function sampleHealth(origin: string): { stop: () => Promise<number[]> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  let running = true;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const t = performance.now();
      const req = request(`${origin}/_emulator/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          samples.push(performance.now() - t);
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await once();
      const rest = 10 - (performance.now() - t);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      agent.destroy();
      return samples;
    },
  };
}

function put(origin: string, file: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}/_emulator/state`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'content-length': statSync(file).size },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

function get(origin: string, file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/_emulator/state?include=secrets`, (res) => {
      pipeline(res, createWriteStream(file)).then(() => resolve(res.statusCode ?? 0), reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Resolves once the process has used less than 10 ms of CPU in each of three 100 ms windows in a row. */
async function idle(pid: number): Promise<void> {
  let quiet = 0;
  let last = cpuSeconds(pid);
  while (quiet < 3) {
    await new Promise((r) => setTimeout(r, 100));
    const now = cpuSeconds(pid);
    quiet = now - last < 0.01 ? quiet + 1 : 0;
    last = now;
  }
}

async function timed<T>(s: Started, label: string, work: () => Promise<T>): Promise<T> {
  const health = sampleHealth(s.origin);
  const cpu = cpuSeconds(s.child.pid!);
  const t = performance.now();
  const out = await work();
  const ms = performance.now() - t;
  const used = cpuSeconds(s.child.pid!) - cpu;
  const h = summarize(await health.stop());
  console.log(
    `${label}: ${(ms / 1000).toFixed(2)} s (emulator CPU ${used.toFixed(2)} s); peak RSS (VmHWM) ${hwmMb(s.child.pid!).toFixed(0)} MB; ` +
      `health (${h.n}) p50 ${fmt(h.p50)} p99 ${fmt(h.p99)} max ${fmt(h.max)}; load ${load1()}`,
  );
  return out;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-state-bench-'));
  try {
    const input = join(dir, 'state.json');
    let t = performance.now();
    const fixture = await writeFixture(input, SIZE);
    console.log(
      `fixture: ${SIZE.orgs} organizations, ${SIZE.docs} documents (average ${SIZE.docKb} KB), ` +
        `${SIZE.ledger} ledger entries: ${(fixture.bytes / 1048576).toFixed(1)} MiB in ` +
        `${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const s = await start();
    try {
      console.log(`idle emulator: VmHWM ${hwmMb(s.child.pid!).toFixed(0)} MB`);
      const loaded = await timed(s, 'load (PUT)', () => put(s.origin, input));
      if (loaded.status !== 200) throw new Error(`load: ${loaded.status} ${loaded.body.slice(0, 1000)}`);
      // The search index is built in the background once the load answered (decision SN-A7): until the
      // emulator is idle again, measured apart so that the export is not charged with it.
      await timed(s, 'index built after the load (until the emulator is idle)', () => idle(s.child.pid!));
      const output = join(dir, 'export.json');
      const status = await timed(s, 'export (GET)', () => get(s.origin, output));
      if (status !== 200) throw new Error(`export: ${status}`);
      console.log(
        `export: ${(statSync(output).size / 1048576).toFixed(1)} MiB, the bytes loaded: ` +
          `${readFileSync(input).equals(readFileSync(output))}`,
      );
      // Last: a search is billed, so the state changes.
      t = performance.now();
      const res = await fetch(`${s.origin}/v1/rag/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.probe.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: fixture.probe.query, top_k: 3 }),
      });
      const found = (await res.json()) as { results?: unknown[] };
      console.log(
        `first search after the load: ${res.status}, ${found.results?.length ?? 0} results, ` +
          `${(performance.now() - t).toFixed(0)} ms`,
      );
    } finally {
      s.child.kill('SIGTERM');
      await new Promise((r) => s.child.once('exit', r));
    }
  } finally {
    if (KEEP) console.log(`files kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
