/**
 * The worker pool: every CPU- or memory-heavy task (document extraction, audio decoding and analysis,
 * encoding) runs here, off the event loop, inside a memory ceiling and a wall-time budget
 * (docs/decisions.md, "Worker pool").
 *
 * - Tasks are named functions of the registry in `tasks.ts`; `run(name, input)` is typed by it.
 * - At most `size` tasks run at once; the rest wait here, so a task's time budget counts from the moment
 *   it is handed to a thread, not from when it was queued.
 * - A task over its memory ceiling (the worker's `resourceLimits`) or its time budget is stopped, its thread
 *   replaced, and `run` rejects with `TaskLimitError`; an aborted `signal` (client gone, job deleted) stops
 *   it the same way and rejects with the signal's reason.
 * - A task that throws rejects with `TaskError`, carrying the thrown error's name, `code` and message, so
 *   areas turn it back into their own errors.
 * - `size: 0` runs tasks in-process (debugging): same API, no ceilings beyond the time budget between awaits.
 * - Stopping a thread (an abort, `close`) always happens in a turn of its own. Piscina closes the thread's
 *   port when it stops it, but a port closed while its messages are being dispatched still delivers the
 *   answers already queued, and piscina throws an uncaught "Unexpected message from Worker" on an answer for
 *   a task it has forgotten: that crashed a process whose pool was closed in the continuation of one task
 *   while the next task's answer was already waiting (see pool.test.ts).
 */
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { ownsBuffer } from '../core/owned-bytes.js';
import { packagePath } from '../core/paths.js';
import type { MessagePort } from 'node:worker_threads';
import type { TaskInput, TaskName, TaskOutput, TaskRequest, TaskResult } from '../app/worker-tasks.js';
import { TaskError, TaskLimitError } from './errors.js';
import { readStream, type StreamOptions, type StreamPortInput } from './stream.js';

/** Tasks whose input carries a stream port: the ones `stream` can run. */
type StreamTaskName = { [N in TaskName]: TaskInput<N> extends StreamPortInput ? N : never }[TaskName];

export interface PoolOptions {
  /** Threads; 0 runs tasks in-process. Default: the number of cores. */
  size: number;
  /** Old-generation heap ceiling per worker thread, MiB. */
  memoryMb: number;
  /** Wall-time budget per task, ms. */
  timeMs: number;
}

export const DEFAULT_POOL_OPTIONS: PoolOptions = {
  size: availableParallelism(),
  memoryMb: 256,
  timeMs: 8_000,
};

export interface RunOptions {
  signal?: AbortSignal;
  /** Buffers (or ports) to move to the worker instead of copying (the caller must not use them afterwards). */
  transferList?: readonly (ArrayBuffer | MessagePort)[];
  /** Overrides the pool's time budget for this task. */
  timeMs?: number;
}

/**
 * Bytes to hand to a task, moved rather than copied: the caller's own memory when the view owns its
 * ArrayBuffer (an upload, or a view spanning a whole buffer), otherwise a copy. Pass `transferList` with
 * them; the caller's view is emptied by the move and must not be read again.
 */
export function movable(bytes: Uint8Array): { bytes: Uint8Array; transferList: ArrayBuffer[] } {
  const own = ownsBuffer(bytes) ? new Uint8Array(bytes.buffer, 0, bytes.byteLength) : new Uint8Array(bytes);
  return { bytes: own, transferList: [own.buffer as ArrayBuffer] };
}

export { TaskError, TaskLimitError, type LimitKind } from './errors.js';

class TimeBudget extends Error {}

/** Resolves in a later turn of the event loop, after the messages being dispatched now. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const isTsSource = import.meta.url.endsWith('.ts');

// Set by the CLI bundle (scripts/build.mjs): its worker entry, a file of dist/. Elsewhere (tsc output, sources)
// it is app/worker: the areas' tasks are composed at the root, and the pool, below the areas, finds that program
// by its path instead of importing it.
declare const __SVC_BUNDLED_WORKER__: string | undefined;

function workerFile(): string {
  if (typeof __SVC_BUNDLED_WORKER__ === 'string')
    return pathToFileURL(packagePath('dist', __SVC_BUNDLED_WORKER__)).href;
  return new URL(isTsSource ? '../app/worker.ts' : '../app/worker.js', import.meta.url).href;
}

export class WorkerPool {
  readonly options: PoolOptions;
  private piscina: Piscina<TaskRequest, TaskResult> | undefined;
  private running = 0;
  /** Called with an error when the pool closes before the task gets a thread. */
  private readonly waiting: ((closed?: Error) => void)[] = [];
  private closed = false;

  constructor(options: Partial<PoolOptions> = {}) {
    this.options = { ...DEFAULT_POOL_OPTIONS, ...options };
  }

  /** Tasks waiting for a thread, and tasks running. */
  stats(): { running: number; queued: number; threads: number } {
    return { running: this.running, queued: this.waiting.length, threads: this.piscina?.threads.length ?? 0 };
  }

  async run<N extends TaskName>(name: N, input: TaskInput<N>, opts: RunOptions = {}): Promise<TaskOutput<N>> {
    if (this.closed) throw new Error('the worker pool is closed');
    opts.signal?.throwIfAborted();
    await this.acquire(opts.signal);
    try {
      const result =
        this.options.size === 0
          ? await this.runInProcess(name, input, opts)
          : await this.runInWorker(name, input, opts);
      if (!result.ok)
        throw new TaskError(result.error.name, result.error.code, result.error.message, result.error.details);
      return result.value as TaskOutput<N>;
    } finally {
      this.release();
    }
  }

  /**
   * Runs a streaming task (stream.ts): its chunks are yielded as the task posts them, under a credit window;
   * leaving the loop early or aborting `signal` cancels the task.
   */
  stream<N extends StreamTaskName>(
    name: N,
    input: Omit<TaskInput<N>, keyof StreamPortInput>,
    opts: StreamOptions = {},
  ): AsyncGenerator<Uint8Array, void, undefined> {
    return readStream(
      (port, runOpts) => this.run(name, { ...input, ...port } as unknown as TaskInput<N>, runOpts),
      name,
      this.options.timeMs,
      opts,
    );
  }

  /** Tasks waiting for a thread reject; running ones are stopped (see the header on when). */
  async close(): Promise<void> {
    this.closed = true;
    for (const grant of this.waiting.splice(0)) grant(new Error('the worker pool is closed'));
    const p = this.piscina;
    this.piscina = undefined;
    if (!p) return;
    await nextTurn();
    await p.destroy();
  }

  private pool(): Piscina<TaskRequest, TaskResult> {
    this.piscina ??= new Piscina<TaskRequest, TaskResult>({
      filename: workerFile(),
      // The test suite runs the TypeScript sources; their worker needs the same loader.
      execArgv: isTsSource ? ['--import', 'tsx'] : [],
      minThreads: 0,
      maxThreads: this.options.size,
      idleTimeout: 30_000,
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.memoryMb,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
    });
    return this.piscina;
  }

  private async runInWorker<N extends TaskName>(
    name: N,
    input: TaskInput<N>,
    opts: RunOptions,
  ): Promise<TaskResult> {
    const budgetMs = opts.timeMs ?? this.options.timeMs;
    const budget = new AbortController();
    const timer = setTimeout(() => budget.abort(new TimeBudget()), budgetMs);
    timer.unref();
    const signal = opts.signal ? AbortSignal.any([opts.signal, budget.signal]) : budget.signal;
    // Piscina sees the abort one turn later (see the header); the task's answer in between is discarded.
    const stop = new AbortController();
    const onAbort = () => void nextTurn().then(() => stop.abort(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const result = await this.pool().run(
        { name, input },
        { signal: stop.signal, transferList: opts.transferList as (ArrayBuffer | MessagePort)[] | undefined },
      );
      signal.throwIfAborted();
      return result;
    } catch (err) {
      if (budget.signal.aborted)
        throw new TaskLimitError('time', `the task '${name}' exceeded its time budget of ${budgetMs} ms`);
      if (opts.signal?.aborted) throw opts.signal.reason;
      if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new TaskLimitError(
          'memory',
          `the task '${name}' exceeded its memory ceiling of ${this.options.memoryMb} MiB`,
        );
      }
      throw err;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  private async runInProcess<N extends TaskName>(
    name: N,
    input: TaskInput<N>,
    opts: RunOptions,
  ): Promise<TaskResult> {
    // The same program the threads run, loaded here (it lowers a thread's priority only off the main thread).
    const { default: runTask } = (await import(workerFile())) as {
      default: (req: TaskRequest) => Promise<TaskResult>;
    };
    const budgetMs = opts.timeMs ?? this.options.timeMs;
    let timer: NodeJS.Timeout | undefined;
    const overBudget = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new TaskLimitError('time', `the task '${name}' exceeded its time budget of ${budgetMs} ms`)),
        budgetMs,
      );
      timer.unref();
    });
    try {
      return await Promise.race([runTask({ name, input }), overBudget]);
    } finally {
      clearTimeout(timer);
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    const limit = Math.max(1, this.options.size);
    if (this.running < limit) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = (closed?: Error) => {
        signal?.removeEventListener('abort', onAbort);
        if (closed) return reject(closed);
        this.running++;
        resolve();
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(grant);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.();
  }
}
