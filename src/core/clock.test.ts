import { afterEach, describe, expect, it, vi } from 'vitest';
import { Clock, ClockResetError } from './clock.js';

const START = Date.parse('2030-01-01T00:00:00.000Z');
const clocks: Clock[] = [];
function frozen(): Clock {
  const clock = new Clock({ mode: 'frozen', startAt: START });
  clocks.push(clock);
  return clock;
}
afterEach(() => {
  for (const c of clocks.splice(0)) c.dispose();
});

describe('frozen mode', () => {
  it('stands still at its start time', () => {
    const clock = frozen();
    expect(clock.now()).toBe(START);
    expect(clock.isoNow()).toBe('2030-01-01T00:00:00.000Z');
    expect(clock.nowSeconds()).toBe(START / 1000);
    expect(clock.state()).toMatchObject({ mode: 'frozen', nowMs: START, pendingTimers: 0 });
  });

  it('advance fires due timers in due order, each with the clock at its due time, then lands on the target', async () => {
    const clock = frozen();
    const fired: [string, number][] = [];
    const at = (label: string) => () => fired.push([label, clock.now() - START]);
    clock.setTimeout(at('c'), 300);
    clock.setTimeout(at('a'), 100);
    clock.setTimeout(at('b'), 200);
    clock.setTimeout(at('late'), 1001);
    await clock.advance(1000);
    expect(fired).toEqual([
      ['a', 100],
      ['b', 200],
      ['c', 300],
    ]);
    expect(clock.now()).toBe(START + 1000);
    expect(clock.state().pendingTimers).toBe(1);
    await clock.advance(1);
    expect(fired.at(-1)).toEqual(['late', 1001]);
  });

  it('timers with the same due time fire in the order they were set', async () => {
    const clock = frozen();
    const fired: number[] = [];
    for (let i = 0; i < 10; i++) clock.setTimeout(() => fired.push(i), 50);
    await clock.advance(50);
    expect(fired).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('timers scheduled by callbacks inside the window fire too; those beyond it wait', async () => {
    const clock = frozen();
    const fired: [string, number][] = [];
    const note = (label: string) => fired.push([label, clock.now() - START]);
    clock.setTimeout(() => {
      note('first');
      clock.setTimeout(() => {
        note('chained');
        clock.setTimeout(() => note('beyond'), 500);
      }, 100);
      clock.setTimeout(() => note('immediate'), 0);
    }, 100);
    // An async callback whose continuation schedules the next step, like a job that awaits.
    clock.setTimeout(async () => {
      await Promise.resolve();
      clock.setTimeout(() => note('after await'), 10);
    }, 150);
    await clock.advance(400);
    expect(fired).toEqual([
      ['first', 100],
      ['immediate', 100],
      ['after await', 160],
      ['chained', 200],
    ]);
    expect(clock.state().pendingTimers).toBe(1);
    await clock.advance(300);
    expect(fired.at(-1)).toEqual(['beyond', 700]);
  });

  it('sleep resolves when the clock is advanced past it', async () => {
    const clock = frozen();
    let done = false;
    const sleeping = clock.sleep(60_000).then(() => (done = true));
    await clock.advance(59_999);
    expect(done).toBe(false);
    await clock.advance(1);
    await sleeping;
    expect(clock.now()).toBe(START + 60_000);
  });

  it('a cancelled timer never fires and no longer counts as pending', async () => {
    const clock = frozen();
    const fn = vi.fn();
    const kept = vi.fn();
    const timer = clock.setTimeout(fn, 100, 'job');
    clock.setTimeout(kept, 100);
    expect(timer).toMatchObject({ dueAt: START + 100, label: 'job' });
    timer.cancel();
    expect(clock.state().pendingTimers).toBe(1);
    await clock.advance(1000);
    expect(fn).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledOnce();
  });

  it('a callback can cancel a later timer of the same window', async () => {
    const clock = frozen();
    const later = vi.fn();
    const laterTimer = clock.setTimeout(later, 200);
    clock.setTimeout(() => laterTimer.cancel(), 100);
    await clock.advance(300);
    expect(later).not.toHaveBeenCalled();
  });

  it('a throwing or rejecting callback is logged and does not stop the others', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const clock = frozen();
      const after = vi.fn();
      clock.setTimeout(() => {
        throw new Error('boom');
      }, 10);
      clock.setTimeout(() => Promise.reject(new Error('async boom')), 20);
      clock.setTimeout(after, 30);
      await clock.advance(30);
      expect(after).toHaveBeenCalledOnce();
      expect(errors).toHaveBeenCalledTimes(2);
    } finally {
      errors.mockRestore();
    }
  });

  it('refuses to advance backwards or by NaN', async () => {
    const clock = frozen();
    await expect(clock.advance(-1)).rejects.toThrow(RangeError);
    await expect(clock.advance(Number.NaN)).rejects.toThrow(RangeError);
  });

  it('set moves forward like advance, and backwards without firing anything', async () => {
    const clock = frozen();
    const fn = vi.fn(() => clock.now());
    clock.setTimeout(fn, 5000);
    await clock.set({ now: START - 10_000 });
    expect(clock.now()).toBe(START - 10_000);
    expect(fn).not.toHaveBeenCalled();
    // The timer stays due at START + 5000 (absolute clock time).
    await clock.set({ now: START + 10_000 });
    expect(fn).toHaveReturnedWith(START + 5000);
    expect(clock.now()).toBe(START + 10_000);
  });

  it('clearTimers drops every pending timer; dispose too', async () => {
    const clock = frozen();
    const fn = vi.fn();
    clock.setTimeout(fn, 1);
    clock.clearTimers();
    await clock.advance(10);
    expect(fn).not.toHaveBeenCalled();
    clock.setTimeout(fn, 1);
    clock.dispose();
    await clock.advance(10);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('awaited timers: due work', () => {
  /** Work that ends when `finish` is called, recording when it ran and ended (clock times). */
  function work(clock: Clock, log: string[], name: string) {
    let finish = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    const fn = async () => {
      log.push(`${name} starts at ${clock.now() - START}`);
      await done;
      log.push(`${name} ends`);
    };
    return { fn, finish };
  }

  it('an advance answers once the work it made due is done; the timers after it fire after it, at their times', async () => {
    const clock = frozen();
    const log: string[] = [];
    const job = work(clock, log, 'job');
    clock.setTimeout(job.fn, 100, 'job', { awaited: true });
    clock.setTimeout(() => log.push(`period end at ${clock.now() - START}`), 200);
    let answered = false;
    const advanced = clock.advance(1000).then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(['job starts at 100']);
    expect(answered).toBe(false);
    // A read meanwhile sees the time of the work being done, not the target yet.
    expect(clock.now()).toBe(START + 100);
    job.finish();
    await advanced;
    expect(log).toEqual(['job starts at 100', 'job ends', 'period end at 200']);
    expect(clock.now()).toBe(START + 1000);
  });

  it('a timer without `awaited` is not waited for', async () => {
    const clock = frozen();
    const log: string[] = [];
    const attempt = work(clock, log, 'attempt');
    clock.setTimeout(attempt.fn, 100, 'attempt');
    await clock.advance(1000);
    expect(log).toEqual(['attempt starts at 100']);
    attempt.finish();
  });

  it('work that takes longer than dueWorkWaitMs is waited for no longer; a rejection is logged', async () => {
    const clock = new Clock({ mode: 'frozen', startAt: START, dueWorkWaitMs: 50 });
    clocks.push(clock);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log: string[] = [];
    const stuck = work(clock, log, 'stuck');
    clock.setTimeout(stuck.fn, 100, 'stuck', { awaited: true });
    clock.setTimeout(() => Promise.reject(new Error('boom')), 150, 'failing', { awaited: true });
    clock.setTimeout(() => log.push(`next at ${clock.now() - START}`), 200);
    const started = Date.now();
    await clock.advance(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(log).toEqual(['stuck starts at 100', 'next at 200']);
    expect(error).toHaveBeenCalledWith("[svc-emulator] clock timer 'failing' failed:", expect.any(Error));
    error.mockRestore();
    stuck.finish();
  });

  it('the wall clock does not wait: a real clock fires an awaited timer and goes on', async () => {
    let wall = START;
    const clock = new Clock({ mode: 'real', startAt: START, wallNow: () => wall });
    clocks.push(clock);
    const log: string[] = [];
    const job = work(clock, log, 'job');
    clock.setTimeout(job.fn, 0, 'job', { awaited: true });
    clock.setTimeout(() => log.push('next'), 0);
    wall += 5;
    await new Promise((r) => setTimeout(r, 30));
    expect(log).toEqual(['job starts at 5', 'next']);
    job.finish();
  });
});

describe('sleep with an abort signal', () => {
  it('rejects with the reason when aborted, and its timer is gone', async () => {
    const clock = frozen();
    const controller = new AbortController();
    const sleeping = clock.sleep(1000, controller.signal);
    expect(clock.state().pendingTimers).toBe(1);
    const reason = new Error('client went away');
    controller.abort(reason);
    await expect(sleeping).rejects.toBe(reason);
    expect(clock.state().pendingTimers).toBe(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const clock = frozen();
    const reason = new Error('already gone');
    await expect(clock.sleep(1000, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(clock.state().pendingTimers).toBe(0);
  });

  it('an abort after the sleep resolved changes nothing', async () => {
    const clock = frozen();
    const controller = new AbortController();
    const sleeping = clock.sleep(10, controller.signal);
    await clock.advance(10);
    await expect(sleeping).resolves.toBeUndefined();
    controller.abort(new Error('late'));
  });

  it('fails with ClockResetError when the clock is reset or disposed under it, instead of waiting for ever', async () => {
    const clock = frozen();
    const reset = clock.sleep(1000, undefined, 'analysis');
    clock.clearTimers();
    await expect(reset).rejects.toThrow(ClockResetError);
    await expect(reset).rejects.toThrow(/analysis/);
    const controller = new AbortController();
    const disposed = clock.sleep(1000, controller.signal);
    clock.dispose();
    await expect(disposed).rejects.toBeInstanceOf(ClockResetError);
    // The abort listener went with it: a later abort changes nothing.
    controller.abort(new Error('late'));
    await expect(disposed).rejects.toBeInstanceOf(ClockResetError);
  });
});

describe('scaled mode, with an injected wall clock', () => {
  it('runs 1 / timeScale times faster than the wall clock', () => {
    let wall = 1_000_000;
    const clock = new Clock({ mode: 'scaled', timeScale: 0.01, startAt: START, wallNow: () => wall });
    clocks.push(clock);
    expect(clock.now()).toBe(START);
    wall += 10;
    expect(clock.now()).toBe(START + 1000);
    wall += 300;
    expect(clock.now()).toBe(START + 31_000);
    expect(clock.state()).toMatchObject({ mode: 'scaled', timeScale: 0.01 });
  });

  it('a timeScale other than 1 implies scaled mode; timeScale must be positive', () => {
    let wall = 0;
    const clock = new Clock({ timeScale: 2, startAt: START, wallNow: () => wall });
    clocks.push(clock);
    wall += 1000;
    expect(clock.now()).toBe(START + 500);
    expect(() => new Clock({ timeScale: 0 })).toThrow(RangeError);
    expect(() => new Clock({ timeScale: -1 })).toThrow(RangeError);
  });

  it('a timer fires once the wall clock has moved timeScale × its delay', async () => {
    let wall = 5_000;
    const clock = new Clock({ mode: 'scaled', timeScale: 0.001, startAt: START, wallNow: () => wall });
    clocks.push(clock);
    const fired = new Promise<number>((resolve) => clock.setTimeout(() => resolve(clock.now()), 30_000));
    // 30 s of clock time is 30 ms of wall time at this scale.
    wall += 30;
    expect(await fired).toBeGreaterThanOrEqual(START + 30_000);
  });

  it('switching to frozen keeps the current time; switching back resumes from it', async () => {
    let wall = 0;
    const clock = new Clock({ mode: 'scaled', timeScale: 0.5, startAt: START, wallNow: () => wall });
    clocks.push(clock);
    wall += 100;
    await clock.set({ mode: 'frozen' });
    expect(clock.now()).toBe(START + 200);
    wall += 1000;
    expect(clock.now()).toBe(START + 200);
    await clock.set({ mode: 'scaled' });
    wall += 100;
    expect(clock.now()).toBe(START + 400);
    await clock.freeze();
    wall += 100;
    expect(clock.now()).toBe(START + 400);
  });
});

describe('real mode', () => {
  it('follows the wall clock and can still be advanced', async () => {
    let wall = START;
    const clock = new Clock({ wallNow: () => wall });
    clocks.push(clock);
    expect(clock.state().mode).toBe('real');
    wall += 250;
    expect(clock.now()).toBe(START + 250);
    const fn = vi.fn(() => clock.now());
    clock.setTimeout(fn, 60_000);
    await clock.advance(60_000);
    expect(fn).toHaveReturnedWith(START + 250 + 60_000);
    wall += 1;
    expect(clock.now()).toBe(START + 250 + 60_000 + 1);
  });
});
