/**
 * A real Redis for the shared-store tests: Debian's `redis-server` (installed by .ci/run), started on a
 * free port with no persistence in a temporary directory, stopped after the file's tests. Every wait is on
 * an event: the server's "Ready to accept connections" line, or its exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { runCli, type CliRun } from './cli.js';
import { freePort } from './free-port.js';

export { freePort };

export interface TestRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts redis-server on a free port, or on `port` (a restart where an earlier one ran). With `dir`, Redis
 * keeps its dump there (a SAVE before stop() is loaded by the next start on that dir) and stop() leaves it.
 */
export async function startRedis(port?: number, keepDir?: string): Promise<TestRedis> {
  port ??= await freePort();
  const dir = keepDir ?? mkdtempSync(join(tmpdir(), 'svc-redis-'));
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const lines: string[] = [];
    child.once('error', reject);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      if (line.includes('Ready to accept connections')) resolve();
    });
    void exited.then(() =>
      reject(new Error(`redis-server exited before it was ready:\n${lines.join('\n')}`)),
    );
  });
  return {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An admin call to one instance, its JSON answer parsed. */
export async function adminCall<T>(
  on: Pick<StoreInstance, 'admin'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${on.admin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** One emulator process (the built CLI) over a shared store. */
export interface StoreInstance {
  run: CliRun;
  base: string;
  admin: string;
  liveKey: string;
}

/**
 * Starts the built CLI on `redis` as instance `id`, with a config file and further options; resolves once it
 * is ready, its readiness line naming the store and the instance.
 */
export async function startInstance(
  redis: TestRedis,
  id: string,
  configFile: string,
  options: string[] = [],
): Promise<StoreInstance> {
  const run = runCli([
    '--store',
    redis.url,
    '--port',
    '0',
    '--instance-id',
    id,
    '--config',
    configFile,
    ...options,
    '--no-demo-corpus',
  ]);
  const ready = await run.line(/^svc-emulator ready at /);
  const [, base, admin, store, instance] = /ready at (\S+) \(admin (\S+)\) store (\S+) instance (\S+)$/.exec(
    ready,
  )!;
  if (store !== redis.url || instance !== id)
    throw new Error(`the readiness line names another store or instance: ${ready}`);
  const liveKey = (await run.line(/^demo live key: /)).split(': ')[1];
  return { run, base, admin, liveKey };
}
