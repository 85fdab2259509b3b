/**
 * The `ids` state unit (issue 25, snapshots): where the emulator's IdFactory counters and its Random stand, so
 * a loaded emulator mints the same next ids and draws the same next random values (keys, secrets) as the saved
 * one would have. Both are per instance: with a Redis store each instance has its own streams (streamSeed puts
 * the instance id in the seed), so an export holds the exporting instance's, and a load sets the loading
 * instance's. The same object serves both stores: nothing of it lives in Redis.
 */
import type { IdFactory, Random } from './random.js';
import type { StateUnit } from '../store/state-unit.js';

export interface IdsExport {
  /** The ids minted so far per prefix (`req`, `key`, ...), keys sorted. */
  counters: Record<string, number>;
  /** The Random's four words (sfc32), each an unsigned 32-bit integer. */
  random: [number, number, number, number];
}

/** The schema (admin.yaml StateSharedIds) states every rule of the section: nothing is left to `checkShared`. */
export function createIdsState(ids: IdFactory, random: Random): StateUnit {
  return {
    name: 'ids',
    exportShared: (): IdsExport => ({ counters: ids.state(), random: random.state() }),
    importShared(data: unknown): void {
      const { counters, random: words } = data as IdsExport;
      ids.restore(counters);
      random.restore(words);
    },
    // The counters survive a reset on purpose (random.ts: an id never repeats within a process); the Random
    // starts over, as the emulator's reset does.
    reset: () => random.reset(),
  };
}
