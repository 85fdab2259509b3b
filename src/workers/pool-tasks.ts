/**
 * Diagnostic tasks of the pool itself: they let tests (and `--workers` users) check that ceilings hold
 * without crafting a hostile document.
 */
import { getPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
import { streamTask, type StreamPortInput } from './stream.js';

export interface DiagnosticStreamInput extends StreamPortInput {
  chunks: number;
  chunkBytes: number;
  /** [0] chunks posted so far, [1] set to 1 (and notified) whenever the task waits for credit. */
  progress?: SharedArrayBuffer;
  /** Spin this long before the first chunk (to trip the time budget). */
  spinMs?: number;
  /** Throw an error with code `stream_failed` before this chunk. */
  failAt?: number;
  /** Keep spinning after a cancel instead of stopping (to test the forced stop). */
  ignoreCancel?: boolean;
}

export const poolTasks = {
  /**
   * Streams `chunks` chunks of `chunkBytes` bytes; each chunk starts with the thread id (Int32) and its
   * index, so tests see which thread served them.
   */
  'pool.stream': streamTask<DiagnosticStreamInput>(async (input, sink) => {
    const progress = input.progress ? new Int32Array(input.progress) : undefined;
    try {
      if (input.spinMs) spin(input.spinMs);
      for (let i = 0; i < input.chunks; i++) {
        const chunk = new Uint8Array(Math.max(8, input.chunkBytes));
        new DataView(chunk.buffer).setInt32(0, threadId);
        new DataView(chunk.buffer).setInt32(4, i);
        if (i === input.failAt)
          throw Object.assign(new Error(`failed at chunk ${i}`), { code: 'stream_failed' });
        const sent = sink.send(chunk);
        if (progress) {
          Atomics.store(progress, 0, i + 1);
          if (sink.creditBytes <= 0) {
            Atomics.store(progress, 1, 1);
            Atomics.notify(progress, 1);
          }
        }
        await sent;
        if (progress) Atomics.store(progress, 1, 0);
      }
    } catch (err) {
      if (input.ignoreCancel && sink.cancelled) for (;;) spin(1_000);
      throw err;
    }
  }),
  /** Echoes its input: the round trip through a thread. */
  'pool.echo': (input: { value: unknown }) => input.value,
  /** The thread's scheduling priority (nice value), as the kernel sees it. */
  'pool.priority': () => getPriority(),
  /** Holds `mb` MiB of live JS heap (arrays of doubles), to trip the memory ceiling. */
  'pool.allocate': (input: { mb: number }) => {
    const keep: number[][] = [];
    for (let i = 0; i < input.mb; i++) keep.push(new Array<number>(128 * 1024).fill(i + 0.5));
    return keep.length;
  },
  /** Busy for `ms` milliseconds of one core, to trip the time budget. */
  'pool.spin': (input: { ms: number }) => spin(input.ms),
  /** Throws an error with a code, as area tasks do. */
  'pool.fail': (input: { code: string; message: string }) => {
    throw Object.assign(new Error(input.message), { name: 'DiagnosticError', code: input.code });
  },
};

function spin(ms: number): number {
  const end = performance.now() + ms;
  let n = 0;
  while (performance.now() < end) n++;
  return n;
}
