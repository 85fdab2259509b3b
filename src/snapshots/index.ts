/**
 * Snapshots (issue 25, docs/state.md): the emulator's state saved as one versioned document and loaded back,
 * whole or one organization, through GET/PUT /_emulator/state and `emulator.part('snapshots')`.
 */
import type { Area } from '../area/area.js';
import { Writable } from 'node:stream';
import type { Validators } from '../contract/compile.js';
import type { SandboxLookup } from '../sandboxes/lookup.js';
import type { StateStore } from '../store/index.js';
import type { StateUnits } from '../store/state-unit.js';
import { DEFAULT_LIMITS, type LoadResult, type SaveOptions, type SnapshotLimits } from './format.js';
import { LoadGate } from './gate.js';
import { stateAdminHandlers } from './http.js';
import { Loader, type KeyOwners } from './loader.js';
import { StateChecker } from './validate.js';
import { resolveScope, writeDocument, type WriterDeps } from './writer.js';

export type { DocumentScope, LoadResult, SaveOptions, SnapshotLimits, SnapshotScope } from './format.js';
export { STATE_FORMAT, STATE_VERSION, LOADABLE_VERSIONS } from './format.js';
export { LoadGate } from './gate.js';

export interface Snapshots {
  /** Streams the document (uncompressed bytes) into `out`; resolves once all is written. 404 problem for an unknown org/sandbox. */
  save(out: NodeJS.WritableStream, options?: SaveOptions): Promise<void>;
  /** The document as one Buffer (small states, tests, --persist). */
  saveToBuffer(options?: SaveOptions): Promise<Buffer>;
  /** Loads a document (raw or gzip bytes, detected by the magic bytes); all or nothing; throws ApiError (422/413/409...). */
  load(input: Buffer | NodeJS.ReadableStream): Promise<LoadResult>;
  /** The bounds of a load (decision ST-L1); a test may lower them. */
  readonly limits: SnapshotLimits;
}

export interface SnapshotsDeps {
  units: StateUnits;
  store: StateStore;
  sandboxes: SandboxLookup;
  validators: Validators;
  /** Everything a reset does before its boot (Emulator.clearState). */
  clearAll(): Promise<void>;
  /** The orgs state's reads of a key by id and by hash. */
  keyOwners: KeyOwners;
}

declare module '../area/area.js' {
  interface AreaParts {
    /** The state saved as one document and loaded back (issue 25): GET/PUT /_emulator/state. */
    snapshots: Snapshots;
    /** Holds requests while a load runs. */
    loadGate: LoadGate;
  }
}

export function createSnapshotsArea(deps: SnapshotsDeps): Area {
  const limits: SnapshotLimits = { ...DEFAULT_LIMITS };
  const gate = new LoadGate(deps.store);
  const writer: WriterDeps = { units: deps.units, store: deps.store, sandboxes: deps.sandboxes };
  const loader = new Loader({
    units: deps.units,
    store: deps.store,
    gate,
    checker: new StateChecker(deps.validators, deps.units),
    limits,
    writer,
    clearAll: () => deps.clearAll(),
    keyOwners: deps.keyOwners,
  });
  const save = async (out: NodeJS.WritableStream, options: SaveOptions = {}) =>
    writeDocument(writer, out, await resolveScope(writer, options), options);
  const snapshots: Snapshots = {
    limits,
    save,
    async saveToBuffer(options = {}) {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      await save(sink, options);
      return Buffer.concat(chunks);
    },
    load: (input) => loader.load(input),
  };
  return {
    name: 'snapshots',
    parts: { snapshots, loadGate: gate },
    adminHandlers: stateAdminHandlers({ writer, loader, limits }),
  };
}
