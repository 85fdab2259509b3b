/**
 * Multer storage for uploads: memory, like multer's own memory storage, but the SHA-256 of each file is
 * computed chunk by chunk while it arrives, so no later step hashes a whole upload on the event loop. STT
 * script matching and the journal's multipart summary both read it through `uploadSha256`.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type multer from 'multer';

const digests = new WeakMap<Uint8Array, string>();

/** The hex SHA-256 of an upload's bytes: the one computed on arrival, or (for other buffers) computed now. */
export function uploadSha256(bytes: Buffer): string {
  let hex = digests.get(bytes);
  if (hex === undefined) {
    hex = createHash('sha256').update(bytes).digest('hex');
    digests.set(bytes, hex);
  }
  return hex;
}

export function hashingMemoryStorage(): multer.StorageEngine {
  return {
    _handleFile(_req: Request, file: Express.Multer.File, cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      let size = 0;
      file.stream.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        chunks.push(chunk);
        size += chunk.length;
      });
      file.stream.on('error', (err) => cb(err));
      file.stream.on('end', () => {
        const buffer = Buffer.concat(chunks, size);
        digests.set(buffer, hash.digest('hex'));
        cb(null, { buffer, size });
      });
    },
    _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void): void {
      (file as Partial<Express.Multer.File>).buffer = undefined;
      cb(null);
    },
  };
}
