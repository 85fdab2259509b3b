/**
 * State files on disk: written atomically (a temporary file beside the target, fsynced, renamed over it, the
 * folder fsynced), so a crash or SIGKILL at any moment leaves either the previous file or the new one.
 */
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';

/** Writes `path` atomically from what `write` puts into the stream it is given (mode 0600: it may hold secrets). */
export async function writeFileAtomic(path: string, write: (out: Writable) => Promise<void>): Promise<void> {
  const tmp = join(dirname(path), `${basename(path)}.tmp-${process.pid}`);
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
