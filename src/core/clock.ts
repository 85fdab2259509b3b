/**
 * The one clock behind every time-dependent rule (ws-token lifetime, rate windows, jobs, provisioning,
 * webhook retries, billing periods, analyze latency). Nothing else in the emulator reads Date.now() or
 * calls setTimeout for behaviour a test may want to control.
 *
 * Modes:
 * - `real`: clock time moves with the wall clock.
 * - `scaled`: a clock wait of W seconds takes W × timeScale wall seconds (`--time-scale 0.01` makes a
 *   30-second wait take 0.3 s), so clock time runs 1 / timeScale times faster than wall time.
 * - `frozen`: clock time stands still until it is set or advanced.
 *
 * The time itself (mode, scale, one anchor) is the clock's state (core/clock-state.ts), in this process or
 * shared through Redis; the timers are the Clock's own, per instance.
 */
import { clockStart, type ClockChange, type ClockMode } from './clock-anchor.js';
import type { ClockAnchorState } from './clock-state.js';
import { MemoryClockState } from './memory-clock.js';
import { waitAtMost } from './wait-at-most.js';

export type { ClockAnchor, ClockMode } from './clock-anchor.js';

export interface ClockState {
  mode: ClockMode;
  now: string;
  nowMs: number;
  timeScale: number;
  pendingTimers: number;
}

export interface ClockTimer {
  readonly id: number;
  readonly dueAt: number;
  readonly label: string;
  cancel(): void;
}

interface TimerEntry {
  id: number;
  dueAt: number;
  seq: number;
  label: string;
  fn: () => unknown;
  /** A move of the time that fires it waits for the promise `fn` returns (see TimerOptions). */
  awaited: boolean;
  cancelled: boolean;
  /** Called when the timer is dropped by a reset (clearTimers, dispose) rather than cancelled by its owner. */
  dropped?: () => void;
}

export interface TimerOptions {
  /**
   * The timer is due work (a job's completion): a move of the time (set, advance, a change through another
   * instance) that fires it waits for the promise its callback returns, at most `dueWorkWaitMs` of wall time,
   * before it fires the next timer and before it resolves, so a read after the move sees the work done, and
   * later timers (a billing period's end) come after it. Timers fired by the wall clock are not waited for.
   */
  awaited?: boolean;
}

/** How long (wall ms) a move of the time waits for one awaited timer's work before it goes on without it. */
export const DUE_WORK_WAIT_MS = 10_000;

/** A sleep whose clock was reset or disposed under it: the wait will never end, so it fails. */
export class ClockResetError extends Error {
  override name = 'ClockResetError';
}

export interface ClockOptions {
  mode?: ClockMode;
  /** Real seconds per clock second (`--time-scale`); only used in `scaled` mode. */
  timeScale?: number;
  /** Start time in epoch milliseconds (defaults to the wall clock). */
  startAt?: number;
  /** The wall clock, injectable for the clock's own tests. */
  wallNow?: () => number;
  /**
   * Where the time is kept (core/clock-state.ts): the composition root gives the store's. Without it, in
   * this process, from the options above; with it, those options are the state's business.
   */
  state?: ClockAnchorState;
  /** DUE_WORK_WAIT_MS, for the clock's own tests. */
  dueWorkWaitMs?: number;
}

export class Clock {
  /** The clock's state: its time, shared by every instance with a Redis store. A StateUnit of the emulator. */
  readonly timeState: ClockAnchorState;
  private timers: TimerEntry[] = [];
  private nextId = 1;
  private seq = 0;
  private wallTimer: NodeJS.Timeout | undefined;
  /**
   * While the timers a move of the time made due are fired, in due order: the due time of the one firing, the
   * time every read sees until they are done (the state already holds the time they lead to).
   */
  private firingAt: number | undefined;
  /** Resolves when those timers have fired. */
  private firing: Promise<void> | undefined;
  private disposed = false;
  /** The last isoNow() and the millisecond it is for. */
  private isoAt = NaN;
  private isoText = '';
  private readonly dueWorkWaitMs: number;

  constructor(options: ClockOptions = {}) {
    this.dueWorkWaitMs = options.dueWorkWaitMs ?? DUE_WORK_WAIT_MS;
    const wallNow = options.wallNow ?? (() => Date.now());
    // A clock on its own starts at the wall clock of its creation, and a reset brings it back there.
    const start = () =>
      clockStart({ mode: options.mode, timeScale: options.timeScale, startAt: options.startAt ?? wallNow() });
    this.timeState = options.state ?? new MemoryClockState(start(), { wallNow });
    this.timeState.onMove((before) => this.moved(before));
  }

  /** Current clock time in epoch milliseconds. */
  now(): number {
    return this.firingAt ?? this.timeState.now();
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  isoNow(): string {
    // Several records of one request are stamped within the same millisecond: its text is made once.
    const now = this.now();
    if (now !== this.isoAt) {
      this.isoAt = now;
      this.isoText = new Date(now).toISOString();
    }
    return this.isoText;
  }

  state(): ClockState {
    const { mode, timeScale } = this.timeState.anchor();
    return {
      mode,
      now: this.isoNow(),
      nowMs: this.now(),
      timeScale,
      pendingTimers: this.timers.filter((t) => !t.cancelled).length,
    };
  }

  /** Runs `fn` once `delayMs` of clock time has passed. Errors thrown by `fn` are swallowed and logged. */
  setTimeout(fn: () => unknown, delayMs: number, label = 'timer', options: TimerOptions = {}): ClockTimer {
    const entry: TimerEntry = {
      id: this.nextId++,
      dueAt: this.now() + Math.max(0, delayMs),
      seq: this.seq++,
      label,
      fn,
      awaited: options.awaited === true,
      cancelled: false,
    };
    this.insert(entry);
    this.reschedule();
    return {
      id: entry.id,
      dueAt: entry.dueAt,
      label,
      cancel: () => {
        entry.cancelled = true;
        this.timers = this.timers.filter((t) => t !== entry);
        this.reschedule();
      },
    };
  }

  /** Resolves after `ms` of clock time; rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal, label = 'sleep'): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        return;
      }
      const onAbort = () => {
        timer.cancel();
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      const timer = this.setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        ms,
        label,
      );
      this.onDrop(timer, () => {
        signal?.removeEventListener('abort', onAbort);
        reject(new ClockResetError(`the clock was reset during '${label}'`));
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Stops time at the current instant, or at `atMs` when given (a later one fires what became due, as `set`). */
  freeze(atMs?: number): Promise<void> {
    return this.set({ mode: 'frozen', now: atMs });
  }

  /**
   * Sets the mode, the time, or the scale. Moving time forward with `set` fires what became due, in
   * order, exactly like `advance`; moving it backwards never fires anything.
   */
  set(options: { mode?: ClockMode; now?: number; timeScale?: number }): Promise<void> {
    return this.change(options);
  }

  /**
   * Moves clock time forward by `ms`, firing every timer that became due in due order, each with the
   * clock set to its due time. Timers scheduled by those callbacks within the window fire too.
   */
  advance(ms: number): Promise<void> {
    return this.change({ advance: ms });
  }

  /** Cancels every pending timer and stops the wall-clock driver. */
  dispose(): void {
    this.disposed = true;
    this.timeState.dispose?.();
    this.dropAll();
    if (this.wallTimer) clearTimeout(this.wallTimer);
    this.wallTimer = undefined;
  }

  /** Drops all pending timers (used by a full emulator reset) but keeps the clock running. */
  clearTimers(): void {
    this.dropAll();
    this.reschedule();
  }

  private dropAll(): void {
    const dropped = this.timers;
    this.timers = [];
    for (const t of dropped) t.cancelled = true;
    for (const t of dropped) t.dropped?.();
  }

  /** `fn` runs if `timer` is dropped by a reset or dispose (a sleep fails instead of waiting for ever). */
  private onDrop(timer: ClockTimer, fn: () => void): void {
    const entry = this.timers.find((t) => t.id === timer.id);
    if (entry) entry.dropped = fn;
  }

  /** Changes the time (for every instance, with a shared state), then waits for the timers it made due here. */
  private async change(change: ClockChange): Promise<void> {
    const pending = this.timeState.change(change);
    if (pending) await pending;
    await this.firing;
  }

  /**
   * The time moved (a change here or through another instance, a reset): fire what became due, in order.
   * Resolves once they have fired (and their awaited work is done), for a change made elsewhere to be
   * acknowledged only then.
   */
  private moved(before: number): Promise<void> | undefined {
    // Timers already being fired: that loop reads the new time at its next step.
    if (this.firingAt !== undefined) return this.firing;
    const next = this.timers[0];
    if (next && next.dueAt <= this.timeState.now()) {
      this.firingAt = before;
      this.firing = this.fireMoved();
    }
    this.reschedule();
    return this.firing;
  }

  private async fireMoved(): Promise<void> {
    try {
      for (;;) {
        const next = this.timers[0];
        if (!next || next.dueAt > this.timeState.now()) break;
        this.timers.shift();
        this.firingAt = Math.max(next.dueAt, this.firingAt ?? next.dueAt);
        const work = this.run(next);
        // Due work is done before the next timer fires (at most dueWorkWaitMs); for the rest, let the
        // callback's synchronous continuations (promise chains) settle.
        if (next.awaited && work) await waitAtMost(work, this.dueWorkWaitMs);
        else await new Promise<void>((r) => setImmediate(r));
      }
    } finally {
      this.firingAt = undefined;
      this.firing = undefined;
      this.reschedule();
    }
  }

  private insert(entry: TimerEntry): void {
    // Keep timers sorted by due time, then by creation order, so equal due times fire FIFO.
    let lo = 0;
    let hi = this.timers.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const t = this.timers[mid];
      if (t.dueAt < entry.dueAt || (t.dueAt === entry.dueAt && t.seq < entry.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.timers.splice(lo, 0, entry);
  }

  /** Runs the timer's callback; a promise it returns, settled (its rejection logged). */
  private run(entry: TimerEntry): Promise<void> | undefined {
    if (entry.cancelled) return undefined;
    try {
      const result = entry.fn();
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).then(
          () => undefined,
          (err: unknown) => reportTimerError(entry, err),
        );
      }
    } catch (err) {
      reportTimerError(entry, err);
    }
    return undefined;
  }

  private reschedule(): void {
    if (this.wallTimer) clearTimeout(this.wallTimer);
    this.wallTimer = undefined;
    const { mode, timeScale } = this.timeState.anchor();
    if (this.disposed || this.firingAt !== undefined || mode === 'frozen') return;
    const next = this.timers[0];
    if (!next) return;
    const rate = mode === 'scaled' ? 1 / timeScale : 1;
    const wallDelay = Math.max(0, (next.dueAt - this.now()) / rate);
    // Cap the wall delay so a long timer does not overflow setTimeout's 32-bit range.
    this.wallTimer = setTimeout(() => this.fireDue(), Math.min(Math.ceil(wallDelay), 2 ** 30));
    this.wallTimer.unref();
  }

  private fireDue(): void {
    this.wallTimer = undefined;
    const now = this.now();
    while (this.timers.length > 0 && this.timers[0].dueAt <= now) {
      const entry = this.timers.shift()!;
      // Time moved by itself: no one waits for the work (an awaited timer's rejection is logged by run).
      void this.run(entry);
    }
    this.reschedule();
  }
}

function reportTimerError(entry: TimerEntry, err: unknown): void {
  console.error(`[svc-emulator] clock timer '${entry.label}' failed:`, err);
}
