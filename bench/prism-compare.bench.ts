/**
 * Speed, side by side (issue 8): the emulator and Prism (@stoplight/prism-cli 5.14.2, the last release that runs
 * on Node 20) mock the same document in the same run, each in its own process on loopback.
 *  - Start: time from spawn to the first successful response. Emulator: `node dist/cli.js` (run `npm run build`
 *    first), polled on GET /_emulator/health and then on a real POST /v1/rag/search. Prism: `prism mock` of
 *    openapi/gateway.yaml with every path under /v1 (Prism ignores the server URL's path), polled on
 *    POST /v1/rag/search with a valid body and an Authorization header. Median of `--starts` (default 3).
 *  - Throughput: autocannon on POST /v1/rag/search (retrieve), `--connections` (default 50) for `--seconds`
 *    (default 20) each, alternating emulator and Prism `--rounds` times (default 3); medians reported.
 * Prism validates requests (its default) and answers the document's example; the emulator authenticates the key,
 * rate-limits, meters the query into the ledger and journal, and runs BM25 over the demo corpus.
 * Run: npm run build && npx tsx bench/prism-compare.bench.ts [--seconds 20] [--rounds 3] [--starts 3]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { parse, stringify } from 'yaml';
import { argNumber, load1 } from './lib.js';

const SECONDS = argNumber('seconds', 20);
const ROUNDS = argNumber('rounds', 3);
const STARTS = argNumber('starts', 3);
const CONNECTIONS = argNumber('connections', 50);
const ROOT = join(import.meta.dirname, '..');
const BODY = JSON.stringify({ query: 'annual leave policy', mode: 'retrieve', top_k: 5 });
const PRISM_BIN = join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
const EMULATOR_BIN = join(ROOT, 'dist', 'cli.js');

interface Server {
  name: string;
  child: ChildProcess;
  origin: string;
  key: string;
  startMs: number;
  healthMs?: number;
}

const work = mkdtempSync(join(tmpdir(), 'prism-compare-'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function poll(url: string, init: RequestInit, started: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error(`${url} did not answer 2xx within 60 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function searchInit(key: string): RequestInit {
  return { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: BODY };
}

async function startEmulator(): Promise<Server> {
  // A high rate limit and credit balance, so that throughput is not cut short by 429s.
  const config = join(work, 'emulator.json');
  writeFileSync(config, JSON.stringify({ rateLimits: { live: { limit: 1e9, windowSeconds: 60 } }, demo: { credits: 1e12 } }));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [EMULATOR_BIN, '--port', String(port), '--config', config, '--log-level', 'error'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let key = '';
  for await (const line of createInterface({ input: child.stdout })) {
    const m = /demo live key: (\S+)/.exec(line);
    if (m) {
      key = m[1];
      break;
    }
  }
  child.stdout.resume();
  const origin = `http://127.0.0.1:${port}`;
  const healthMs = await poll(`${origin}/_emulator/health`, {}, started);
  const startMs = await poll(`${origin}/v1/rag/search`, searchInit(key), started);
  return { name: 'emulator', child, origin, key, startMs, healthMs };
}

function prismDocument(): string {
  const doc = parse(readFileSync(join(ROOT, 'openapi', 'gateway.yaml'), 'utf8')) as { paths: Record<string, unknown>; servers?: unknown };
  doc.paths = Object.fromEntries(Object.entries(doc.paths).map(([p, item]) => [`/v1${p}`, item]));
  doc.servers = [{ url: 'http://127.0.0.1' }];
  const file = join(work, 'gateway.yaml');
  writeFileSync(file, stringify(doc));
  return file;
}

async function startPrism(document: string): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  // Prism logs every request at info level; its output is discarded so a full pipe cannot slow it down.
  const child = spawn(process.execPath, [PRISM_BIN, 'mock', document, '-p', String(port), '-h', '127.0.0.1'], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  const startMs = await poll(`${origin}/v1/rag/search`, searchInit('svc_live_any'), started);
  return { name: 'prism', child, origin, key: 'svc_live_any', startMs };
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}

async function throughput(server: Server): Promise<{ rps: number; p50: number; p99: number; errors: number; load: string }> {
  const load = load1();
  const r = await autocannon({
    url: `${server.origin}/v1/rag/search`,
    method: 'POST',
    headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' },
    body: BODY,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, load };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  if (!existsSync(EMULATOR_BIN)) throw new Error('dist/cli.js is missing: run `npm run build` first');
  if (!existsSync(PRISM_BIN)) throw new Error('@stoplight/prism-cli is not installed (npm ci)');
  const document = prismDocument();
  const starts: Record<'emulator' | 'prism', number[]> = { emulator: [], prism: [] };
  const health: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const e = await startEmulator();
    starts.emulator.push(e.startMs);
    health.push(e.healthMs ?? NaN);
    await stop(e);
    const p = await startPrism(document);
    starts.prism.push(p.startMs);
    await stop(p);
    console.error(`  start ${i + 1}: emulator ${e.startMs.toFixed(0)} ms (health ${e.healthMs?.toFixed(0)} ms), prism ${p.startMs.toFixed(0)} ms, load ${load1()}`);
  }
  const emulator = await startEmulator();
  const prism = await startPrism(document);
  const runs: Record<'emulator' | 'prism', Awaited<ReturnType<typeof throughput>>[]> = { emulator: [], prism: [] };
  try {
    // Warm-up so neither side is measured cold.
    for (const s of [emulator, prism]) await autocannon({ url: `${s.origin}/v1/rag/search`, method: 'POST', headers: { Authorization: `Bearer ${s.key}`, 'Content-Type': 'application/json' }, body: BODY, connections: 10, duration: 2 });
    for (let i = 0; i < ROUNDS; i++) {
      for (const s of [emulator, prism]) {
        const r = await throughput(s);
        runs[s.name as 'emulator' | 'prism'].push(r);
        console.error(`  round ${i + 1} ${s.name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, errors ${r.errors}, load ${r.load}`);
      }
    }
  } finally {
    await stop(emulator);
    await stop(prism);
    rmSync(work, { recursive: true, force: true });
  }
  const eStart = median(starts.emulator);
  const pStart = median(starts.prism);
  const eRps = median(runs.emulator.map((r) => r.rps));
  const pRps = median(runs.prism.map((r) => r.rps));
  console.log(`## Side by side with Prism: ${CONNECTIONS} connections × ${SECONDS} s, ${ROUNDS} rounds, ${STARTS} starts`);
  console.log('| measure | emulator | Prism 5.14.2 | ratio |\n|---|---|---|---|');
  console.log(`| start → first 2xx POST /v1/rag/search (median) | ${eStart.toFixed(0)} ms (health ${median(health).toFixed(0)} ms) | ${pStart.toFixed(0)} ms | ${(pStart / eStart).toFixed(1)}× faster |`);
  console.log(`| POST /v1/rag/search req/s (median) | ${eRps.toFixed(0)} | ${pRps.toFixed(0)} | ${(eRps / pRps).toFixed(1)}× more |`);
  console.log(`| p50 / p99 latency (median) | ${median(runs.emulator.map((r) => r.p50))} / ${median(runs.emulator.map((r) => r.p99))} ms | ${median(runs.prism.map((r) => r.p50))} / ${median(runs.prism.map((r) => r.p99))} ms | |`);
  console.log(`| errors (all rounds) | ${runs.emulator.reduce((a, r) => a + r.errors, 0)} | ${runs.prism.reduce((a, r) => a + r.errors, 0)} | |`);
  console.log(`| load average per round | ${runs.emulator.map((r) => r.load).join(', ')} | ${runs.prism.map((r) => r.load).join(', ')} | |`);
  const ok = pStart / eStart >= 3 && eRps / pRps >= 3;
  console.log(`\nRESULT prism-compare: ${ok ? 'ok' : 'goal (3× start, 3× req/s) not met'}`);
}

await main();
