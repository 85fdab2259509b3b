/**
 * The SHA-256 of an upload, computed once as its bytes arrive (http/upload-storage.ts) and read by whoever needs
 * it (STT script matching, the journal's multipart summary) without hashing up to 25 MiB again.
 */
import { createHash } from 'node:crypto';

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

/** Records the digest computed while the bytes arrived. */
export function rememberSha256(bytes: Uint8Array, hex: string): void {
  digests.set(bytes, hex);
}
