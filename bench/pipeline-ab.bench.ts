/**
 * Two builds of the emulator side by side (issue 15): the same requests against each, alternating, with the
 * CPU time the server's main thread spent per request (Linux: /proc/PID/task/PID/stat, user + system). CPU
 * per request moves much less than req/s when other work shares the machine, so it is the figure to compare
 * a change by; req/s and p99 are printed too. Every server runs with V8's `--trace-gc-nvp`, from which each run
 * also reports the bytes promoted to the old generation per request and the garbage collectors' pause per 1,000
 * requests: objects that outlive their request by two young-generation collections (docs/benchmarks.md, "Issue
 * 15, sixth session").
 *  - `--base DIR`: a directory holding the other build as `DIR/dist` (with `openapi`, `fixtures`, `ui`,
 *    `node_modules` and `package.json` beside it, e.g. symlinks to this checkout's). The other side is this
 *    checkout's `dist/` (`npm run build` first).
 *  - `--both-redis` with `--base`: both builds with the Redis store, each on its own database of one
 *    redis-server started for the run (issue 35: the Redis request path before and after a change).
 *  - `--redis` instead of `--base`: this build twice, with the memory store and with the Redis store (issue 23:
 *    a redis-server started on a free port for the run). The process's CPU (all threads) is reported beside
 *    the main thread's: the Redis client's work is on the main thread, the worker pool's on others.
 *  - `--tls` instead of `--base`: this build twice, plain http and with `--tls` (issue 26: https with keep-alive;
 *    the load generator does not verify the certificate, which costs the server nothing).
 *  - `--nodes BIN,BIN[,…]` instead of `--base`: one build on several Node.js binaries, one side per binary,
 *    named by its `node --version` (`node 24.22.3`); ratios are to the first binary. Each round starts with
 *    the next side (rotation); with more than two, the table has one row per request and side.
 *  - `--root DIR`: the build measured, laid out as `--base`'s; this checkout by default. It is the `this` side
 *    of `--base`, both sides of `--redis` and `--tls`, every side of `--nodes` (e.g. a checkout of the
 *    previous release, for a Node.js line this build refuses).
 *  - `--sandboxes N` with `--base`: this build first makes N sandboxes, each with its own frozen clock (issue 24),
 *    so the demo organization's requests, which have none, take the clock lookup's Map path.
 * Run: npx tsx bench/pipeline-ab.bench.ts (--base DIR | --redis | --tls | --nodes BIN,BIN[,…]) [--root DIR]
 *        [--seconds 4] [--rounds 3] [--connections 10] [--requests search,ws-token,401,tts] [--sandboxes N]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  argNodes,
  argNumber,
  argRoot,
  argString,
  freePort,
  load1,
  median,
  rotate,
  runAutocannon,
} from './lib.js';

const SECONDS = argNumber('seconds', 4);
const ROUNDS = argNumber('rounds', 3);
const CONNECTIONS = argNumber('connections', 10);
const SANDBOXES = process.argv.includes('--sandboxes') ? argNumber('sandboxes', 0) : 0;
const ROOT = argRoot();
const baseIndex = process.argv.indexOf('--base');
const REDIS = process.argv.includes('--redis');
const TLS = process.argv.includes('--tls');
const NODES = argNodes();
/** `--base DIR --both-redis`: both builds with the Redis store, each on its own database of one redis-server. */
const BOTH_REDIS = process.argv.includes('--both-redis');
const modes = [baseIndex >= 0, REDIS, TLS, NODES !== undefined].filter(Boolean).length;
if (modes !== 1)
  throw new Error(
    'one of --base DIR (a directory with the other build in DIR/dist), --redis, --tls or --nodes BIN,BIN is required',
  );
const BASE = baseIndex >= 0 ? argString('base')! : ROOT;
const namesIndex = process.argv.indexOf('--requests');
const NAMES = (namesIndex >= 0 ? process.argv[namesIndex + 1] : 'search,ws-token,401,tts').split(',');

const json = (key: string) => ({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' });
const REQUESTS: Record<
  string,
  { path: string; status: number; body: string; headers: (key: string) => Record<string, string> }
> = {
  search: {
    path: '/v1/rag/search',
    status: 200,
    body: JSON.stringify({ query: 'annual leave policy', mode: 'retrieve', top_k: 5 }),
    headers: json,
  },
  'ws-token': {
    path: '/v1/auth/ws-token',
    status: 201,
    body: JSON.stringify({ scopes: ['tts:speak'] }),
    headers: json,
  },
  '401': {
    path: '/v1/rag/search',
    status: 401,
    body: '{"query":"x"}',
    headers: (key) => json(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')),
  },
  tts: {
    path: '/v1/tts',
    status: 200,
    body: JSON.stringify({ text: 'مرحبا بكم في خدمة الاختبار', voice: 'ar-SA-noura' }),
    headers: (key) => ({ ...json(key), Accept: 'audio/wav' }),
  },
};

interface Side {
  name: string;
  child: ChildProcess;
  origin: string;
  key: string;
  /** Totals over the server's `--trace-gc-nvp` lines so far. */
  gc: { promoted: number; pauseMs: number };
}

const work = mkdtempSync(join(tmpdir(), 'pipeline-ab-'));

async function start(
  name: string,
  root: string,
  extra: string[] = [],
  bin = process.execPath,
): Promise<Side> {
  const config = join(work, 'emulator.json');
  writeFileSync(
    config,
    JSON.stringify({ rateLimits: { live: { limit: 1e9, windowSeconds: 60 } }, demo: { credits: 1e12 } }),
  );
  const child = spawn(
    bin,
    [
      '--trace-gc-nvp',
      join(root, 'dist', 'cli.js'),
      '--port',
      '0',
      '--config',
      config,
      '--log-level',
      'error',
      ...extra,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const gc = { promoted: 0, pauseMs: 0 };
  let origin = '';
  let key = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before its demo key`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const collection = gcLine(line);
      if (collection) {
        gc.pauseMs += collection.pauseMs;
        gc.promoted += collection.promoted;
        return;
      }
      origin ||= /ready at (https?:\/\/[^/\s]+)/.exec(line)?.[1] ?? '';
      const m = /demo live key: (\S+)/.exec(line);
      if (m && !key) {
        key = m[1];
        resolve();
      }
    });
  });
  await ready;
  return { name, child, origin, key, gc };
}

/**
 * A `--trace-gc-nvp` line's pause (ms) and bytes promoted, or undefined for any other line. Up to Node.js 24
 * the line is `name=value` pairs (`pause=1.2 … gc=s … promoted=1024 …`); from Node.js 26 (V8 14) it is
 * `GC: {"pause":1.2,…,"gc":"s",…,"promoted":1024,…}`.
 */
function gcLine(line: string): { pauseMs: number; promoted: number } | undefined {
  if (line.includes(' gc='))
    return {
      pauseMs: Number(/ pause=([\d.]+)/.exec(line)?.[1] ?? 0),
      promoted: Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0),
    };
  if (line.includes(' GC: {'))
    return {
      pauseMs: Number(/"pause":([\d.e+-]+)/.exec(line)?.[1] ?? 0),
      promoted: Number(/"promoted":([\d.e+-]+)/.exec(line)?.[1] ?? 0),
    };
  return undefined;
}

/** The main thread's CPU ms, or with `process` the whole process's (every thread). */
function cpuMs(pid: number, whole = false): number {
  const stat = whole ? `/proc/${pid}/stat` : `/proc/${pid}/task/${pid}/stat`;
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name; in clock ticks (100/s).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A redis-server for `--redis`, without persistence, stopped at the end of the run. */
async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', work],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('Ready to accept connections')) resolve();
    });
  });
  return { url: `redis://127.0.0.1:${port}/0`, child };
}

async function measure(side: Side, name: string, seconds: number) {
  const r = REQUESTS[name];
  let unexpected = 0;
  const load = load1();
  const before = cpuMs(side.child.pid!);
  const beforeWhole = cpuMs(side.child.pid!, true);
  const gcBefore = { ...side.gc };
  const result = await runAutocannon(
    {
      url: side.origin + r.path,
      method: 'POST',
      headers: r.headers(side.key),
      body: r.body,
      connections: CONNECTIONS,
      duration: seconds,
    },
    (status) => {
      if (status !== r.status) unexpected++;
    },
  );
  const cpu = cpuMs(side.child.pid!) - before;
  const cpuWhole = cpuMs(side.child.pid!, true) - beforeWhole;
  const n = result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    usPerRequest: (cpu * 1000) / n,
    usPerRequestWhole: (cpuWhole * 1000) / n,
    promotedKbPerRequest: (side.gc.promoted - gcBefore.promoted) / 1024 / n,
    gcMsPer1000: ((side.gc.pauseMs - gcBefore.pauseMs) * 1000) / n,
    unexpected,
    load,
  };
}

type Run = Awaited<ReturnType<typeof measure>>;
/** Each side's runs of each request, by `${side} ${request}`. */
type Runs = Map<string, Run[]>;

async function main(): Promise<void> {
  const redis = REDIS || BOTH_REDIS ? await startRedis() : undefined;
  const onDb = (db: number) =>
    BOTH_REDIS ? ['--store', redis!.url.replace(/\/0$/, `/${db}`), '--instance-id', `bench-${db}`] : [];
  // Started one by one inside the try, so that the ones already up are stopped when a later one fails (a
  // build refusing a Node.js line, say).
  const sides: Side[] = [];
  const results: Runs = new Map();
  try {
    if (redis && !BOTH_REDIS) {
      sides.push(await start('memory', ROOT));
      sides.push(await start('redis', ROOT, ['--store', redis.url, '--instance-id', 'bench']));
    } else if (TLS) {
      sides.push(await start('http', ROOT));
      sides.push(await start('https', ROOT, ['--tls']));
    } else if (NODES) {
      for (const node of NODES) sides.push(await start(node.name, ROOT, [], node.bin));
    } else {
      sides.push(await start('base', BASE, onDb(1)));
      sides.push(await start('this', ROOT, onDb(2)));
    }
    const self = sides.find((s) => s.name === 'this');
    for (let i = 0; self && i < SANDBOXES; i++) {
      const res = await fetch(`${self.origin}/_emulator/sandboxes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clock: { mode: 'frozen' } }),
      });
      if (res.status !== 201) throw new Error(`sandbox ${i}: ${res.status} ${await res.text()}`);
    }
    for (const s of sides) for (const n of NAMES) await measure(s, n, 1);
    for (let round = 0; round < ROUNDS; round++) {
      for (const n of NAMES) {
        for (const s of rotate(sides, round)) {
          const m = await measure(s, n, SECONDS);
          results.set(`${s.name} ${n}`, [...(results.get(`${s.name} ${n}`) ?? []), m]);
          console.error(
            `  round ${round + 1} ${s.name} ${n}: ${m.usPerRequest.toFixed(0)} µs CPU/request (process ${m.usPerRequestWhole.toFixed(0)}), ${m.rps.toFixed(0)} req/s, p99 ${m.p99} ms, promoted ${m.promotedKbPerRequest.toFixed(1)} KB/request, GC ${m.gcMsPer1000.toFixed(0)} ms/1000 requests, unexpected ${m.unexpected}, load ${m.load}`,
          );
        }
      }
    }
  } finally {
    for (const s of sides) {
      s.child.kill('SIGTERM');
      if (s.child.exitCode === null) await once(s.child, 'exit');
    }
    redis?.child.kill('SIGTERM');
    if (redis && redis.child.exitCode === null) await once(redis.child, 'exit');
    rmSync(work, { recursive: true, force: true });
  }
  if (NODES) console.log(`build ${ROOT} on ${NODES.map((n) => `${n.name} (${n.bin})`).join(', ')}`);
  if (sides.length === 2) printTwo(sides[0].name, sides[1].name, results);
  else printMany(sides, results);
}

/** Two sides: one row per request, the sides' figures side by side. */
function printTwo(A: string, B: string, results: Runs): void {
  console.log(
    `| request (${CONNECTIONS} connections) | ${A} µs CPU/request | ${B} µs CPU/request | ${B} / ${A} | process µs CPU/request (${A} / ${B}, ratio) | ${A} req/s | ${B} req/s | ${A} / ${B} p99 ms | promoted KB/request (${A} / ${B}) | GC pause ms per 1000 requests (${A} / ${B}) | loads |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const n of NAMES) {
    const b = results.get(`${A} ${n}`)!;
    const t = results.get(`${B} ${n}`)!;
    const m = (xs: typeof b, f: (x: (typeof b)[number]) => number) => median(xs.map(f));
    const main = [m(b, (x) => x.usPerRequest), m(t, (x) => x.usPerRequest)];
    const whole = [m(b, (x) => x.usPerRequestWhole), m(t, (x) => x.usPerRequestWhole)];
    console.log(
      `| ${n} | ${main[0].toFixed(0)} | ${main[1].toFixed(0)} | ${(main[1] / main[0]).toFixed(2)}× | ${whole[0].toFixed(0)} / ${whole[1].toFixed(0)}, ${(whole[1] / whole[0]).toFixed(2)}× | ${m(b, (x) => x.rps).toFixed(0)} | ${m(t, (x) => x.rps).toFixed(0)} | ${m(b, (x) => x.p99)} / ${m(t, (x) => x.p99)} | ${m(b, (x) => x.promotedKbPerRequest).toFixed(1)} / ${m(t, (x) => x.promotedKbPerRequest).toFixed(1)} | ${m(b, (x) => x.gcMsPer1000).toFixed(0)} / ${m(t, (x) => x.gcMsPer1000).toFixed(0)} | ${[...b, ...t].map((x) => x.load).join(', ')} |`,
    );
  }
}

/** Any other number of sides (`--nodes`): one row per request and side, ratios to the first side. */
function printMany(sides: Side[], results: Runs): void {
  console.log(
    `| request (${CONNECTIONS} connections) | side | µs CPU/request (main thread) | / ${sides[0].name} | process µs CPU/request | / ${sides[0].name} | req/s | p99 ms | promoted KB/request | GC pause ms per 1000 requests | loads |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const n of NAMES) {
    const runs = (s: Side) => results.get(`${s.name} ${n}`)!;
    const m = (s: Side, f: (x: Run) => number) => median(runs(s).map(f));
    const first = {
      main: m(sides[0], (x) => x.usPerRequest),
      whole: m(sides[0], (x) => x.usPerRequestWhole),
    };
    for (const s of sides) {
      const main = m(s, (x) => x.usPerRequest);
      const whole = m(s, (x) => x.usPerRequestWhole);
      const loads = runs(s).map((x) => x.load);
      console.log(
        `| ${n} | ${s.name} | ${main.toFixed(0)} | ${(main / first.main).toFixed(2)}× | ${whole.toFixed(0)} | ${(whole / first.whole).toFixed(2)}× | ${m(s, (x) => x.rps).toFixed(0)} | ${m(s, (x) => x.p99)} | ${m(s, (x) => x.promotedKbPerRequest).toFixed(1)} | ${m(s, (x) => x.gcMsPer1000).toFixed(0)} | ${loads.join(', ')} |`,
      );
    }
  }
}

await main();
