/**
 * What the surfaces of issue 25 (--state, --persist, emu.state) use of `emulator.snapshots`, the snapshot core
 * (src/snapshots/, i25-design.md). Until that core is on this branch, the emulator is read through this port.
 */
import type { Emulator } from '../emulator.js';

export interface SnapshotScope {
  org?: string;
  sandbox?: string;
}
export interface SaveOptions extends SnapshotScope {
  journal?: boolean;
  secrets?: boolean;
}
export interface LoadResult {
  scope: { kind: 'emulator' } | { kind: 'organization'; org_id: string; sandbox_id?: string };
  /** The organizations loaded, sorted. */
  org_ids: string[];
  includes: string[];
}
export interface Snapshots {
  save(out: NodeJS.WritableStream, options?: SaveOptions): Promise<void>;
  saveToBuffer(options?: SaveOptions): Promise<Buffer>;
  load(input: Buffer | NodeJS.ReadableStream): Promise<LoadResult>;
}

export function snapshotsOf(emulator: Emulator): Snapshots {
  const snapshots = (emulator as unknown as { snapshots?: Snapshots }).snapshots;
  if (!snapshots) throw new Error('this emulator has no snapshots (src/snapshots is not built in)');
  return snapshots;
}
