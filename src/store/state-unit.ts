/**
 * The areas' state as the composition root sees it (issue 23, style.md practice 11). Each area owns its
 * state: an interface in its folder, a memory implementation and a Redis one side by side, picked once by the
 * area's factory from the StateStore. Every such state is a StateUnit registered with the emulator's
 * StateUnits, so loading a shared store and a reset are one loop over them, not a hand-kept list.
 */
import type { MaybePromise } from '../core/maybe.js';

/** What a reset keeps (POST /_emulator/reset). */
export interface ResetOptions {
  /** `keep_clock`: the clock keeps its mode, scale and time (only its timers go, and those are per instance). */
  keepClock?: boolean;
}

export interface StateUnit {
  /** A short name for errors and logs (`faults`, `billing`...). */
  readonly name: string;
  /** Loads what a Redis implementation keeps at hand (at start, before the demo state); nothing to do in memory. */
  open?(): Promise<void>;
  /**
   * Empties this state (POST /_emulator/reset). With Redis, for every instance: the others drop what they
   * keep at hand when the store's `reset` message reaches them.
   */
  reset(options?: ResetOptions): MaybePromise<void>;
}

export class StateUnits {
  private readonly units: StateUnit[] = [];

  add<T extends StateUnit>(unit: T): T {
    if (this.units.some((u) => u.name === unit.name)) throw new Error(`two state units named ${unit.name}`);
    this.units.push(unit);
    return unit;
  }

  list(): readonly StateUnit[] {
    return this.units;
  }

  async open(): Promise<void> {
    for (const unit of this.units) await unit.open?.();
  }

  /** Resets every unit in the order they were added; synchronous units cost no await. */
  async reset(options: ResetOptions = {}): Promise<void> {
    for (const unit of this.units) {
      const pending = unit.reset(options);
      if (pending) await pending;
    }
  }
}
