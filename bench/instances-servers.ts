/**
 * The processes of the instances benchmark (instances.bench.ts): a Redis, and each server under test as its
 * own `node dist/cli.js` (run `npm run build` first), started and read from their stdout, then stopped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './lib.js';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'dist', 'cli.js');

/** Resolves with the child's first stdout line matching each pattern, in order (one reader for all of them). */
function lines(child: ChildProcess, wanted: RegExp[], what: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const seen: string[] = [];
    const found: string[] = [];
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      seen.push(line);
      if (found.length < wanted.length && wanted[found.length].test(line)) {
        found.push(line);
        if (found.length === wanted.length) resolve(found);
      }
    });
    child.once('exit', (code) =>
      reject(
        new Error(`${what} exited (${code}) before /${wanted[found.length]?.source}/:\n${seen.join('\n')}`),
      ),
    );
  });
}

/** A Redis of its own on a free port, keeping its files in `dir`. */
export async function startRedis(dir: string): Promise<{ url: string; port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await lines(child, [/Ready to accept connections/], 'redis-server');
  return { url: `redis://127.0.0.1:${port}/0`, port, child };
}

export interface Running {
  name: string;
  child: ChildProcess;
  base: string;
  key: string;
}

export async function startServer(
  name: string,
  redisUrl: string,
  redisPort: number,
  config: string,
): Promise<Running> {
  // Each run starts from an empty Redis, as a fresh deployment would.
  spawnSync('redis-cli', ['-p', String(redisPort), 'flushall']);
  const port = await freePort();
  const store = name === 'memory' ? ['--store', 'memory'] : ['--store', redisUrl];
  const instances = name === 'redis-2' ? ['--instances', '2'] : [];
  const child = spawn(
    process.execPath,
    [
      ...(process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      BIN,
      '--port',
      String(port),
      '--config',
      config,
      '--seed',
      'instances-bench',
      '--log-level',
      'silent',
      '--wait-ready',
      ...store,
      ...instances,
    ],
    // SERVER_NODE_FLAGS (for example --cpu-prof) go to the servers only, not to this client.
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [ready, keyLine] = await lines(child, [/^svc-emulator ready at /, /^demo live key: /], name);
  const base = /ready at (\S+)/.exec(ready)![1];
  const key = keyLine.split(': ')[1];
  return { name, child, base, key };
}

export async function stop(server: Running): Promise<void> {
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
}
