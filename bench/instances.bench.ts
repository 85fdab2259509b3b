/**
 * Several instances (issue 17, "Performance"): the same mixed load on one emulator process and on two
 * (`--instances 2`) over one Redis, and on the memory store for reference, each server a separate `node
 * dist/cli.js` (run `npm run build` first) on loopback, with this process only as a client.
 *  1. HTTP mix: wrk (one thread per route, `--connections` per route, default 25: 100 in all) for `--seconds`
 *     (default 8) on POST /v1/tts (short texts, four of them in turn), POST /v1/stt/transcriptions (a 1.5 s WAV
 *     of the synthetic voice), POST /v1/rag/search (retrieve, five queries in turn) and POST /v1/auth/ws-token.
 *     Any answer other than 2xx counts as an error. Without `wrk` on the PATH (Debian package `wrk`), autocannon in
 *     this process is the client instead, which takes far more of the two cores.
 *  2. Realtime: `--sockets` (default 500) WS /v1/stt/realtime streams, each sending `--rt-seconds` (default 8)
 *     of 16 kHz PCM of the synthetic voice in 20 ms frames at real-time pace, then close_stream. Reported: the lag
 *     of each `final` behind the moment its audio was sent (its `duration_so_far`), and close_stream → completed.
 * Rounds (`--rounds`, default 3) alternate the servers, and which goes first rotates; medians and the load
 * average of every run are reported. Every server gets the same config: rate limit 1e9 a minute, 1e12 credits.
 * Needs redis-server (Debian package `redis-server`); skipped with a message without it.
 *     With `--stagger` stream i starts i/N of the way through the audio (wrapping round), so the streams'
 *     utterances end at different moments, as independent callers' do; without it every stream sends the same
 *     frame at the same moment, so all finals fall due in the same 20 ms (the worst case).
 * Each HTTP run also reports where the two cores went (from /proc): the server's processes, Redis, the load
 * generators and this process, and idle, in percent of one core.
 * Run: npm run build && npx tsx bench/instances.bench.ts [--seconds 8] [--rounds 3] [--sockets 500]
 *        [--rt-seconds 8] [--connections 25] [--servers memory,redis-1,redis-2] [--parts http,realtime]
 *        [--routes tts,stt,search,ws-token] [--mix routes|fixed] [--stagger]
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argNumber, load1, runAutocannon, summarize } from './lib.js';
import { routes, type RouteSpec } from './instances-routes.js';
import { startRedis, startServer, stop, type Running } from './instances-servers.js';
import { cpuMeter, type CpuShare } from './proc-cpu.js';
import { runRealtime, voicePcm, type RealtimeResult } from './realtime-streams.js';

const SECONDS = argNumber('seconds', 8);
const ROUNDS = argNumber('rounds', 3);
const SOCKETS = argNumber('sockets', 500);
const RT_SECONDS = argNumber('rt-seconds', 8);
const CONNECTIONS = argNumber('connections', 25);
const SERVERS = argList('servers', 'memory,redis-1,redis-2');
const PARTS = argList('parts', 'http,realtime');
const ROUTES = argList('routes', 'tts,stt,search,ws-token');
/**
 * `--mix routes` (the default): one wrk per route, each its own closed loop, so the share of each route follows
 * its latency. `--mix fixed`: one wrk whose every connection sends the routes' bodies in one fixed order (FIXED_MIX),
 * so the proportions are the same on every server and req/s compares like with like.
 */
const MIX = argList('mix', 'routes')[0];
if (MIX !== 'routes' && MIX !== 'fixed') throw new Error(`--mix: 'routes' or 'fixed', not '${MIX}'`);
/** Requests per cycle of the fixed mix: four clips, five searches, one ws-token, one transcription of 1.5 s. */
const FIXED_MIX: Record<string, number> = { tts: 4, search: 5, 'ws-token': 1, stt: 1 };
/** `--stagger`: each stream starts at its own point of the audio, so utterances do not all end in the same 20 ms. */
const STAGGER = process.argv.includes('--stagger');
const HAS_WRK = !spawnSync('wrk', ['--version']).error;

function argList(name: string, fallback: string): string[] {
  const i = process.argv.indexOf(`--${name}`);
  return (i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback).split(',').filter(Boolean);
}

const work = mkdtempSync(join(tmpdir(), 'instances-bench-'));

/** A wrk script sending the route's bodies in turn (read from files: the STT body is binary). */
function wrkScript(spec: RouteSpec, key: string): string {
  const files = spec.bodies.map((body, i) => {
    const file = join(work, `${spec.route}-${i}.body`);
    writeFileSync(file, body);
    return file;
  });
  const script = join(work, `${spec.route}.lua`);
  writeFileSync(
    script,
    `local bodies = {}
${files.map((f) => `do local h = io.open(${JSON.stringify(f)}, "rb"); bodies[#bodies + 1] = h:read("*a"); h:close() end`).join('\n')}
local n = 0
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer ${key}"
wrk.headers["Content-Type"] = ${JSON.stringify(spec.contentType)}
request = function()
  n = n % #bodies + 1
  return wrk.format(nil, nil, nil, bodies[n])
end
-- Statuses other than 2xx, counted in the thread and printed at the end.
other = ""
local counts = {}
response = function(status, headers, body)
  if status < 200 or status > 299 then
    counts[status] = (counts[status] or 0) + 1
    local parts = {}
    for s, c in pairs(counts) do parts[#parts + 1] = s .. "x" .. c end
    other = table.concat(parts, ",")
  end
end
local threads = {}
setup = function(thread) threads[#threads + 1] = thread end
done = function()
  for _, t in ipairs(threads) do
    local o = t:get("other")
    if o and o ~= "" then io.write("statuses: " .. o .. "\\n") end
  end
end
`,
  );
  return script;
}

interface RouteResult {
  route: string;
  rps: number;
  errors: number;
  p99: number;
}

async function wrkRoute(spec: RouteSpec, server: Running): Promise<RouteResult> {
  const out = await runWrk([
    '-t1',
    `-c${CONNECTIONS}`,
    `-d${SECONDS}s`,
    '--timeout',
    '30s',
    '--latency',
    '-s',
    wrkScript(spec, server.key),
    `${server.base}${spec.path}`,
  ]);
  const statuses = /statuses: (\S+)/.exec(out)?.[1];
  if (statuses) console.log(`  ${spec.route}: answers other than 2xx: ${statuses}`);
  return wrkResult(spec.route, out);
}

/** Runs wrk and returns what it printed. */
async function runWrk(args: string[]): Promise<string> {
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await once(child, 'exit');
  return out;
}

/** req/s, errors (answers other than 2xx and socket errors) and p99 from wrk's summary. */
function wrkResult(route: string, out: string): RouteResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((a, n) => a + Number(n), 0) : 0);
  const p99Match = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99 = p99Match
    ? Number(p99Match[1]) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[p99Match[2]]
    : NaN;
  return { route, rps, errors, p99 };
}

/** The fixed mix: one wrk, every connection sending FIXED_MIX's requests in one order. */
async function wrkFixedMix(server: Running): Promise<RouteResult> {
  const items: { path: string; contentType: string; file: string }[] = [];
  for (const spec of routes().filter((r) => ROUTES.includes(r.route))) {
    for (let i = 0; i < (FIXED_MIX[spec.route] ?? 1); i++) {
      const file = join(work, `mix-${spec.route}-${i}.body`);
      writeFileSync(file, spec.bodies[i % spec.bodies.length]);
      items.push({ path: new URL(server.base).pathname + spec.path, contentType: spec.contentType, file });
    }
  }
  const script = join(work, 'mix.lua');
  writeFileSync(
    script,
    `local items = {}
${items.map((it) => `do local h = io.open(${JSON.stringify(it.file)}, "rb"); items[#items + 1] = { path = ${JSON.stringify(it.path)}, ct = ${JSON.stringify(it.contentType)}, body = h:read("*a") }; h:close() end`).join('\n')}
local n = 0
request = function()
  n = n % #items + 1
  local it = items[n]
  return wrk.format("POST", it.path, { ["Authorization"] = "Bearer ${server.key}", ["Content-Type"] = it.ct }, it.body)
end
`,
  );
  return wrkResult(
    'mix',
    await runWrk([
      '-t1',
      `-c${CONNECTIONS * 4}`,
      `-d${SECONDS}s`,
      '--timeout',
      '30s',
      '--latency',
      '-s',
      script,
      server.base,
    ]),
  );
}

async function autocannonRoute(spec: RouteSpec, server: Running): Promise<RouteResult> {
  const latencies: number[] = [];
  let errors = 0;
  const result = await runAutocannon(
    {
      url: `${server.base}${spec.path}`,
      method: 'POST',
      headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': spec.contentType },
      requests: spec.bodies.map((body) => ({ body })),
      connections: CONNECTIONS,
      duration: SECONDS,
    },
    (status, ms) => {
      latencies.push(ms);
      if (status < 200 || status > 299) errors++;
    },
  );
  return {
    route: spec.route,
    rps: latencies.length / SECONDS,
    errors: errors + result.errors + result.timeouts,
    p99: summarize(latencies).p99,
  };
}

async function httpMix(
  server: Running,
  redisPid: number | undefined,
): Promise<{ total: number; routes: RouteResult[]; cpu: CpuShare }> {
  const meter = cpuMeter(server.child.pid!, redisPid);
  const results =
    MIX === 'fixed' && HAS_WRK
      ? [await wrkFixedMix(server)]
      : await Promise.all(
          routes()
            .filter((r) => ROUTES.includes(r.route))
            .map((spec) => (HAS_WRK ? wrkRoute(spec, server) : autocannonRoute(spec, server))),
        );
  return { total: results.reduce((a, r) => a + r.rps, 0), routes: results, cpu: meter() };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
}

async function main(): Promise<void> {
  if (spawnSync('redis-server', ['--version']).error) {
    console.log('skipped: redis-server is not installed (Debian package redis-server)');
    return;
  }
  const redis = await startRedis(work);
  const config = join(work, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({ rateLimits: { live: { limit: 1e9, windowSeconds: 60 } }, demo: { credits: 1e12 } }),
  );
  const audio = voicePcm(RT_SECONDS);
  const http = new Map<string, number[]>();
  const perRoute = new Map<string, RouteResult[]>();
  const rt = new Map<string, RealtimeResult[]>();
  let failures = 0;
  const client = !HAS_WRK
    ? `autocannon in this process; ${CONNECTIONS} connections per route`
    : MIX === 'fixed'
      ? `one wrk thread, ${CONNECTIONS * 4} connections, each sending ${Object.entries(FIXED_MIX)
          .map(([r, n]) => `${n} ${r}`)
          .join(', ')} in turn`
      : `wrk, one thread per route; ${CONNECTIONS} connections per route`;
  console.log(`client: ${client}, ${SECONDS} s; ${SOCKETS} realtime sockets × ${RT_SECONDS} s`);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = SERVERS.map((_, i) => SERVERS[(i + round) % SERVERS.length]);
      for (const name of order) {
        const server = await startServer(name, redis.url, redis.port, config);
        try {
          if (PARTS.includes('http')) {
            const before = load1();
            const mix = await httpMix(server, name === 'memory' ? undefined : redis.child.pid);
            http.set(name, [...(http.get(name) ?? []), mix.total]);
            perRoute.set(name, [...(perRoute.get(name) ?? []), ...mix.routes]);
            const errors = mix.routes.reduce((a, r) => a + r.errors, 0);
            failures += errors;
            console.log(
              `round ${round + 1} ${name}: ${mix.total.toFixed(0)} req/s (${mix.routes.map((r) => `${r.route} ${r.rps.toFixed(0)}, p99 ${r.p99.toFixed(0)} ms`).join('; ')}) errors ${errors}, load ${before} → ${load1()}; CPU (% of one core) server ${mix.cpu.server} (main threads ${mix.cpu.serverMain}), redis ${mix.cpu.redis}, clients ${mix.cpu.client}, idle ${mix.cpu.idle}`,
            );
          }
          if (PARTS.includes('realtime')) {
            const before = load1();
            const r = await runRealtime({
              baseUrl: server.base,
              key: server.key,
              sockets: SOCKETS,
              audio,
              stagger: STAGGER,
            });
            rt.set(name, [...(rt.get(name) ?? []), r]);
            failures += r.errors.length + (SOCKETS - r.completed);
            const lag = summarize(r.finalLag);
            console.log(
              `round ${round + 1} ${name} realtime: completed ${r.completed}/${SOCKETS}, errors ${r.errors.length}${r.errors.length ? ` (${[...new Set(r.errors)].slice(0, 3).join('; ')})` : ''}, final lag p50 ${lag.p50.toFixed(0)} / p99 ${lag.p99.toFixed(0)} / max ${lag.max.toFixed(0)} ms (${lag.n} finals), load ${before} → ${load1()}`,
            );
          }
        } finally {
          await stop(server);
        }
      }
    }
  } finally {
    redis.child.kill('SIGTERM');
    await once(redis.child, 'exit');
    rmSync(work, { recursive: true, force: true });
  }
  if (http.size > 0) {
    console.log('\n| server | HTTP mix req/s (median) | runs |\n|---|---|---|');
    for (const name of SERVERS)
      console.log(
        `| ${name} | ${median(http.get(name) ?? []).toFixed(0)} | ${(http.get(name) ?? []).map((x) => x.toFixed(0)).join(', ')} |`,
      );
    const one = median(http.get('redis-1') ?? []);
    const two = median(http.get('redis-2') ?? []);
    if (one && two) console.log(`redis-2 / redis-1: ${(two / one).toFixed(2)}×`);
  }
  if (rt.size > 0) {
    console.log('\n| server | completed | final lag p50 | p99 | max |\n|---|---|---|---|---|');
    for (const name of SERVERS) {
      const runs = rt.get(name) ?? [];
      const lag = summarize(runs.flatMap((r) => r.finalLag));
      console.log(
        `| ${name} | ${runs.map((r) => r.completed).join(', ')} of ${SOCKETS} | ${lag.p50.toFixed(0)} ms | ${lag.p99.toFixed(0)} ms | ${lag.max.toFixed(0)} ms |`,
      );
    }
  }
  console.log(`\nRESULT instances: ${failures === 0 ? 'ok' : `${failures} errors`}`);
  process.exitCode = failures === 0 ? 0 : 1;
}

await main();
