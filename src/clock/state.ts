/**
 * The clock area's state factory: the clock's time kept in the store the emulator runs on (memory, or Redis
 * shared by every instance). The interface is core's (core/clock-state.ts); the implementations sit side by side.
 */
import { Clock } from '../core/clock.js';
import type { ClockStart } from '../core/clock-anchor.js';
import type { ClockAnchorState, ClockStateOptions } from '../core/clock-state.js';
import { MemoryClockState } from '../core/memory-clock.js';
import { RedisStore } from '../store/redis-store.js';
import type { StateStore } from '../store/state-store.js';
import { RedisClockState } from './redis-clock.js';

/**
 * The clock state of an emulator's store: shared through Redis with a Redis store (an instance that joins
 * later takes the clock in Redis; its own start matters only for a reset through it), in memory otherwise.
 */
export function createClockState(
  store: StateStore,
  start: ClockStart,
  options: ClockStateOptions = {},
): ClockAnchorState {
  return store instanceof RedisStore
    ? new RedisClockState(store, start, options)
    : new MemoryClockState(start, options);
}

/**
 * The emulator's clock, its time kept in the store. A clock the caller gives (a test's) is used as it is with
 * the memory store; with a shared store the time must be the shared one, so the emulator's clock starts from
 * the given clock's mode, scale and time instead (move it through `emulator.clock` or the admin API).
 */
export function emulatorClock(store: StateStore, start: ClockStart, given?: Clock): Clock {
  if (given && !store.shared) return given;
  if (given) {
    const { mode, timeScale, nowMs } = given.state();
    start = { mode, timeScale, at: start.at ?? nowMs };
  }
  return new Clock({ state: createClockState(store, start) });
}
