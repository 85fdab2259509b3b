/**
 * Speed, side by side (issues 8 and 15): the emulator and Prism (@stoplight/prism-cli 5.14.2, the last release that
 * runs on Node 20) mock the same document in the same run, each in its own process on loopback.
 *  - Start: time from spawn to the first successful response. Emulator: `node dist/cli.js` (run `npm run build`
 *    first), polled on GET /_emulator/health and then on a real POST /v1/rag/search. Prism: `prism mock` of
 *    openapi/gateway.yaml with every path under /v1 (Prism ignores the server URL's path), polled on
 *    POST /v1/rag/search with a valid body and an Authorization header. Median of `--starts` (default 3).
 *  - Throughput: wrk (one thread, `--client wrk`, the default when `wrk` is on the PATH; Debian package `wrk`) or
 *    autocannon (`--client autocannon`) on each request of `--requests` (default all of REQUESTS below) at each of
 *    `--connections` (default 10,100), `--seconds` (default 5) per run. On 2 cores the load generator takes
 *    a core's share from the servers: autocannon (JavaScript) costs several times what wrk (C) does per
 *    request, so with autocannon both servers, and their ratio, are capped by the client. Rounds (`--rounds`, default 3) alternate
 *    the servers, and which goes first alternates too; medians, ratios and the load average of every run are
 *    reported. Statuses other than the expected one count as errors.
 * Prism validates requests (its default) and answers the document's example; the emulator authenticates the key,
 * rate-limits, meters into the ledger and journal, runs BM25 over the demo corpus and synthesises real audio.
 * The 401: the emulator gets a key with a bad checksum (it verifies keys); Prism gets no Authorization header
 * (it cannot tell a bad key from a good one, and answers 401 only when the header is missing).
 * Run: npm run build && npx tsx bench/prism-compare.bench.ts [--seconds 5] [--rounds 3] [--starts 3]
 *        [--connections 10,100] [--requests search,ws-token,401,tts,tts-varied] [--client wrk|autocannon]
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parse, stringify } from 'yaml';
import { argNumber, freePort, load1, runAutocannon } from './lib.js';
import { BODY, REQUESTS, TTS_TEXT, type BenchRequest, type Server } from './prism-requests.js';

const SECONDS = argNumber('seconds', 5);
const ROUNDS = argNumber('rounds', 3);
const STARTS = argNumber('starts', 3);
const CONNECTIONS = argList('connections', '10,100').map(Number);
const REQUEST_NAMES = argList('requests', 'search,ws-token,401,tts,tts-varied');
const ROOT = join(import.meta.dirname, '..');
const PRISM_BIN = join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
const EMULATOR_BIN = join(ROOT, 'dist', 'cli.js');
const CLIENT = argList('client', spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk')[0];
if (CLIENT !== 'wrk' && CLIENT !== 'autocannon')
  throw new Error(`--client: 'wrk' or 'autocannon', not '${CLIENT}'`);

const work = mkdtempSync(join(tmpdir(), 'prism-compare-'));

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
  return {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: BODY,
  };
}

async function startEmulator(): Promise<Server> {
  // A high rate limit and credit balance, so that throughput is not cut short by 429s.
  const config = join(work, 'emulator.json');
  writeFileSync(
    config,
    JSON.stringify({ rateLimits: { live: { limit: 1e9, windowSeconds: 60 } }, demo: { credits: 1e12 } }),
  );
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [EMULATOR_BIN, '--port', String(port), '--config', config, '--log-level', 'error'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
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
  const doc = parse(readFileSync(join(ROOT, 'openapi', 'gateway.yaml'), 'utf8')) as {
    paths: Record<string, unknown>;
    servers?: unknown;
  };
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
  const child = spawn(
    process.execPath,
    [PRISM_BIN, 'mock', document, '-p', String(port), '-h', '127.0.0.1'],
    { stdio: 'ignore' },
  );
  const origin = `http://127.0.0.1:${port}`;
  const startMs = await poll(`${origin}/v1/rag/search`, searchInit('svc_live_any'), started);
  return { name: 'prism', child, origin, key: 'svc_live_any', startMs };
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}

function argList(name: string, fallback: string): string[] {
  const i = process.argv.indexOf(`--${name}`);
  return (i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback).split(',').filter(Boolean);
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  load: string;
}

async function throughput(
  server: Server,
  request: BenchRequest,
  connections: number,
  seconds: number,
): Promise<Run> {
  return CLIENT === 'wrk'
    ? throughputWrk(server, request, connections, seconds)
    : throughputAutocannon(server, request, connections, seconds);
}

/** A Lua long string: the text cannot contain its closing bracket. */
function luaString(text: string): string {
  return `[==[${text}]==]`;
}

/** wrk with one thread; its Lua script sets the request, counts unexpected statuses and prints one JSON line. */
async function throughputWrk(
  server: Server,
  request: BenchRequest,
  connections: number,
  seconds: number,
): Promise<Run> {
  const load = load1();
  const script = join(work, `wrk-${server.name}-${request.name}.lua`);
  const headers = Object.entries(request.headers(server)).map(
    ([k, v]) => `wrk.headers[ ${luaString(k)} ] = ${luaString(v)}`,
  );
  writeFileSync(
    script,
    [
      `wrk.method = "POST"`,
      `wrk.body = ${luaString(request.body)}`,
      ...headers,
      `local threads = {}`,
      `function setup(thread) table.insert(threads, thread) end`,
      `function init(args) unexpected = 0; n = 0 end`,
      `function response(status, headers, body) if status ~= ${request.status} then unexpected = unexpected + 1 end end`,
      // A different text per request (same length class): what a cache of identical requests cannot answer.
      request.vary
        ? `function request() n = n + 1; return wrk.format(nil, nil, nil, '{"text":"' .. ${luaString(TTS_TEXT)} .. ' ' .. n .. '","voice":"ar-SA-noura"}') end`
        : '',
      `function done(summary, latency, requests)`,
      `  local bad = 0`,
      `  for _, t in ipairs(threads) do bad = bad + t:get("unexpected") end`,
      `  local e = summary.errors`,
      `  io.write(string.format('WRKJSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d}\\n', summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout + bad))`,
      `end`,
    ].join('\n'),
  );
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    script,
    `${server.origin}${request.path}`,
  ];
  const { stdout } = await promisify(execFile)('wrk', args);
  const line = /WRKJSON (\{.*\})/.exec(stdout);
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const r = JSON.parse(line[1]) as {
    requests: number;
    duration_us: number;
    p50_us: number;
    p99_us: number;
    errors: number;
  };
  return {
    rps: r.requests / (r.duration_us / 1e6),
    p50: Math.round(r.p50_us / 100) / 10,
    p99: Math.round(r.p99_us / 100) / 10,
    errors: r.errors,
    load,
  };
}

async function throughputAutocannon(
  server: Server,
  request: BenchRequest,
  connections: number,
  seconds: number,
): Promise<Run> {
  const load = load1();
  let n = 0;
  let unexpected = 0;
  const r = await runAutocannon(
    {
      url: `${server.origin}${request.path}`,
      method: 'POST',
      headers: request.headers(server),
      body: request.body,
      connections,
      duration: seconds,
      // A different text per request (same length class): what a cache of identical requests cannot answer.
      requests: request.vary
        ? [
            {
              setupRequest: (req) => ({
                ...req,
                body: JSON.stringify({ text: `${TTS_TEXT} ${++n}`, voice: 'ar-SA-noura' }),
              }),
            },
          ]
        : undefined,
    },
    (status) => {
      if (status !== request.status) unexpected++;
    },
  );
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + unexpected,
    load,
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function measureStarts(document: string): Promise<{ emulator: number; prism: number; health: number }> {
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
    console.error(
      `  start ${i + 1}: emulator ${e.startMs.toFixed(0)} ms (health ${e.healthMs?.toFixed(0)} ms), prism ${p.startMs.toFixed(0)} ms, load ${load1()}`,
    );
  }
  return { emulator: median(starts.emulator), prism: median(starts.prism), health: median(health) };
}

async function main(): Promise<void> {
  if (!existsSync(EMULATOR_BIN)) throw new Error('dist/cli.js is missing: run `npm run build` first');
  if (!existsSync(PRISM_BIN)) throw new Error('@stoplight/prism-cli is not installed (npm ci)');
  const requests = REQUEST_NAMES.map((name) => {
    const found = REQUESTS.find((r) => r.name === name);
    if (!found)
      throw new Error(`--requests: unknown '${name}' (known: ${REQUESTS.map((r) => r.name).join(', ')})`);
    return found;
  });
  const document = prismDocument();
  const start = await measureStarts(document);
  const emulator = await startEmulator();
  const prism = await startPrism(document);
  const runs = new Map<string, Run[]>();
  const key = (server: string, request: string, connections: number) => `${server} ${request} ${connections}`;
  try {
    // Warm-up so neither side is measured cold (JIT, the TTS workers).
    for (const s of [emulator, prism])
      for (const r of requests) if (!(s === prism && r.sameAs)) await throughput(s, r, 10, 1);
    for (let round = 0; round < ROUNDS; round++) {
      for (const request of requests) {
        for (const connections of CONNECTIONS) {
          const servers = round % 2 === 0 ? [emulator, prism] : [prism, emulator];
          for (const s of servers) {
            if (s === prism && request.sameAs) continue;
            const r = await throughput(s, request, connections, SECONDS);
            const k = key(s.name, request.name, connections);
            runs.set(k, [...(runs.get(k) ?? []), r]);
            console.error(
              `  round ${round + 1} ${s.name.padEnd(8)} ${request.name.padEnd(10)} c=${connections}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, load ${r.load}`,
            );
          }
        }
      }
    }
  } finally {
    await stop(emulator);
    await stop(prism);
    rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `## Side by side with Prism: ${CLIENT}, ${SECONDS} s per run, ${ROUNDS} rounds, ${STARTS} starts`,
  );
  console.log('| measure | emulator | Prism 5.14.2 | ratio |\n|---|---|---|---|');
  console.log(
    `| start → first 2xx POST /v1/rag/search (median) | ${start.emulator.toFixed(0)} ms (health ${start.health.toFixed(0)} ms) | ${start.prism.toFixed(0)} ms | ${(start.prism / start.emulator).toFixed(1)}× faster |`,
  );
  console.log(
    '\n| request | connections | emulator req/s (median) | p50 / p99 ms | Prism req/s (median) | p50 / p99 ms | ratio | errors (e / P) | load per run (e; P) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  let met = true;
  for (const request of requests) {
    for (const connections of CONNECTIONS) {
      const e = runs.get(key('emulator', request.name, connections)) ?? [];
      const p = runs.get(key('prism', request.sameAs ?? request.name, connections)) ?? [];
      const eRps = median(e.map((r) => r.rps));
      const pRps = median(p.map((r) => r.rps));
      const eP99 = median(e.map((r) => r.p99));
      const ratio = eRps / pRps;
      if (ratio < 3 || (connections === 10 && eP99 > 10)) met = false;
      const errors = (xs: Run[]) => xs.reduce((a, r) => a + r.errors, 0);
      console.log(
        `| ${request.label} | ${connections} | ${eRps.toFixed(0)} | ${median(e.map((r) => r.p50))} / ${eP99} | ${pRps.toFixed(0)} | ${median(p.map((r) => r.p50))} / ${median(p.map((r) => r.p99))} | ${ratio.toFixed(1)}× | ${errors(e)} / ${errors(p)} | ${e.map((r) => r.load).join(', ')}; ${p.map((r) => r.load).join(', ')} |`,
      );
    }
  }
  console.log(
    `\nRESULT prism-compare: ${met ? 'ok' : 'goal (3× req/s on every request, p99 ≤ 10 ms at 10 connections) not met'}`,
  );
}

await main();
