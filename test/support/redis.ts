/**
 * A real Redis for the shared-store tests: Debian's `redis-server` (installed by .ci/run), started on a
 * free port with no persistence in a temporary directory, stopped after the file's tests. Every wait is on
 * an event: the server's "Ready to accept connections" line, or its exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface TestRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts redis-server on a free port, or on `port` (a restart where an earlier one ran). */
export async function startRedis(port?: number): Promise<TestRedis> {
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'svc-redis-'));
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
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
