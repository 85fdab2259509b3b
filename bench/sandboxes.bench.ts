/**
 * Sandboxes (issue 24): the cost of making, resetting and keeping them, on the built CLI.
 *
 *   npm run build && npx tsx bench/sandboxes.bench.ts [--creates 300] [--resets 15] [--idle 1000]
 *
 * - create: `--creates` sandboxes made one after another (POST /_emulator/sandboxes, keep-alive), the answer
 *   time of each (targets: p99 ≤ 5 ms);
 * - reset: `--resets` times, a sandbox filled with 100 documents (indexed) and 1,000 ledger entries (live TTS of
 *   one character), then POST /_emulator/sandboxes/{id}/reset timed (target: p99 ≤ 10 ms);
 * - idle: the process's resident set (VmRSS) before and after `--idle` more sandboxes, each time after two
 *   seconds of rest (target: at most 50 MB added for 1,000).
 * Each part starts a fresh process (so one part's garbage does not land in another's figures).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { argNumber, fmt, load1, summarize } from './lib.js';

const CREATES = argNumber('creates', 300);
const RESETS = argNumber('resets', 15);
const IDLE = argNumber('idle', 1000);
const ROOT = join(import.meta.dirname, '..');

interface Started {
  child: ChildProcess;
  admin: string;
  base: string;
}

async function start(): Promise<Started> {
  const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), '--port', '0', '--no-demo-corpus'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const ready = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the emulator exited (${code}) before its readiness line`)),
    );
    lines.on('line', (line) => {
      if (/ready at /.test(line)) resolve(line);
    });
  });
  const [, base, admin] = /ready at (\S+) \(admin (\S+)\)/.exec(ready)!;
  return { child, admin, base };
}

async function stop(s: Started): Promise<void> {
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

async function json(method: string, url: string, body?: unknown, key?: string): Promise<any> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(/(\d+)/.exec(line)![1]) / 1024;
}

const rest = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function benchCreate(): Promise<void> {
  const s = await start();
  try {
    for (let i = 0; i < 20; i++) await json('POST', `${s.admin}/sandboxes`, {}); // warm-up
    const samples: number[] = [];
    // The floor, side by side: an admin read that does nothing (GET /clock), alternated with the creates.
    const floor: number[] = [];
    for (let i = 0; i < CREATES; i++) {
      let t = performance.now();
      await json('POST', `${s.admin}/sandboxes`, { name: `bench ${i}`, clock: { mode: 'frozen' } });
      samples.push(performance.now() - t);
      t = performance.now();
      await json('GET', `${s.admin}/clock`);
      floor.push(performance.now() - t);
    }
    for (const [label, list] of [
      ['create (with a frozen clock each)', samples],
      ['GET /clock, alternated (the floor)', floor],
    ] as const) {
      const r = summarize(list);
      console.log(
        `${label} (${r.n}): p50 ${fmt(r.p50)}  p90 ${fmt(r.p90)}  p99 ${fmt(r.p99)}  max ${fmt(r.max)}  load ${load1()}`,
      );
    }
  } finally {
    await stop(s);
  }
}

async function fill(s: Started, sbx: any): Promise<void> {
  const key = sbx.keys.live.key;
  for (let d = 0; d < 100; d++) {
    const form = new FormData();
    const text = `Document ${d} of the reset benchmark. ` + 'Leave policy and travel rules. '.repeat(20);
    form.append('file', new Blob([text], { type: 'text/plain' }), `doc-${d}.txt`);
    form.append('title', `doc ${d}`);
    const res = await fetch(`${s.base}/rag/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    if (res.status >= 300) throw new Error(`upload: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  // Indexing jobs finish on the sandbox's clock.
  await json('POST', `${s.admin}/sandboxes/${sbx.id}/clock/advance`, { seconds: 60 });
  for (let i = 0; i < 1000; i++) {
    // A fresh rate-limit window (600 requests per 60 s of the sandbox's clock) every 500 requests.
    if (i % 500 === 0) await json('POST', `${s.admin}/sandboxes/${sbx.id}/clock/advance`, { seconds: 60 });
    const res = await fetch(`${s.base}/tts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'س', voice: 'ar-SA-noura', quality: 'fast' }),
    });
    if (res.status !== 200) throw new Error(`tts: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
}

async function benchReset(): Promise<void> {
  const s = await start();
  try {
    const samples: number[] = [];
    const sbx = await json('POST', `${s.admin}/sandboxes`, { credits: 1_000_000, clock: { mode: 'frozen' } });
    for (let i = 0; i < RESETS; i++) {
      await fill(s, sbx);
      const docs = await json('GET', `${s.base}/rag/documents?limit=200`, undefined, sbx.keys.live.key);
      const usage = await json('GET', `${s.admin}/orgs/${sbx.org_id}/usage?limit=2000`);
      if (docs.documents.length !== 100 || usage.entries.length < 1000)
        throw new Error(`filled ${docs.documents.length} documents, ${usage.entries.length} ledger entries`);
      const t = performance.now();
      await json('POST', `${s.admin}/sandboxes/${sbx.id}/reset`);
      samples.push(performance.now() - t);
    }
    const r = summarize(samples);
    console.log(
      `reset (${r.n}, 100 documents + ${1000 + 100} ledger entries each): p50 ${fmt(r.p50)}  p90 ${fmt(r.p90)}  p99 ${fmt(r.p99)}  max ${fmt(r.max)}  load ${load1()}`,
    );
  } finally {
    await stop(s);
  }
}

async function benchIdle(): Promise<void> {
  const s = await start();
  try {
    for (let i = 0; i < 20; i++) await json('POST', `${s.admin}/sandboxes`, {}); // warm-up, code paths loaded
    await rest(2000);
    const before = rssMb(s.child.pid!);
    for (let i = 0; i < IDLE; i++)
      await json('POST', `${s.admin}/sandboxes`, { name: `idle ${i}`, clock: { mode: 'frozen' } });
    await rest(2000);
    const after = rssMb(s.child.pid!);
    console.log(
      `idle: ${IDLE} sandboxes (each with its own clock) add ${(after - before).toFixed(1)} MB of RSS (${before.toFixed(1)} → ${after.toFixed(1)} MB)  load ${load1()}`,
    );
  } finally {
    await stop(s);
  }
}

await benchCreate();
await benchReset();
await benchIdle();
