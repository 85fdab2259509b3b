/**
 * `svc-emulator --instances N`: N processes on one port through node:cluster (the primary accepts and hands
 * connections to the workers in turn), sharing state through the Redis store. Each worker is a whole
 * emulator with the instance id `<base>-<n>`; the primary prints one readiness line once all listen.
 */
import cluster, { type Worker } from 'node:cluster';
import { generateInstanceId } from '../store/state-store.js';

/** What a worker tells the primary once it listens (and is ready, with --wait-ready). */
export interface WorkerReady {
  type: 'svc-emulator:ready';
  instanceId: string;
  baseUrl: string;
  adminUrl: string;
  store: string;
  banner: string[];
}

export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

export function tellPrimary(message: WorkerReady): void {
  process.send?.(message);
}

/** The worker's arguments: the primary's, without the options the primary decides for each worker. */
export function workerArgs(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--instances' || arg === '--instance-id') i++;
    else if (!arg.startsWith('--instances=') && !arg.startsWith('--instance-id=')) out.push(arg);
  }
  return out;
}

/** Runs the primary: forks the workers, prints the readiness line, restarts a worker that dies, stops them all on a signal. */
export async function runPrimary(
  argv: string[],
  opts: { instances: number; instanceId: string | null },
): Promise<number> {
  const base = opts.instanceId ?? generateInstanceId();
  cluster.setupPrimary({ args: workerArgs(argv) });
  const ready = new Map<number, WorkerReady>();
  let stopping = false;
  let announced = false;
  let failed: ((code: number) => void) | undefined;
  const failure = new Promise<number>((resolve) => (failed = resolve));

  const fork = (n: number): Worker => {
    // SVC_EMULATOR_INSTANCES=1 makes the worker an emulator, not another primary, whatever the user's environment says.
    const worker = cluster.fork({ SVC_EMULATOR_INSTANCE_ID: `${base}-${n}`, SVC_EMULATOR_INSTANCES: '1' });
    worker.on('message', (message: WorkerReady) => {
      if (message?.type !== 'svc-emulator:ready') return;
      ready.set(n, message);
      if (!announced && ready.size === opts.instances) {
        announced = true;
        const first = ready.get(1)!;
        console.log(
          `svc-emulator ready at ${first.baseUrl} (admin ${first.adminUrl}) store ${first.store} instances ${opts.instances}`,
        );
        for (const line of first.banner) console.log(line);
      }
    });
    worker.once('exit', (code, signal) => {
      ready.delete(n);
      if (stopping) return;
      if (!announced) {
        // A worker that cannot start (Redis unreachable, port in use) has said why on stderr.
        failed?.(code ?? 1);
        return;
      }
      console.error(`svc-emulator: instance ${base}-${n} exited (${signal ?? code}); starting it again`);
      fork(n);
    });
    return worker;
  };
  for (let n = 1; n <= opts.instances; n++) fork(n);

  const signalled = new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      console.log(`svc-emulator: ${signal} received, stopping ${opts.instances} instances`);
      resolve(0);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  const code = await Promise.race([signalled, failure]);
  stopping = true;
  await Promise.all(
    Object.values(cluster.workers ?? {}).map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (!worker || worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
          worker.process.kill('SIGTERM');
        }),
    ),
  );
  return code;
}
