/**
 * Start-up and idle memory of the built CLI (issue 15), side by side with another build, or one build on
 * several Node.js binaries.
 *
 *   npx tsx bench/startup.bench.ts [--starts 5] [--idle-ms 2000] [--root DIR]
 *     [--against /work/main/dist | --nodes BIN,BIN[,…]]
 *
 * For each build, alternating, `--starts` times: spawn `node DIST/cli.js --port 0`, and measure
 *  - readiness: spawn → the readiness line on stdout;
 *  - first 200: spawn → the first 200 on POST /v1/rag/search (retrieve, demo corpus, the demo live key),
 *    polled from the moment the key is printed;
 *  - idle RSS: the process's resident set (VmRSS, worker threads included) `--idle-ms` after the readiness
 *    line, with no request in between (a separate spawn from the timed one, so the search does not count);
 *  - CPU to readiness: the process's CPU time (user + system, all threads; `process.cpuUsage()` in an
 *    `--import` hook that exits on the readiness line, a separate spawn), steadier than wall time on a busy
 *    machine;
 *  - CPU to first 200: the CPU time of all the process's threads (schedstat of each of /proc/PID/task) when the first
 *    200 arrives, in the timed spawn.
 * Prints medians per build, and Node's own start (`node -e 0`, spawn → exit) for scale. Without `--against`,
 * only this worktree's build. `--root DIR` measures the build of another checkout (`DIR/dist/cli.js`, with
 * `openapi`, `fixtures`, `ui`, `node_modules` and `package.json` beside it) instead of this worktree's.
 * `--nodes BIN,BIN[,…]` instead of `--against`: that one build on each Node.js binary in turn, each start
 * beginning with the next binary (rotation); one row per binary, named by its `node --version`, with its own
 * `node -e 0`. The `--import` hook is plain ESM, loaded by every line from Node.js 20 on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { argNodes, argNumber, argRoot, load1, median, rotate } from './lib.js';

const STARTS = argNumber('starts', 5);
const IDLE_MS = argNumber('idle-ms', 2000);
const ROOT = argRoot();
const againstIndex = process.argv.indexOf('--against');
const NODES = argNodes();
if (NODES && againstIndex > 0) throw new Error('--against and --nodes do not go together');
/** What is started: a build (its `dist`) on a Node.js binary. */
const BUILDS: { name: string; dist: string; bin: string }[] = NODES
  ? NODES.map((n) => ({ name: n.name, dist: join(ROOT, 'dist'), bin: n.bin }))
  : [{ name: 'this build', dist: join(ROOT, 'dist'), bin: process.execPath }];
if (!NODES && againstIndex > 0 && process.argv[againstIndex + 1])
  BUILDS.push({
    name: process.argv[againstIndex + 1],
    dist: resolve(process.argv[againstIndex + 1]),
    bin: process.execPath,
  });
const BODY = JSON.stringify({ query: 'annual leave policy', mode: 'retrieve', top_k: 5 });

// Loaded with --import: prints the process's CPU time at the readiness line and exits.
const HOOK_DIR = mkdtempSync(join(tmpdir(), 'startup-bench-'));
const HOOK = join(HOOK_DIR, 'cpu-at-ready.mjs');
writeFileSync(
  HOOK,
  `const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  if (String(chunk).includes('ready at')) {
    const u = process.cpuUsage();
    process.stderr.write('cpu-at-ready ' + (u.user + u.system) / 1000 + '\\n');
    process.exit(0);
  }
  return write(chunk, ...rest);
};
`,
);

interface Started {
  child: ChildProcess;
  readyMs: number;
  origin: string;
  key: string;
  started: number;
}

async function start(dist: string, bin: string): Promise<Started> {
  const started = performance.now();
  const child = spawn(bin, [join(dist, 'cli.js'), '--port', '0', '--log-level', 'error'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let readyMs = 0;
  let origin = '';
  let key = '';
  for await (const line of createInterface({ input: child.stdout })) {
    const ready = /ready at (http:\/\/[^/]+)\/v1/.exec(line);
    if (ready) {
      readyMs = performance.now() - started;
      origin = ready[1];
    }
    const k = /demo live key: (\S+)/.exec(line);
    if (k) {
      key = k[1];
      break;
    }
  }
  child.stdout.resume();
  if (!key) {
    if (child.exitCode === null) await once(child, 'exit');
    throw new Error(`${bin} ${dist}/cli.js exited (${child.exitCode}) before its demo key`);
  }
  return { child, readyMs, origin, key, started };
}

async function firstSearch(s: Started): Promise<number> {
  for (;;) {
    const res = await fetch(`${s.origin}/v1/rag/search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.key}`, 'Content-Type': 'application/json' },
      body: BODY,
    });
    await res.arrayBuffer();
    if (res.status === 200) return performance.now() - s.started;
    if (performance.now() - s.started > 30_000) throw new Error(`POST /v1/rag/search answered ${res.status}`);
  }
}

/** CPU time of every thread of the process so far, in ms (schedstat: nanoseconds on the CPU). */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      /* the thread exited meanwhile */
    }
  }
  return ns / 1e6;
}

async function cpuToReady(dist: string, bin: string): Promise<number> {
  const child = spawn(bin, ['--import', HOOK, join(dist, 'cli.js'), '--port', '0', '--log-level', 'error'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  await once(child, 'exit');
  const m = /cpu-at-ready (\S+)/.exec(text);
  if (!m) throw new Error(`no readiness line from ${bin} ${dist}/cli.js: ${text}`);
  return Number(m[1]);
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function bareNode(bin = process.execPath): Promise<number> {
  const started = performance.now();
  const child = spawn(bin, ['-e', '0'], { stdio: 'ignore' });
  await once(child, 'exit');
  return performance.now() - started;
}

async function main(): Promise<void> {
  for (const b of BUILDS)
    if (!existsSync(join(b.dist, 'cli.js')))
      throw new Error(`${b.dist}/cli.js is missing: run \`npm run build\``);
  const results = new Map(
    BUILDS.map((b) => [
      b.name,
      {
        ready: [] as number[],
        first: [] as number[],
        rss: [] as number[],
        cpuReady: [] as number[],
        cpuFirst: [] as number[],
        bare: [] as number[],
      },
    ]),
  );
  const loadBefore = load1();
  const bare: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    if (!NODES) bare.push(await bareNode());
    for (const b of rotate(BUILDS, i)) {
      const r = results.get(b.name)!;
      if (NODES) r.bare.push(await bareNode(b.bin));
      const timed = await start(b.dist, b.bin);
      r.ready.push(timed.readyMs);
      r.first.push(await firstSearch(timed));
      r.cpuFirst.push(cpuMs(timed.child.pid!));
      await stop(timed.child);
      r.cpuReady.push(await cpuToReady(b.dist, b.bin));
      const idle = await start(b.dist, b.bin);
      await new Promise((res) => setTimeout(res, IDLE_MS));
      r.rss.push(rssMb(idle.child.pid!));
      await stop(idle.child);
    }
  }
  const ms = (xs: number[]) => `${median(xs).toFixed(0)} ms`;
  if (NODES) {
    console.log(
      `build ${ROOT}, starts ${STARTS} per Node.js binary, idle RSS ${IDLE_MS} ms after readiness; load ${loadBefore} → ${load1()}`,
    );
    console.log(
      '| node | readiness line (median) | first 200 POST /v1/rag/search (median) | CPU to readiness (median) | CPU to first 200 (median) | idle RSS (median) | node -e 0 (median) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const b of BUILDS) {
      const r = results.get(b.name)!;
      console.log(
        `| ${b.name} | ${ms(r.ready)} | ${ms(r.first)} | ${ms(r.cpuReady)} | ${ms(r.cpuFirst)} | ${median(r.rss).toFixed(1)} MiB | ${ms(r.bare)} |`,
      );
    }
    return;
  }
  console.log(
    `starts ${STARTS} per build, idle RSS ${IDLE_MS} ms after readiness; load ${loadBefore} → ${load1()}; node -e 0: ${median(bare).toFixed(0)} ms`,
  );
  console.log(
    '| build | readiness line (median) | first 200 POST /v1/rag/search (median) | CPU to readiness (median) | CPU to first 200 (median) | idle RSS (median) |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const [name, r] of results) {
    console.log(
      `| ${name} | ${ms(r.ready)} | ${ms(r.first)} | ${ms(r.cpuReady)} | ${ms(r.cpuFirst)} | ${median(r.rss).toFixed(1)} MiB |`,
    );
  }
}

try {
  await main();
} finally {
  rmSync(HOOK_DIR, { recursive: true, force: true });
}
