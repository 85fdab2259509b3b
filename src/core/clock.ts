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
 */

export type ClockMode = 'real' | 'scaled' | 'frozen';

export interface ClockState {
  mode: ClockMode;
  now: string;
  nowMs: number;
  timeScale: number;
  pendingTimers: number;
}

/**
 * The clock's whole state as a shared store keeps it: the mode, the scale, and one anchor (a clock time and
 * the wall time at which the clock read it). Every instance computes the time from it locally.
 */
export interface ClockAnchor {
  mode: ClockMode;
  timeScale: number;
  virtual: number;
  wall: number;
}

/**
 * The shared clock (src/core/redis-clock.ts): the admin API's set and advance go through it, so they
 * apply on every instance. Unset with the memory store.
 */
export interface ClockReplica {
  set(options: { mode?: ClockMode; now?: number; timeScale?: number }): Promise<void>;
  advance(ms: number): Promise<void>;
  /** The clock was put back to its start state (a reset): the others follow. */
  restored(): void;
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
  cancelled: boolean;
}

export interface ClockOptions {
  mode?: ClockMode;
  /** Real seconds per clock second (`--time-scale`); only used in `scaled` mode. */
  timeScale?: number;
  /** Start time in epoch milliseconds (defaults to the wall clock). */
  startAt?: number;
  /** The wall clock, injectable for the clock's own tests. */
  wallNow?: () => number;
}

export class Clock {
  private mode: ClockMode;
  private timeScale: number;
  private anchorWall: number;
  private anchorVirtual: number;
  private readonly wallNow: () => number;
  private timers: TimerEntry[] = [];
  private nextId = 1;
  private seq = 0;
  private wallTimer: NodeJS.Timeout | undefined;
  private firing = false;
  private disposed = false;
  /** Set while the clock is shared between instances. */
  replica: ClockReplica | undefined;
  /** The last isoNow() and the millisecond it is for. */
  private isoAt = NaN;
  private isoText = '';

  constructor(options: ClockOptions = {}) {
    this.wallNow = options.wallNow ?? (() => Date.now());
    this.mode = options.mode ?? (options.timeScale && options.timeScale !== 1 ? 'scaled' : 'real');
    this.timeScale = validScale(options.timeScale ?? 1);
    this.anchorWall = this.wallNow();
    this.anchorVirtual = options.startAt ?? this.anchorWall;
  }

  /** Current clock time in epoch milliseconds. */
  now(): number {
    if (this.mode === 'frozen') return this.anchorVirtual;
    const elapsedWall = this.wallNow() - this.anchorWall;
    const rate = this.mode === 'scaled' ? 1 / this.timeScale : 1;
    return Math.floor(this.anchorVirtual + elapsedWall * rate);
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
    return {
      mode: this.mode,
      now: this.isoNow(),
      nowMs: this.now(),
      timeScale: this.timeScale,
      pendingTimers: this.timers.filter((t) => !t.cancelled).length,
    };
  }

  /** Runs `fn` once `delayMs` of clock time has passed. Errors thrown by `fn` are swallowed and logged. */
  setTimeout(fn: () => unknown, delayMs: number, label = 'timer'): ClockTimer {
    const entry: TimerEntry = {
      id: this.nextId++,
      dueAt: this.now() + Math.max(0, delayMs),
      seq: this.seq++,
      label,
      fn,
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
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Stops time at the current instant, or at `atMs` when given. */
  freeze(atMs?: number): void {
    this.setAnchor(atMs ?? this.now());
    this.mode = 'frozen';
    this.reschedule();
  }

  /**
   * Sets the mode, the time, or the scale. Moving time forward with `set` fires what became due, in
   * order, exactly like `advance`; moving it backwards never fires anything.
   */
  async set(options: { mode?: ClockMode; now?: number; timeScale?: number }): Promise<void> {
    if (options.timeScale !== undefined) this.timeScale = validScale(options.timeScale);
    const current = this.now();
    if (options.mode) {
      this.setAnchor(current);
      this.mode = options.mode;
    }
    if (options.now !== undefined) {
      if (options.now > current) {
        await this.advance(options.now - current);
      } else {
        this.setAnchor(options.now);
      }
    }
    this.reschedule();
  }

  /**
   * Moves clock time forward by `ms`, firing every timer that became due in due order, each with the
   * clock set to its due time. Timers scheduled by those callbacks within the window fire too.
   */
  async advance(ms: number): Promise<void> {
    if (!(ms >= 0)) throw new RangeError('advance needs a non-negative number of milliseconds');
    const target = this.now() + ms;
    this.firing = true;
    try {
      for (;;) {
        const next = this.timers[0];
        if (!next || next.dueAt > target) break;
        this.timers.shift();
        this.setAnchor(Math.max(next.dueAt, this.now()));
        this.run(next);
        // Let the callback's synchronous continuations (promise chains) settle before the next timer.
        await new Promise<void>((r) => setImmediate(r));
      }
      if (this.now() < target) this.setAnchor(target);
    } finally {
      this.firing = false;
      this.reschedule();
    }
  }

  /** The state a shared store keeps (ClockAnchor). */
  anchor(): ClockAnchor {
    return { mode: this.mode, timeScale: this.timeScale, virtual: this.anchorVirtual, wall: this.anchorWall };
  }

  /**
   * Takes a state set through another instance: if it puts the time forward, the timers that became due
   * fire first, in order, as with `advance`; then the clock runs from the given anchor.
   */
  async follow(state: ClockAnchor): Promise<void> {
    const rate = state.mode === 'scaled' ? 1 / state.timeScale : 1;
    const target = state.mode === 'frozen' ? state.virtual : Math.floor(state.virtual + (this.wallNow() - state.wall) * rate);
    const current = this.now();
    if (target > current) await this.advance(target - current);
    this.timeScale = validScale(state.timeScale);
    this.mode = state.mode;
    this.anchorVirtual = state.virtual;
    this.anchorWall = state.wall;
    this.reschedule();
  }

  /** Cancels every pending timer and stops the wall-clock driver. */
  dispose(): void {
    this.disposed = true;
    for (const t of this.timers) t.cancelled = true;
    this.timers = [];
    if (this.wallTimer) clearTimeout(this.wallTimer);
    this.wallTimer = undefined;
  }

  /**
   * Puts the clock back to a given state (an emulator reset back to its start options) without firing
   * anything: pending timers are dropped first.
   */
  restore(state: { mode: ClockMode; timeScale: number; now: number }): void {
    this.clearTimers();
    this.timeScale = validScale(state.timeScale);
    this.mode = state.mode;
    this.setAnchor(state.now);
    this.reschedule();
    this.replica?.restored();
  }

  /** Drops all pending timers (used by a full emulator reset) but keeps the clock running. */
  clearTimers(): void {
    for (const t of this.timers) t.cancelled = true;
    this.timers = [];
    this.reschedule();
  }

  private setAnchor(virtual: number): void {
    this.anchorVirtual = virtual;
    this.anchorWall = this.wallNow();
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

  private run(entry: TimerEntry): void {
    if (entry.cancelled) return;
    try {
      const result = entry.fn();
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(undefined, (err: unknown) => reportTimerError(entry, err));
      }
    } catch (err) {
      reportTimerError(entry, err);
    }
  }

  private reschedule(): void {
    if (this.wallTimer) clearTimeout(this.wallTimer);
    this.wallTimer = undefined;
    if (this.disposed || this.firing || this.mode === 'frozen') return;
    const next = this.timers[0];
    if (!next) return;
    const rate = this.mode === 'scaled' ? 1 / this.timeScale : 1;
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
      this.run(entry);
    }
    this.reschedule();
  }
}

function validScale(scale: number): number {
  if (!Number.isFinite(scale) || scale <= 0) throw new RangeError(`timeScale must be a positive number (got ${scale})`);
  return scale;
}

function reportTimerError(entry: TimerEntry, err: unknown): void {
  console.error(`[svc-emulator] clock timer '${entry.label}' failed:`, err);
}
