/**
 * The clock area: the emulator's clock (its time kept in the store, the first state unit) and each
 * organization's clock (its sandbox's own, or the emulator's), and the admin operations that move them.
 */
import type { Area } from '../area/area.js';
import { Clock } from '../core/clock.js';
import type { ClockStart } from '../core/clock-anchor.js';
import { OrgClocks } from '../core/clocks.js';
import type { StateStore } from '../store/state-store.js';
import { clockAdminHandlers } from './admin.js';
import { createClockState, emulatorClock } from './state.js';

export { clockView } from './admin.js';
export { createClockState, emulatorClock } from './state.js';

declare module '../area/area.js' {
  interface AreaParts {
    /** The emulator's clock. */
    clock: Clock;
    /** Each organization's clock: its sandbox's own, or `clock` (core/clocks.ts). */
    clocks: OrgClocks;
  }
}

export interface ClockAreaDeps {
  store: StateStore;
  /** Where the clock starts, and goes back to at a reset. */
  start: ClockStart;
  /** A clock the caller gives (a test's): see emulatorClock. */
  given?: Clock;
}

export function createClockArea({ store, start, given }: ClockAreaDeps): Area {
  const clock = emulatorClock(store, start, given);
  const clocks = new OrgClocks(
    clock,
    (id, clockStartAt) => new Clock({ state: createClockState(store, clockStartAt, { id }) }),
  );
  return {
    name: 'clock',
    parts: { clock, clocks },
    // The first unit: it opens before anything reads the time, and a reset puts the clock back (unless
    // keep_clock) before the other areas start over at its time.
    state: [clock.timeState],
    adminHandlers: clockAdminHandlers(clock),
    close() {
      // Timers and sockets of the sandboxes' own clocks go with the emulator's.
      clock.dispose();
      for (const [orgId] of clocks.owned()) clocks.detach(orgId);
    },
  };
}
