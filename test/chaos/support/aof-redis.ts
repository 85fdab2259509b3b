/**
 * A private redis-server for the fault tests: append-only file on with `--appendfsync always` in its own
 * temporary directory, on a free port, so a SIGKILL loses nothing Redis acknowledged and a restart on the same
 * port and directory comes back with the same data. It can be killed (SIGKILL) and started again, and
 * stalled (SIGSTOP) and resumed (SIGCONT). Every wait is on an event: the server's "Ready to accept
 * connections" line, or its exit; the only timers are the fault durations the caller chooses.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../support/free-port.js';

/** Why the fault tests cannot run here, or undefined when redis-server is on the PATH. */
export function redisMissing(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error)
    return `redis-server is not on the PATH (${probe.error.message}); .ci/packages installs it`;
  return undefined;
}

export class AofRedis {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private stalled = false;
  /** The server's output of its current run, for error messages. */
  private lines: string[] = [];

  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  /** Starts one on a free port in a new temporary directory; resolves once it accepts connections. */
  static async start(): Promise<AofRedis> {
    const redis = new AofRedis(await freePort(), mkdtempSync(join(tmpdir(), 'svc-chaos-redis-')));
    await redis.launch();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  private launch(): Promise<void> {
    this.lines = [];
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    this.exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      createInterface({ input: child.stderr }).on('line', (line) => this.lines.push(line));
      createInterface({ input: child.stdout }).on('line', (line) => {
        this.lines.push(line);
        if (line.includes('Ready to accept connections')) resolve();
      });
      void this.exited.then(() =>
        reject(
          new Error(
            `redis-server on port ${this.port} exited before it was ready:\n${this.lines.join('\n')}`,
          ),
        ),
      );
    });
  }

  /** SIGKILL: no shutdown, no final write; resolves once the process is gone. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGKILL');
    this.stalled = false;
    await this.exited;
  }

  /** Starts it again on the same port and directory (it loads the append-only file); resolves when ready. */
  async restart(): Promise<void> {
    if (this.running) throw new Error('restart() of a redis-server that is still running');
    await this.launch();
  }

  /** SIGSTOP: the process keeps its sockets but answers nothing until resume(). */
  stall(): void {
    if (!this.running) throw new Error('stall() of a redis-server that is not running');
    this.child!.kill('SIGSTOP');
    this.stalled = true;
  }

  /** SIGCONT after stall(). */
  resume(): void {
    if (!this.stalled) return;
    this.child!.kill('SIGCONT');
    this.stalled = false;
  }

  /** Stops it for good and removes its directory. */
  async stop(): Promise<void> {
    if (this.running) {
      this.child!.kill('SIGKILL');
      await this.exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
