/** What the surfaces of issue 25 (--state, --persist, emu.state) use of the snapshot core (src/snapshots/). */
import type { Emulator } from '../app/emulator.js';
import type { Snapshots } from '../snapshots/index.js';

export type { LoadResult, SaveOptions, SnapshotScope, Snapshots } from '../snapshots/index.js';

export function snapshotsOf(emulator: Emulator): Snapshots {
  return emulator.part('snapshots');
}
