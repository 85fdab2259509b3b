/**
 * The persister with a snapshot core that writes what the test says, when the test says: saves are atomic
 * (the previous file stays whole until the new one is complete), never overlap, and close() saves last.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Persister, PERSIST_FILE, PERSIST_SAVE_OPTIONS } from './persister.js';
import type { SaveOptions, Snapshots } from './snapshots-port.js';

/** A snapshot core whose saves write `doc-N` and wait until the test releases them. */
function gatedSnapshots() {
  const started: { options?: SaveOptions; release: () => void }[] = [];
  let n = 0;
  const waiters: (() => void)[] = [];
  const snapshots: Pick<Snapshots, 'save'> = {
    save: (out, options) =>
      new Promise<void>((resolve) => {
        const doc = `doc-${++n}`;
        out.write(doc.slice(0, 3)); // half of it is on disk before the save is released
        started.push({
          options,
          release: () => {
            out.write(doc.slice(3));
            resolve();
          },
        });
        for (const w of waiters.splice(0)) w();
      }),
  };
  const nextStart = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (started.length >= count ? resolve() : waiters.push(check));
      check();
    });
  return { snapshots, started, nextStart };
}

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Persister', () => {
  it('creates the folder, writes atomically, and never runs two saves at once', async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'persist-')), 'nested', 'state');
    const gate = gatedSnapshots();
    const persister = new Persister({
      dir,
      intervalSeconds: 0,
      snapshots: gate.snapshots,
      onError: () => {},
    });
    await persister.start();
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(persister.existing()).toBeNull();

    const first = persister.save();
    const second = persister.save();
    await gate.nextStart(1);
    expect(gate.started).toHaveLength(1); // the second waits for the first
    expect(gate.started[0].options).toEqual(PERSIST_SAVE_OPTIONS);
    // Half written: only the temporary file holds it.
    expect(readdirSync(dir)).toEqual([`${PERSIST_FILE}.tmp-${process.pid}`]);
    gate.started[0].release();
    await first;
    expect(readFileSync(join(dir, PERSIST_FILE), 'utf8')).toBe('doc-1');
    await gate.nextStart(2);
    // The previous file stays whole while the next one is written.
    expect(readFileSync(join(dir, PERSIST_FILE), 'utf8')).toBe('doc-1');
    gate.started[1].release();
    await second;
    expect(readFileSync(join(dir, PERSIST_FILE), 'utf8')).toBe('doc-2');
    expect(readdirSync(dir)).toEqual([PERSIST_FILE]);
    expect(statSync(join(dir, PERSIST_FILE)).mode & 0o777).toBe(0o600);
    expect(persister.existing()).toBe(join(dir, PERSIST_FILE));

    const closing = persister.close();
    await gate.nextStart(3);
    gate.started[2].release();
    await closing;
    expect(readFileSync(join(dir, PERSIST_FILE), 'utf8')).toBe('doc-3');
  });

  it('saves on its interval, skipping the ticks that come while a save still runs', async () => {
    dir = mkdtempSync(join(tmpdir(), 'persist-'));
    const gate = gatedSnapshots();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const persister = new Persister({
        dir,
        intervalSeconds: 10,
        snapshots: gate.snapshots,
        onError: () => {},
      });
      await persister.start();
      expect(gate.started).toHaveLength(0);
      vi.advanceTimersByTime(10_000);
      await gate.nextStart(1);
      vi.advanceTimersByTime(50_000); // five ticks while the first save is held: all skipped
      gate.started[0].release();
      // Saves run in order: had the ticks queued work, it would run before this one.
      const saving = persister.save();
      await gate.nextStart(2);
      gate.started[1].release();
      await saving;
      expect(gate.started).toHaveLength(2);
      vi.advanceTimersByTime(10_000);
      await gate.nextStart(3);
      gate.started[2].release();
      persister.dispose();
      vi.advanceTimersByTime(60_000);
      expect(gate.started).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed save leaves the previous file and no temporary one, and says which file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'persist-'));
    writeFileSync(join(dir, PERSIST_FILE), 'previous');
    const failing: Pick<Snapshots, 'save'> = {
      save: async (out) => {
        out.write('partial');
        throw new Error('store unreachable');
      },
    };
    const persister = new Persister({ dir, intervalSeconds: 0, snapshots: failing, onError: () => {} });
    await persister.start();
    await expect(persister.close()).rejects.toThrow(
      `--persist: cannot write ${join(dir, PERSIST_FILE)}: store unreachable`,
    );
    expect(readFileSync(join(dir, PERSIST_FILE), 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual([PERSIST_FILE]);
  });

  it("removes this process's own stale temporary file at start (a container is pid 1 again), never one it is writing", async () => {
    dir = mkdtempSync(join(tmpdir(), 'persist-'));
    const own = `${PERSIST_FILE}.tmp-${process.pid}`;
    writeFileSync(join(dir, own), 'left by the previous run');
    const removed: string[] = [];
    const gate = gatedSnapshots();
    const options = { dir, intervalSeconds: 0, snapshots: gate.snapshots, onError: () => {} };
    const writer = new Persister({ ...options, onStaleRemoved: (file) => removed.push(file) });
    await writer.start();
    expect(removed).toEqual([join(dir, own)]);
    expect(readdirSync(dir)).toEqual([]);
    const saving = writer.save();
    await gate.nextStart(1);
    // A second persister of the same folder starts while the first one's save is half written.
    await new Persister(options).start();
    expect(readdirSync(dir)).toEqual([own]);
    gate.started[0].release();
    await saving;
    expect(readdirSync(dir)).toEqual([PERSIST_FILE]);
  });

  it('a folder that cannot be created stops the start, naming it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'persist-'));
    writeFileSync(join(dir, 'file'), 'x');
    const persister = new Persister({
      dir: join(dir, 'file', 'sub'),
      intervalSeconds: 0,
      snapshots: gatedSnapshots().snapshots,
      onError: () => {},
    });
    await expect(persister.start()).rejects.toThrow(
      `--persist ${join(dir, 'file', 'sub')}: cannot create it`,
    );
  });
});
