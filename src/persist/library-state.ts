/**
 * The library's `emu.state` (save and load the running emulator's state in-process) and what a start does with
 * `--state` and `--persist`: load the document before anything is served, then keep saving it.
 */
import type { Readable } from 'node:stream';
import { ConfigError } from '../core/config-error.js';
import type { Emulator } from '../app/emulator.js';
import { ApiError } from '../core/errors.js';
import { Persister } from './persister.js';
import { snapshotsOf, type LoadResult, type SaveOptions } from './snapshots-port.js';
import { openStateFile, StateFileError, writeFileAtomic } from './state-file.js';

export type { LoadResult, SaveOptions, SnapshotScope } from './snapshots-port.js';

/** A state document: its bytes (JSON or gzip), a file's path, or the parsed document. */
export type StateInput = Buffer | Uint8Array | string | object;

export interface EmulatorState {
  /** The state as document bytes (uncompressed JSON): the whole state, or `{ org }` / `{ sandbox }`'s. */
  save(options?: SaveOptions): Promise<Buffer>;
  /** Streams the document into `path`, atomically (mode 0600). */
  saveToFile(path: string, options?: SaveOptions): Promise<void>;
  /** Loads a document (all or nothing); a refused one throws the problem (`ApiError`, `code` and `detail`). */
  load(input: StateInput): Promise<LoadResult>;
}

export function emulatorState(emulator: Emulator): EmulatorState {
  const snapshots = () => snapshotsOf(emulator);
  return {
    save: (options) => snapshots().saveToBuffer(options),
    saveToFile: (path, options) => writeFileAtomic(path, (out) => snapshots().save(out, options)),
    load: async (input) => {
      const source = await bytesOf(input);
      try {
        return await snapshots().load(source);
      } finally {
        // A load refused before it read the file (409) leaves it open otherwise.
        if (!Buffer.isBuffer(source)) source.destroy();
      }
    },
  };
}

async function bytesOf(input: StateInput): Promise<Buffer | Readable> {
  if (typeof input === 'string') return openStateFile(input, 'state file');
  if (input instanceof Uint8Array) return Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  return Buffer.from(JSON.stringify(input));
}

/**
 * Loads what the start options name: DIR/state.json of `--persist` when it exists (the emulator carries on
 * where it stopped), else `--state FILE`. Returns the persister to start, or null without `--persist`.
 */
export async function loadAtStart(emulator: Emulator): Promise<Persister | null> {
  const { state, persist, persistInterval } = emulator.config;
  const persister = persist
    ? new Persister({
        dir: persist,
        intervalSeconds: persistInterval,
        snapshots: snapshotsOf(emulator),
        onError: (err) => console.error(`svc-emulator: ${err.message} (the next save tries again)`),
        onStaleRemoved: (file) =>
          console.error(`svc-emulator: --persist: removed ${file}, left by a save whose process is gone`),
      })
    : null;
  const file = persister?.existing() ?? state;
  if (file) {
    const what = file === state && !persister?.existing() ? '--state' : '--persist';
    const source = await openStateFile(file, what);
    // The demo corpus indexes in the background after boot; it finishes before the load replaces it.
    await emulator.ready();
    try {
      await snapshotsOf(emulator).load(source);
    } catch (err) {
      if (err instanceof ApiError) throw new ConfigError(`${what} ${file}: ${err.detail ?? err.message}`);
      throw err;
    } finally {
      source.destroy();
    }
  }
  await persister?.start();
  return persister;
}

export { StateFileError };
