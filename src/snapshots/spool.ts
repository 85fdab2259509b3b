/**
 * The body of a load, written to a temporary file as it arrives (decision ST-L2), so the document can be read
 * twice (checked, then imported) without being held in memory. Gzip is recognized by its magic bytes and
 * inflated on the way; the inflated bytes are counted against the limit as they come (with backpressure all
 * along), so a gzip bomb stops at the limit, never after.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { ApiError } from '../core/errors.js';

type Chunks = AsyncIterable<Buffer>;

function counted(limit: number, what: string, tally: { bytes: number }) {
  return async function* (source: Chunks): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      tally.bytes += chunk.length;
      if (tally.bytes > limit)
        throw new ApiError(
          'state_too_large',
          `the state document is larger than ${limit} bytes ${what}, the most a load accepts`,
        );
      yield chunk;
    }
  };
}

function gzipProblem(err: unknown): ApiError {
  return new ApiError(
    'invalid_state',
    `the gzip stream is corrupt or truncated (${(err as Error).message || String(err)})`,
  );
}

/** The chunks unchanged, or inflated when the first two bytes are gzip's magic (1f 8b). */
function maybeGunzip(seen: { gzip: boolean }) {
  return async function* (source: Chunks): AsyncGenerator<Buffer> {
    const it = source[Symbol.asyncIterator]();
    let head = Buffer.alloc(0);
    while (head.length < 2) {
      const next = await it.next();
      if (next.done) {
        if (head.length) yield head;
        return;
      }
      head = Buffer.concat([head, next.value]);
    }
    const rest = (async function* () {
      yield head;
      for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
    })();
    if (head[0] !== 0x1f || head[1] !== 0x8b) return yield* rest;
    seen.gzip = true;
    const gunzip = createGunzip();
    let failure: unknown;
    const feeding = pipeline(Readable.from(rest), gunzip).catch((err: unknown) => (failure ??= err));
    try {
      for await (const out of gunzip) yield out as Buffer;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw (err as { code?: string }).code?.startsWith('Z_') ? gzipProblem(err) : err;
    } finally {
      gunzip.destroy();
    }
    await feeding;
    if (failure) throw gzipProblem(failure);
  };
}

/**
 * The input's chunks. A stream is not destroyed when the load stops reading it (too large, not JSON): an HTTP
 * request's socket must stay up for the answer, and the caller discards the rest (http.ts).
 */
async function* chunksOf(input: Buffer | NodeJS.ReadableStream): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(input)) return yield input;
  const chunks =
    input instanceof Readable
      ? input.iterator({ destroyOnReturn: false })
      : (input as AsyncIterable<Buffer | string>);
  for await (const chunk of chunks) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
}

/**
 * Writes `input` (raw or gzip bytes) to `file`, inflated, and returns its size. 413 `state_too_large` past
 * `maxBytes` (as received, and once inflated); 422 `invalid_state` for a corrupt gzip stream.
 */
export async function spool(
  input: Buffer | NodeJS.ReadableStream,
  file: string,
  maxBytes: number,
): Promise<{ bytes: number; gzip: boolean }> {
  const received = { bytes: 0 };
  const inflated = { bytes: 0 };
  const seen = { gzip: false };
  try {
    await pipeline(
      chunksOf(input),
      counted(maxBytes, 'as received', received),
      maybeGunzip(seen),
      counted(maxBytes, 'once inflated', inflated),
      createWriteStream(file),
    );
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(
      'invalid_state',
      `the state document could not be read to its end (${(err as Error).message || String(err)})`,
    );
  }
  return { bytes: inflated.bytes, gzip: seen.gzip };
}
