/**
 * What one Redis round trip costs the emulator's process (issue 23): the CPU (all threads, user + system) this
 * process spends per command sent through ioredis, with 10 callers each awaiting one command at a time, as
 * the request path does at 10 connections. This is the floor under the Redis store's extra CPU per request:
 * a request that must make N round trips costs at least N times this figure more than with the memory store.
 *
 * Commands: a plain GET, and a defined Lua script shaped like the rate-limit hit (HGET, GET, INCR, PEXPIRE).
 *
 * Run: npx tsx bench/redis-round-trip.bench.ts [--seconds 3] [--rounds 3] [--unix]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { freePort, load1 } from './lib.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('--seconds', 3);
const ROUNDS = arg('--rounds', 3);
const CALLERS = 10;
/** Calls per second in all for the paced rounds: about the rate the emulator serves a search over Redis. */
const RATE = arg('--rate', 3000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const HIT = `
local over = redis.call('HGET', KEYS[1], ARGV[1])
local n = tonumber(redis.call('GET', KEYS[2]) or '0')
if n >= tonumber(ARGV[2]) then return {0, n} end
n = redis.call('INCR', KEYS[2])
if n == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
return {1, n, over or ''}
`;

async function main(): Promise<void> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'redis-rt-'));
  const server = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--unixsocket',
      join(dir, 'redis.sock'),
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) =>
    createInterface({ input: server.stdout }).on('line', (l) => l.includes('Ready to accept') && resolve()),
  );
  // `--unix`: over the server's Unix socket instead of loopback TCP.
  const redis = process.argv.includes('--unix')
    ? new Redis({ path: join(dir, 'redis.sock'), lazyConnect: true })
    : new Redis({ port, host: '127.0.0.1', lazyConnect: true });
  await redis.connect();
  redis.defineCommand('benchHit', { numberOfKeys: 2, lua: HIT });
  const hit = (redis as unknown as { benchHit: (...a: unknown[]) => Promise<unknown> }).benchHit.bind(redis);
  const kinds: Record<string, () => Promise<unknown>> = {
    // No command: what the pacing itself costs (timers, promises), to subtract from the paced rounds.
    none: () => Promise.resolve(),
    get: () => redis.get('bench:k'),
    script: () => hit('bench:over', 'bench:w', 'key_1', 1e12, 60_000),
  };
  const results: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [kind, call] of Object.entries(kinds)) {
      for (const paced of [false, true]) {
        const name = `${kind}${paced ? ` paced at ${RATE}/s` : ' back to back'}`;
        const end = Date.now() + SECONDS * 1000;
        let calls = 0;
        const cpu = process.cpuUsage();
        await Promise.all(
          Array.from({ length: CALLERS }, async (_, i) => {
            // Paced: each caller waits between calls, so commands leave one at a time as requests arrive.
            if (paced) await sleep((i * 1000 * CALLERS) / RATE / CALLERS);
            while (Date.now() < end) {
              await call();
              calls++;
              if (paced) await sleep((1000 * CALLERS) / RATE);
            }
          }),
        );
        const used = process.cpuUsage(cpu);
        const us = (used.user + used.system) / calls;
        (results[name] ??= []).push(us);
        console.log(
          `round ${round + 1} ${name}: ${us.toFixed(1)} µs CPU/call (user ${(used.user / calls).toFixed(1)}, system ${(used.system / calls).toFixed(1)}), ${Math.round(calls / SECONDS)} calls/s, load ${load1()}`,
        );
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log('| command (10 callers) | median µs CPU per round trip (this process) | rounds |');
  console.log('|---|---|---|');
  for (const [name, xs] of Object.entries(results))
    console.log(`| ${name} | ${median(xs).toFixed(1)} | ${xs.map((x) => x.toFixed(1)).join(', ')} |`);
  redis.disconnect();
  server.kill('SIGTERM');
}

await main();
