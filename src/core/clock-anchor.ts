/**
 * A clock's whole state is one anchor: its mode, its scale, and a clock time together with the wall time at
 * which the clock read it. The time is computed from it, so reading it never waits on anything. These are the
 * rules both clock states apply (core/clock-state.ts); redis-clock-scripts.ts CLOCK_CHANGE is their Lua twin.
 */

export type ClockMode = 'real' | 'scaled' | 'frozen';

export interface ClockAnchor {
  mode: ClockMode;
  timeScale: number;
  /** The clock time of the anchor (epoch ms). */
  virtual: number;
  /** The wall time at which the clock read `virtual` (epoch ms). */
  wall: number;
}

/** What a clock starts at, and goes back to at a reset. `at` null is the wall clock of that moment. */
export interface ClockStart {
  mode: ClockMode;
  timeScale: number;
  at: number | null;
}

/**
 * One change of a clock: forward by `advance` ms, or another mode, scale or time. The clock is re-anchored at
 * the time it reads when the change is made (with the scale it had), so only what is named changes.
 */
export type ClockChange = { advance: number } | { mode?: ClockMode; now?: number; timeScale?: number };

/** The start of a clock built from options (`--time-scale` other than 1 implies the scaled mode). */
export function clockStart(options: {
  mode?: ClockMode;
  timeScale?: number;
  startAt?: number | null;
}): ClockStart {
  const timeScale = validScale(options.timeScale ?? 1);
  return {
    mode: options.mode ?? (timeScale !== 1 ? 'scaled' : 'real'),
    timeScale,
    at: options.startAt ?? null,
  };
}

export function startAnchor(start: ClockStart, wall: number): ClockAnchor {
  return { mode: start.mode, timeScale: start.timeScale, virtual: start.at ?? wall, wall };
}

/** The clock time an anchor gives at a wall time. */
export function timeAt(anchor: ClockAnchor, wall: number): number {
  if (anchor.mode === 'frozen') return anchor.virtual;
  const rate = anchor.mode === 'scaled' ? 1 / anchor.timeScale : 1;
  return Math.floor(anchor.virtual + (wall - anchor.wall) * rate);
}

/**
 * The anchor a snapshot holds (issue 25, docs/decisions.md "Issue 25: clocks in a snapshot"): a frozen clock's
 * as stored (so the same state exports the same bytes); a running clock's re-anchored at the export's wall
 * time, so the document holds the clock's time at the save and a load can continue from it.
 */
export function savedAnchor(anchor: ClockAnchor, wall: number): ClockAnchor {
  const { mode, timeScale, virtual } = anchor;
  if (mode === 'frozen') return { mode, timeScale, virtual, wall: anchor.wall };
  return { mode, timeScale, virtual: timeAt(anchor, wall), wall };
}

/**
 * The anchor a load puts in force at a wall time: a frozen clock stands at its saved time; a running one runs on
 * from its time at the save, as of the load, so every due time keeps its distance from the clock's now.
 */
export function loadedAnchor(saved: ClockAnchor, wall: number): ClockAnchor {
  const { mode, timeScale, virtual } = saved;
  return { mode, timeScale, virtual, wall: mode === 'frozen' ? saved.wall : wall };
}

/** The anchor after a change made at a wall time. */
export function applyChange(anchor: ClockAnchor, change: ClockChange, wall: number): ClockAnchor {
  const current = timeAt(anchor, wall);
  const next: ClockAnchor = { ...anchor, virtual: current, wall };
  if ('advance' in change) {
    next.virtual = current + checkAdvance(change.advance);
    return next;
  }
  if (change.timeScale !== undefined) next.timeScale = validScale(change.timeScale);
  if (change.mode) next.mode = change.mode;
  if (change.now !== undefined) next.virtual = change.now;
  return next;
}

/** Checks a change before it is made anywhere (a shared clock checks it before it reaches Redis). */
export function checkChange(change: ClockChange): ClockChange {
  if ('advance' in change) checkAdvance(change.advance);
  else if (change.timeScale !== undefined) validScale(change.timeScale);
  return change;
}

export function validScale(scale: number): number {
  if (!Number.isFinite(scale) || scale <= 0)
    throw new RangeError(`timeScale must be a positive number (got ${scale})`);
  return scale;
}

function checkAdvance(ms: number): number {
  if (!(ms >= 0)) throw new RangeError('advance needs a non-negative number of milliseconds');
  return ms;
}
