import { afterAll, describe, expect, it } from 'vitest';
import { TaskError, TaskLimitError, WorkerPool } from './pool.js';
import { getPriority } from 'node:os';

describe('the worker pool', () => {
  const pool = new WorkerPool({ size: 2, memoryMb: 64, timeMs: 3_000 });
  afterAll(() => pool.close());

  it('runs a task in a thread and returns its value', async () => {
    await expect(pool.run('pool.echo', { value: { a: [1, 'ب'] } })).resolves.toEqual({ a: [1, 'ب'] });
    expect(pool.stats().threads).toBeGreaterThan(0);
  });

  it.runIf(process.platform === 'linux')(
    'runs tasks five nice steps below the event loop (Linux: per thread)',
    async () => {
      const own = getPriority();
      await expect(pool.run('pool.priority', undefined)).resolves.toBe(Math.min(19, own + 5));
      // The event loop's own priority is untouched.
      expect(getPriority()).toBe(own);
    },
  );

  it('stops a task over its memory ceiling with TaskLimitError(memory), and the next task still runs', async () => {
    const err = await pool.run('pool.allocate', { mb: 512 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskLimitError);
    expect((err as TaskLimitError).limit).toBe('memory');
    await expect(pool.run('pool.echo', { value: 1 })).resolves.toBe(1);
  });

  it('stops a task over its time budget with TaskLimitError(time)', async () => {
    const err = await pool.run('pool.spin', { ms: 60_000 }, { timeMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskLimitError);
    expect((err as TaskLimitError).limit).toBe('time');
    expect((err as Error).message).toContain('300 ms');
    await expect(pool.run('pool.echo', { value: 2 })).resolves.toBe(2);
  });

  it('stops a running task when its signal aborts, rejecting with the reason', async () => {
    const controller = new AbortController();
    const run = pool.run('pool.spin', { ms: 60_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('client disconnected')), 100);
    await expect(run).rejects.toThrow('client disconnected');
  });

  it('drops a queued task whose signal aborts before it starts', async () => {
    const controller = new AbortController();
    const busy = [pool.run('pool.spin', { ms: 400 }), pool.run('pool.spin', { ms: 400 })];
    const queued = pool.run('pool.echo', { value: 3 }, { signal: controller.signal });
    expect(pool.stats().queued).toBe(1);
    controller.abort(new Error('job deleted'));
    await expect(queued).rejects.toThrow('job deleted');
    await Promise.all(busy);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it('counts the time budget from when a task starts, not while it waits for a thread', async () => {
    const small = new WorkerPool({ size: 1, memoryMb: 64, timeMs: 3_500 });
    try {
      await small.run('pool.echo', { value: 'warm' }, { timeMs: 30_000 });
      // Together they need 4 s, more than the budget; each alone needs 2 s.
      const first = small.run('pool.spin', { ms: 2_000 });
      const second = small.run('pool.spin', { ms: 2_000 });
      await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    } finally {
      await small.close();
    }
  });

  it('returns a thrown error as TaskError with its name and code', async () => {
    const err = await pool
      .run('pool.fail', { code: 'document_unreadable', message: 'bad xref' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskError);
    expect(err).toMatchObject({
      errorName: 'DiagnosticError',
      code: 'document_unreadable',
      message: 'bad xref',
    });
  });

  it('runs in-process with size 0, with the same results and errors', async () => {
    const inline = new WorkerPool({ size: 0, timeMs: 1_000 });
    await expect(inline.run('pool.echo', { value: 'x' })).resolves.toBe('x');
    await expect(inline.run('pool.fail', { code: 'c', message: 'm' })).rejects.toBeInstanceOf(TaskError);
    expect(inline.stats().threads).toBe(0);
    await inline.close();
  });

  describe('stopping a thread while its messages are being dispatched (CI crash, 2026-11-24)', () => {
    // The continuation of task 1 starts task 2 on the same thread and holds the loop until task 2's answer is
    // queued on the thread's port, then stops the thread. Piscina used to get that answer after forgetting
    // the task and throw an uncaught "Unexpected message from Worker".
    async function afterNextAnswerQueued(
      small: WorkerPool,
      then: (second: Promise<unknown>) => Promise<unknown>,
    ): Promise<PromiseSettledResult<unknown>> {
      await small.run('pool.echo', { value: 'warm' });
      let second!: Promise<unknown>;
      await small.run('pool.echo', { value: 1 }).then(async () => {
        second = small.run('pool.echo', { value: 2 }, { signal: controller.signal });
        // A few microtask turns: the task is handed to the thread.
        for (let i = 0; i < 50; i++) await Promise.resolve();
        const until = Date.now() + 200;
        while (Date.now() < until); // its answer arrives meanwhile
        await then(second);
      });
      const [settled] = await Promise.allSettled([second]);
      return settled;
    }
    let controller: AbortController;

    it('close(): the answer already queued is delivered, tasks still waiting reject', async () => {
      controller = new AbortController();
      const small = new WorkerPool({ size: 1, timeMs: 5_000 });
      let waiting: Promise<unknown> | undefined;
      const settled = await afterNextAnswerQueued(small, async () => {
        waiting = small.run('pool.echo', { value: 3 }).catch((e: unknown) => e);
        await small.close();
      });
      expect(settled).toEqual({ status: 'fulfilled', value: 2 });
      expect(await waiting).toMatchObject({ message: 'the worker pool is closed' });
    });

    it('an abort: the task rejects with the reason and the pool goes on', async () => {
      controller = new AbortController();
      const small = new WorkerPool({ size: 1, timeMs: 5_000 });
      try {
        const settled = await afterNextAnswerQueued(small, async () =>
          controller.abort(new Error('client gone')),
        );
        expect(settled).toMatchObject({ status: 'rejected', reason: { message: 'client gone' } });
        await expect(small.run('pool.echo', { value: 4 })).resolves.toBe(4);
      } finally {
        await small.close();
      }
    });
  });
});
