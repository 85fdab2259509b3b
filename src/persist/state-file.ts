/**
 * State files on disk: written atomically (a temporary file beside the target, fsynced, renamed over it, the
 * folder fsynced), so a crash or SIGKILL at any moment leaves either the previous file or the new one.
 */
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';

/** The temporary files this process is writing now: never stale, whatever their name says. */
const writing = new Set<string>();

function temporaryOf(path: string): string {
  return join(dirname(path), `${basename(path)}.tmp-${process.pid}`);
}

/** Writes `path` atomically from what `write` puts into the stream it is given (mode 0600: it may hold secrets). */
export async function writeFileAtomic(path: string, write: (out: Writable) => Promise<void>): Promise<void> {
  const tmp = temporaryOf(path);
  writing.add(tmp);
  try {
    await writeThrough(tmp, path, write);
  } finally {
    writing.delete(tmp);
  }
}

async function writeThrough(
  tmp: string,
  path: string,
  write: (out: Writable) => Promise<void>,
): Promise<void> {
  const handle = await open(tmp, 'w', 0o600);
  try {
    // A plain Writable over the handle: the handle's own streams hold it open (close() would wait on them).
    const out = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        handle.write(chunk).then(() => done(), done);
      },
    });
    await write(out);
    await new Promise<void>((resolve, reject) => {
      out.once('error', reject);
      out.end(() => resolve());
    });
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  await rename(tmp, path);
  await syncDir(dirname(path));
}

/** Whether process `pid` still runs on this host (EPERM: it does, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files of `path` that a writer killed mid-save left (decision SS11): `<name>.tmp-<pid>`
 * whose process is gone, or whose pid is this process's and which it is not writing (a container's process
 * is pid 1 again after a restart). A live writer's file is kept: several emulators may share a folder.
 * Returns the files removed.
 */
export async function removeStaleTemporaries(path: string): Promise<string[]> {
  const prefix = `${basename(path)}.tmp-`;
  const removed: string[] = [];
  for (const name of await readdir(dirname(path))) {
    if (!name.startsWith(prefix) || !/^\d+$/.test(name.slice(prefix.length))) continue;
    const pid = Number(name.slice(prefix.length));
    const file = join(dirname(path), name);
    if (pid === process.pid ? writing.has(file) : alive(pid)) continue;
    await rm(file, { force: true });
    removed.push(file);
  }
  return removed;
}

/** Writes bytes or a web/Node stream atomically. */
export function writeBytesAtomic(
  path: string,
  body: Uint8Array | NodeJS.ReadableStream | ReadableStream<Uint8Array>,
): Promise<void> {
  return writeFileAtomic(path, async (out) => {
    if (body instanceof Uint8Array) {
      await new Promise<void>((resolve, reject) => out.write(body, (err) => (err ? reject(err) : resolve())));
      return;
    }
    const source = isWebStream(body) ? Readable.fromWeb(body as never) : body;
    await pipeline(source, out, { end: false });
  });
}

function isWebStream(body: unknown): body is ReadableStream<Uint8Array> {
  return typeof (body as ReadableStream).getReader === 'function';
}

/** The rename is durable only once the folder's entry is on disk (not possible on every platform: ignored there). */
async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows cannot open a folder for fsync; the rename is still atomic there.
  } finally {
    await handle?.close();
  }
}

/**
 * A state file to load, as a stream (a load spools it: never read whole into memory), with a message naming the
 * file when it cannot be opened.
 */
export async function openStateFile(path: string, what: string): Promise<Readable> {
  try {
    return (await open(path, 'r')).createReadStream();
  } catch (err) {
    throw new StateFileError(`${what} ${path}: cannot read it: ${(err as Error).message}`);
  }
}

export class StateFileError extends Error {
  override name = 'StateFileError';
}
