/**
 * Streaming tasks on the worker pool: a task that produces bytes over time (TTS audio) posts them on a
 * MessagePort as they exist, and the caller reads them as an async iterable (docs/decisions.md, "Worker pool:
 * streaming tasks").
 *
 * - **Backpressure by credit**: the task may have at most `windowBytes` posted but not yet consumed; past
 *   that it waits for the caller to take chunks, so a slow reader never lets the worker run far ahead.
 * - **Cooperative cancel**: stopping early (abort `signal`, or `return()`/`break` on the iterator) sends a
 *   cancel message; the task stops at its next chunk and its thread stays warm for the next stream. A task
 *   that does not stop within CANCEL_GRACE_MS is stopped the hard way (thread terminated and replaced).
 * - **Time budget of active work**: `timeMs` counts only while the task has credit; time spent waiting for a
 *   slow reader does not count. Past it the thread is terminated and the stream throws TaskLimitError.
 * - The stream holds one of the pool's slots while it runs (see pool.ts, admission).
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { TaskError, TaskLimitError } from './errors.js';
import type { RunOptions } from './pool.js';

/** Default credit window: bytes a task may post ahead of its reader. */
export const DEFAULT_STREAM_WINDOW_BYTES = 256 * 1024;
/** How long a cancelled task may take to notice before its thread is terminated. */
export const CANCEL_GRACE_MS = 2_000;
/** setTimeout's largest delay: the "no budget" of the underlying run (the stream keeps its own). */
const NO_TIMEOUT_MS = 2 ** 31 - 1;

/** What every streaming task receives besides its own input. */
export interface StreamPortInput {
  port: MessagePort;
  windowBytes: number;
}

export interface StreamOptions {
  /** Aborting it stops the task (cooperatively, then by force) and makes the iterator throw the reason. */
  signal?: AbortSignal;
  /** Budget of active time (ms); default the pool's time budget. */
  timeMs?: number;
  windowBytes?: number;
}

type ToWorker = { t: 'credit'; bytes: number } | { t: 'cancel' };
type FromWorker = { t: 'start' } | { t: 'chunk'; bytes: Uint8Array } | { t: 'end' };

type Runner = (input: StreamPortInput, opts: RunOptions) => Promise<unknown>;

/** Caller side (pool.ts `stream`): starts the task through `run` and yields its chunks in order. */
export async function* readStream(
  run: Runner,
  name: string,
  defaultTimeMs: number,
  opts: StreamOptions,
): AsyncGenerator<Uint8Array, void, undefined> {
  const { signal } = opts;
  signal?.throwIfAborted();
  const windowBytes = opts.windowBytes ?? DEFAULT_STREAM_WINDOW_BYTES;
  const budgetMs = opts.timeMs ?? defaultTimeMs;
  const { port1, port2 } = new MessageChannel();
  const queue: Uint8Array[] = [];
  let outstanding = 0;
  let ended = false;
  let settled = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    const w = wake;
    wake = undefined;
    w?.();
  };

  // Active-time budget: runs from the task's start, paused while the task is out of credit.
  const hard = new AbortController();
  let remaining = budgetMs;
  let armedAt = 0;
  let budgetTimer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    if (budgetTimer || settled) return;
    armedAt = performance.now();
    budgetTimer = setTimeout(
      () =>
        hard.abort(
          new TaskLimitError('time', `the task '${name}' exceeded its time budget of ${budgetMs} ms`),
        ),
      Math.max(0, remaining),
    );
    budgetTimer.unref();
  };
  const pause = (): void => {
    if (!budgetTimer) return;
    clearTimeout(budgetTimer);
    budgetTimer = undefined;
    remaining -= performance.now() - armedAt;
  };
  let graceTimer: NodeJS.Timeout | undefined;
  const cancel = (reason: unknown): void => {
    if (settled || graceTimer) return;
    try {
      port1.postMessage({ t: 'cancel' } satisfies ToWorker);
    } catch {
      // The port is already closed: the task sees that as a cancel too.
    }
    graceTimer = setTimeout(() => hard.abort(reason), CANCEL_GRACE_MS);
    graceTimer.unref();
  };
  const onAbort = (): void => {
    cancel(signal!.reason);
    notify();
  };

  port1.on('message', (m: FromWorker) => {
    if (m.t === 'start') arm();
    else if (m.t === 'chunk') {
      queue.push(m.bytes);
      outstanding += m.bytes.byteLength;
      if (outstanding >= windowBytes) pause();
    } else ended = true;
    notify();
  });
  signal?.addEventListener('abort', onAbort, { once: true });
  const settle = (): void => {
    settled = true;
    clearTimeout(graceTimer);
    clearTimeout(budgetTimer);
    budgetTimer = undefined;
    notify();
  };
  run(
    { port: port2, windowBytes },
    { transferList: [port2], signal: hard.signal, timeMs: NO_TIMEOUT_MS },
  ).then(settle, (error: unknown) => {
    failure = { error };
    settle();
  });

  try {
    for (;;) {
      signal?.throwIfAborted();
      // Everything that arrived while the reader was busy goes out as one chunk: one socket write and one
      // credit message instead of one per piece.
      const chunk = queue.length > 1 ? concat(queue.splice(0)) : queue.shift();
      if (chunk) {
        yield chunk;
        outstanding -= chunk.byteLength;
        port1.postMessage({ t: 'credit', bytes: chunk.byteLength } satisfies ToWorker);
        if (outstanding < windowBytes) arm();
        continue;
      }
      // The end marker follows every chunk on the port, and a task that returned or threw has posted it
      // (streamTask); only a stopped thread (ceiling, forced cancel) posts nothing more.
      if (failure && (ended || !(failure.error instanceof TaskError))) throw failure.error;
      if (settled && ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Until the task settles, the grace timer stays armed (settle clears it).
    if (!settled) cancel(signal?.reason ?? new Error('the stream was closed by its reader'));
    pause();
    port1.close();
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const c of chunks) size += c.byteLength;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/**
 * Defines a streaming task for an area's task table: `fn` writes its chunks to the sink. The end marker is
 * posted however `fn` ends, and a cancel (the reader left) ends the task quietly.
 */
export function streamTask<I extends StreamPortInput>(
  fn: (input: I, sink: StreamSink) => Promise<void>,
): (input: I) => Promise<void> {
  return async (input) => {
    const sink = new StreamSink(input.port, input.windowBytes);
    try {
      await fn(input, sink);
    } catch (err) {
      if (!sink.cancelled) throw err;
    } finally {
      sink.end();
    }
  };
}

/** Thrown inside a task by StreamSink once the reader has gone. */
export class StreamCancelled extends Error {
  override name = 'StreamCancelled';
}

/** Task side (made by streamTask): posts chunks under the credit window and notices cancellation. */
export class StreamSink {
  private credit: number;
  private readonly controller = new AbortController();
  private waiter: (() => void) | undefined;

  constructor(
    private readonly port: MessagePort,
    windowBytes: number,
  ) {
    this.credit = windowBytes;
    port.postMessage({ t: 'start' } satisfies FromWorker);
    port.on('message', (m: ToWorker) => {
      if (m.t === 'credit') this.credit += m.bytes;
      else this.stop();
      this.wake();
    });
    port.once('close', () => {
      this.stop();
      this.wake();
    });
  }

  /** Aborts when the reader cancels; pass it to cooperative loops. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Bytes the task may still post before it has to wait for the reader. */
  get creditBytes(): number {
    return this.credit;
  }

  get cancelled(): boolean {
    return this.controller.signal.aborted;
  }

  /** Posts one chunk (moved, not copied), then waits while the reader is a full window behind. */
  async send(bytes: Uint8Array): Promise<void> {
    if (this.cancelled) throw new StreamCancelled('the reader cancelled the stream');
    if (bytes.byteLength === 0) return;
    const owned =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    const size = owned.byteLength;
    // Moving the buffer detaches it here: its length must be read before.
    this.port.postMessage({ t: 'chunk', bytes: owned } satisfies FromWorker, [owned.buffer as ArrayBuffer]);
    this.credit -= size;
    // One event-loop turn per chunk lets credit and cancel messages in.
    await nextTurn();
    while (this.credit <= 0 && !this.cancelled) await new Promise<void>((resolve) => (this.waiter = resolve));
    if (this.cancelled) throw new StreamCancelled('the reader cancelled the stream');
  }

  /** Marks the end of the stream (after the last chunk); the reader closes the channel. */
  end(): void {
    if (this.cancelled) return;
    try {
      this.port.postMessage({ t: 'end' } satisfies FromWorker);
    } catch {
      // closed meanwhile
    }
  }

  private stop(): void {
    if (!this.cancelled) this.controller.abort(new StreamCancelled('the reader cancelled the stream'));
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.();
  }
}
