/**
 * `--persist DIR`: the state is written to DIR/state.json on shutdown and every `intervalSeconds` (wall time:
 * a frozen emulator clock must not stop the saves), atomically, never two saves at once.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SaveOptions, Snapshots } from './snapshots-port.js';
import { removeStaleTemporaries, StateFileError, writeFileAtomic } from './state-file.js';

export const PERSIST_FILE = 'state.json';
/** What a persisted file holds: secrets too (the file is the emulator's own, mode 0600), not the journal. */
export const PERSIST_SAVE_OPTIONS: SaveOptions = { secrets: true, journal: false };

export interface PersisterOptions {
  dir: string;
  /** 0: only on `close()`. */
  intervalSeconds: number;
  snapshots: Pick<Snapshots, 'save'>;
  /** A periodic save that failed (the next one tries again). */
  onError: (err: Error) => void;
  /** A temporary file a killed save left, removed at start. */
  onStaleRemoved?: (file: string) => void;
}

export class Persister {
  readonly file: string;
  private timer: NodeJS.Timeout | undefined;
  private last: Promise<void> = Promise.resolve();
  private busy = false;
  private closed = false;

  constructor(private readonly options: PersisterOptions) {
    this.file = join(options.dir, PERSIST_FILE);
  }

  /**
   * Creates the folder (so a bad DIR stops the start, not the shutdown), removes what killed saves left (a
   * full-size file each, which nothing else would remove), and arms the periodic save.
   */
  async start(): Promise<void> {
    try {
      await mkdir(this.options.dir, { recursive: true });
    } catch (err) {
      throw new StateFileError(`--persist ${this.options.dir}: cannot create it: ${(err as Error).message}`);
    }
    try {
      for (const file of await removeStaleTemporaries(this.file)) this.options.onStaleRemoved?.(file);
    } catch (err) {
      throw new StateFileError(
        `--persist ${this.options.dir}: cannot remove what an interrupted save left: ${(err as Error).message}`,
      );
    }
    const { intervalSeconds } = this.options;
    if (intervalSeconds > 0) {
      this.timer = setInterval(() => this.tick(), intervalSeconds * 1000);
      this.timer.unref();
    }
  }

  /** The file a start loads: DIR/state.json when it exists. */
  existing(): string | null {
    return existsSync(this.file) ? this.file : null;
  }

  /** Saves now, after any save under way (so saves never overlap). */
  save(): Promise<void> {
    const next = this.last.then(() => this.saveOnce());
    this.last = next.catch(() => undefined);
    return next;
  }

  /** Stops the periodic save and writes the state a last time. */
  async close(): Promise<void> {
    if (this.closed) return this.last;
    this.closed = true;
    clearInterval(this.timer);
    await this.save();
  }

  /** Stops the periodic save without saving (a start that failed after the load). */
  dispose(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  /** A tick while a save is still running is skipped: the running one is recent enough. */
  private tick(): void {
    if (this.busy || this.closed) return;
    this.save().catch((err: Error) => this.options.onError(err));
  }

  private async saveOnce(): Promise<void> {
    this.busy = true;
    try {
      await writeFileAtomic(this.file, (out) => this.options.snapshots.save(out, PERSIST_SAVE_OPTIONS));
    } catch (err) {
      throw new StateFileError(`--persist: cannot write ${this.file}: ${(err as Error).message}`);
    } finally {
      this.busy = false;
    }
  }
}
