/**
 * The state of a clock (issue 23): one anchor (core/clock-anchor.ts), kept in this process (memory-clock.ts) or
 * shared by every instance of a Redis store (clock/redis-clock.ts; clock/state.ts chooses). The Clock (clock.ts) reads the time from it and
 * keeps its own timers, which stay per instance. A clock state is an object, not a process-wide singleton: the
 * emulator has one today, and a second (a sandbox's) would be another object with its own id.
 */
import type { MaybePromise } from './maybe.js';
import type { ClockAnchor, ClockChange } from './clock-anchor.js';
import type { ResetOptions, StateUnit } from '../store/state-unit.js';

export type MoveListener = (before: number) => unknown;

export interface ClockAnchorState extends StateUnit {
  /** The anchor in force, kept at hand: reading the time never waits (no round trip). */
  anchor(): Readonly<ClockAnchor>;
  /** The clock time now (epoch ms), computed from the anchor. */
  now(): number;
  /**
   * Makes one change, atomically for every instance that shares the clock (two advances at once both count);
   * resolves once it holds here. Through Redis it fails with 502 `upstream_error` before anything changes
   * while Redis is away.
   */
  change(change: ClockChange): MaybePromise<void>;
  /**
   * Calls `listener` each time the anchor moves here (a change through this instance or another, a reset),
   * with the time read just before, so a clock can fire the timers that the move made due. A promise it returns
   * settles once they have fired: a change made through another instance is acknowledged after it.
   */
  onMove(listener: MoveListener): void;
  /** Back to its start (for every instance that shares it), unless `keepClock`. */
  reset(options?: ResetOptions): MaybePromise<void>;
  /**
   * Its state, which belongs to no organization: the mode, the scale and an anchor (a clock time and the wall
   * time it was read at): a frozen clock's as stored, a running one's re-anchored at the time of the export
   * (clock-anchor.ts savedAnchor), so a snapshot holds the clock's time at the save.
   */
  exportShared(): MaybePromise<ClockAnchor>;
  /**
   * Puts back what `exportShared` gave, for every instance (issue 25): a frozen clock at its saved time, a
   * running one running on from its saved time as of now (clock-anchor.ts loadedAnchor). Its listeners hear of
   * the move; it schedules nothing.
   */
  importShared(data: unknown): MaybePromise<void>;
  /** Stops listening (a sandbox's clock that is deleted); the state is not read again. */
  dispose?(): void;
}

export interface ClockStateOptions {
  /** The wall clock, injectable for tests (every instance sharing a clock must read the same one). */
  wallNow?: () => number;
  /** Which clock of the store: the emulator's is `clock`. */
  id?: string;
}
