/**
 * Multer storage for uploads: in memory, like multer's own memory storage, with two differences that keep
 * large uploads off the event loop's critical path:
 * - the SHA-256 of each file is computed chunk by chunk while it arrives, so no later step hashes a whole
 *   upload at once (STT script matching and the journal's multipart summary read it via `uploadSha256` of
 *   core/upload-digest.ts);
 * - the file is copied into one buffer sized from the request's Content-Length (at most the file limit) as
 *   it arrives, instead of one concatenation of up to 25 MiB at the end, and that buffer belongs to the
 *   upload alone, so a worker task can take it without a copy (core/owned-bytes.ts).
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type multer from 'multer';
import { markOwned } from '../core/owned-bytes.js';
import { rememberSha256 } from '../core/upload-digest.js';

/** Collects one file's chunks: into a buffer sized in advance when the size is known, else a list. */
class FileBytes {
  private buffer: Buffer | undefined;
  private readonly chunks: Buffer[] = [];
  size = 0;

  constructor(expected: number) {
    // Large files only: small ones are cheaper as a list (and Buffer's pool serves their concatenation).
    if (expected > 64 * 1024) this.buffer = Buffer.allocUnsafeSlow(expected);
  }

  add(chunk: Buffer): void {
    if (this.buffer && this.size + chunk.length > this.buffer.length) {
      // More than announced: keep what is there as one chunk of the list.
      this.chunks.push(this.buffer.subarray(0, this.size));
      this.buffer = undefined;
    }
    if (this.buffer) chunk.copy(this.buffer, this.size);
    else this.chunks.push(chunk);
    this.size += chunk.length;
  }

  done(): Buffer {
    if (this.buffer) {
      const view = this.buffer.subarray(0, this.size);
      markOwned(view);
      return view;
    }
    return Buffer.concat(this.chunks, this.size);
  }
}

/** `maxFileBytes` bounds the buffer sized in advance (multer stops the upload past it anyway). */
export function hashingMemoryStorage(maxFileBytes: number): multer.StorageEngine {
  return {
    _handleFile(
      req: Request,
      file: Express.Multer.File,
      cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
    ): void {
      const declared = Number(req.headers['content-length']);
      const bytes = new FileBytes(
        Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, maxFileBytes) : 0,
      );
      const hash = createHash('sha256');
      file.stream.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        bytes.add(chunk);
      });
      file.stream.on('error', (err) => cb(err));
      file.stream.on('end', () => {
        const buffer = bytes.done();
        rememberSha256(buffer, hash.digest('hex'));
        cb(null, { buffer, size: bytes.size });
      });
    },
    _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void): void {
      (file as Partial<Express.Multer.File>).buffer = undefined;
      cb(null);
    },
  };
}
