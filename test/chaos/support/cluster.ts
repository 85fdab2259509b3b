/**
 * Two or three emulator processes (the built CLI, as users run it, through test/support/cli.ts) over one
 * AofRedis, each on port 0; one can be SIGKILLed mid-burst and a replacement started under a new instance id,
 * as a container platform would. `CHAOS_CLI=/path/to/dist/cli.js` runs another build (an A/B of a fix).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliRun } from '../../support/cli.js';
import type { AofRedis } from './aof-redis.js';

export interface Node {
  id: string;
  /** `http://127.0.0.1:PORT/v1` */
  base: string;
  /** `http://127.0.0.1:PORT/_emulator` */
  admin: string;
  run: CliRun;
}

/**
 * Every instance gets a rate limit far above what a burst sends (a 429 `rate_limited` would hide what the
 * faults do), and runs heavy work in-process (`--workers 0`: the two cores are shared).
 */
const CONFIG = { rateLimits: { live: { limit: 100_000_000, windowSeconds: 60 } } };

export class Cluster {
  /** The instances serving now, in start order (a killed one leaves at once). */
  readonly nodes: Node[] = [];
  private started = 0;
  private readonly dir = mkdtempSync(join(tmpdir(), 'svc-chaos-'));
  private readonly configFile = join(this.dir, 'config.json');

  private constructor(private readonly redis: AofRedis) {
    writeFileSync(this.configFile, JSON.stringify(CONFIG));
  }

  static async start(redis: AofRedis, count: number): Promise<Cluster> {
    const cluster = new Cluster(redis);
    const started = await Promise.allSettled(Array.from({ length: count }, () => cluster.launch()));
    for (const s of started) if (s.status === 'fulfilled') cluster.nodes.push(s.value);
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) {
      await cluster.stop();
      throw failed.reason;
    }
    return cluster;
  }

  /** Starts one more instance (`c1`, `c2`, … never reused) and resolves once it is ready; not yet in `nodes`. */
  private async launch(): Promise<Node> {
    const id = `c${++this.started}`;
    // An unset CHAOS_CLI passes undefined: runCli's default, this checkout's dist/cli.js.
    const run = runCli(
      [
        '--store',
        this.redis.url,
        '--port',
        '0',
        '--instance-id',
        id,
        '--config',
        this.configFile,
        '--no-demo-corpus',
        '--workers',
        '0',
        '--log-level',
        'warn',
      ],
      {},
      process.env.CHAOS_CLI || undefined,
    );
    const ready = await run.line(/^svc-emulator ready at /);
    const m = /ready at (\S+) \(admin (\S+)\) store (\S+) instance (\S+)$/.exec(ready);
    if (!m || m[3] !== this.redis.url || m[4] !== id)
      throw new Error(`instance ${id}: unexpected readiness line: ${ready}`);
    return { id, base: m[1], admin: m[2], run };
  }

  /** SIGKILL of one instance: it leaves `nodes` at once (no new request goes to it); resolves once it is gone. */
  async kill(node: Node): Promise<void> {
    const i = this.nodes.indexOf(node);
    if (i >= 0) this.nodes.splice(i, 1);
    if (node.run.child.exitCode === null && node.run.child.signalCode === null)
      node.run.child.kill('SIGKILL');
    await node.run.exited;
  }

  /** Starts a replacement under a new id; it joins `nodes` once ready. */
  async replace(): Promise<Node> {
    const node = await this.launch();
    this.nodes.push(node);
    return node;
  }

  /** Tops the cluster up to `count` instances (after a round that killed one and could not replace it). */
  async ensure(count: number): Promise<void> {
    while (this.nodes.length < count) await this.replace();
  }

  /** Instances that exited without being killed here: a crash is a finding, not a fault we injected. */
  crashed(): string[] {
    return this.nodes
      .filter((n) => n.run.child.exitCode !== null || n.run.child.signalCode !== null)
      .map(
        (n) =>
          `${n.id} exited (${n.run.child.exitCode ?? n.run.child.signalCode}): ${n.run.stderr.slice(-5).join(' | ')}`,
      );
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.splice(0).map((n) => this.kill(n)));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
