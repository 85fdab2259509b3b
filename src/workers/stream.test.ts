import { afterAll, describe, expect, it } from 'vitest';
import { TaskError, TaskLimitError, WorkerPool } from './pool.js';

const threadOf = (chunk: Uint8Array): number => new DataView(chunk.buffer, chunk.byteOffset).getInt32(0);
/** The task's chunk numbers in what the reader got: chunks that queued up while it was busy come out as one. */
const indexesOf = (chunk: Uint8Array, size: number): number[] =>
  Array.from({ length: chunk.byteLength / size }, (_, k) =>
    new DataView(chunk.buffer, chunk.byteOffset + k * size).getInt32(4),
  );

// Node 20 has Atomics.waitAsync; the project's TypeScript lib predates it.
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      this: void,
      a: Int32Array,
      i: number,
      v: number,
    ): { async: boolean; value: Promise<string> | string };
  }
).waitAsync;

/** Resolves once the task waits for credit (progress[1] becomes 1). */
async function blocked(progress: Int32Array): Promise<void> {
  while (Atomics.load(progress, 1) !== 1) {
    const r = waitAsync(progress, 1, 0);
    if (r.async) await r.value;
  }
}

describe('streaming tasks on the worker pool', () => {
  const pool = new WorkerPool({ size: 1, memoryMb: 64, timeMs: 5_000 });
  afterAll(() => pool.close());

  it('yields every chunk in order, from a worker thread', async () => {
    const seen: number[] = [];
    let thread = -1;
    for await (const chunk of pool.stream('pool.stream', { chunks: 20, chunkBytes: 3000 })) {
      seen.push(...indexesOf(chunk, 3000));
      thread = threadOf(chunk);
      expect(chunk.byteLength % 3000).toBe(0);
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(thread).toBeGreaterThan(0);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it('keeps the task at most one credit window ahead of a reader that stops reading', async () => {
    const progress = new Int32Array(new SharedArrayBuffer(8));
    const it = pool.stream(
      'pool.stream',
      { chunks: 100, chunkBytes: 1024, progress: progress.buffer },
      { windowBytes: 4096 },
    );
    const first = await it.next();
    // The reader now holds back; the task fills the window and waits.
    await blocked(progress);
    Atomics.store(progress, 1, 0);
    expect(Atomics.load(progress, 0)).toBeLessThanOrEqual(5);
    // Reading on lets it continue to the end (chunks that queued up meanwhile may come out as one).
    let bytes = first.done ? 0 : first.value.byteLength;
    for await (const chunk of { [Symbol.asyncIterator]: () => it }) bytes += chunk.byteLength;
    expect(bytes).toBe(100 * 1024);
    expect(Atomics.load(progress, 0)).toBe(100);
  });

  it('cancels cooperatively when the reader leaves early: the same thread serves the next stream', async () => {
    let first = -1;
    for await (const chunk of pool.stream(
      'pool.stream',
      { chunks: 1_000, chunkBytes: 1024 },
      { windowBytes: 8192 },
    )) {
      first = threadOf(chunk);
      break;
    }
    for await (const chunk of pool.stream('pool.stream', { chunks: 1, chunkBytes: 8 }))
      expect(threadOf(chunk)).toBe(first);
  });

  it('throws the signal reason when aborted, and the task stops', async () => {
    const controller = new AbortController();
    const err = await (async () => {
      for await (const _ of pool.stream(
        'pool.stream',
        { chunks: 1_000_000, chunkBytes: 64 },
        { signal: controller.signal },
      )) {
        controller.abort(new Error('client disconnected'));
      }
    })().catch((e: unknown) => e);
    expect((err as Error).message).toBe('client disconnected');
    await expect(pool.run('pool.echo', { value: 'free again' })).resolves.toBe('free again');
  });

  it('stops a task that ignores the cancel by terminating its thread', async () => {
    let first = -1;
    for await (const chunk of pool.stream(
      'pool.stream',
      { chunks: 10, chunkBytes: 8, ignoreCancel: true },
      { windowBytes: 8 },
    )) {
      first = threadOf(chunk);
      break;
    }
    // The slot frees once the thread was terminated (after the grace period); a new thread serves this one.
    for await (const chunk of pool.stream('pool.stream', { chunks: 1, chunkBytes: 8 }))
      expect(threadOf(chunk)).not.toBe(first);
  });

  it('stops a task over its budget of active time with TaskLimitError(time)', async () => {
    const err = await (async () => {
      for await (const _ of pool.stream(
        'pool.stream',
        { chunks: 1, chunkBytes: 8, spinMs: 60_000 },
        { timeMs: 300 },
      )) {
        // nothing arrives
      }
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskLimitError);
    expect((err as TaskLimitError).limit).toBe('time');
  });

  it('does not count time spent waiting for a slow reader against the budget', async () => {
    const progress = new Int32Array(new SharedArrayBuffer(8));
    const it = pool.stream(
      'pool.stream',
      { chunks: 10, chunkBytes: 1024, progress: progress.buffer },
      { windowBytes: 2048, timeMs: 400 },
    );
    const first = await it.next();
    await blocked(progress);
    // The reader stalls for longer than the budget while the task waits for credit.
    await new Promise((resolve) => setTimeout(resolve, 900));
    let bytes = first.done ? 0 : first.value.byteLength;
    for await (const chunk of { [Symbol.asyncIterator]: () => it }) bytes += chunk.byteLength;
    expect(bytes).toBe(10 * 1024);
  });

  it('delivers the chunks before a failure, then throws TaskError with its code', async () => {
    const seen: number[] = [];
    const err = await (async () => {
      for await (const chunk of pool.stream('pool.stream', { chunks: 10, chunkBytes: 16, failAt: 3 }))
        seen.push(...indexesOf(chunk, 16));
    })().catch((e: unknown) => e);
    expect(seen).toEqual([0, 1, 2]);
    expect(err).toBeInstanceOf(TaskError);
    expect(err).toMatchObject({ code: 'stream_failed', message: 'failed at chunk 3' });
  });

  it('runs the same streams in-process with size 0', async () => {
    const inline = new WorkerPool({ size: 0, timeMs: 2_000 });
    const seen: number[] = [];
    for await (const chunk of inline.stream(
      'pool.stream',
      { chunks: 5, chunkBytes: 16 },
      { windowBytes: 32 },
    ))
      seen.push(...indexesOf(chunk, 16));
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    for await (const _ of inline.stream(
      'pool.stream',
      { chunks: 1_000, chunkBytes: 16 },
      { windowBytes: 32 },
    ))
      break;
    await inline.close();
  });
});
