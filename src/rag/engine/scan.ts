/**
 * Upload scanning: the EICAR antivirus test signature and archive bombs.
 *
 * This is an emulator: it recognises the industry test string so clients can
 * exercise their `malware_detected` handling, it is not an antivirus. Content
 * inside PDF streams or nested archives is not inspected.
 */
import { DocumentError } from './errors.js';
import type { DocumentType } from './detect.js';
import { inflateEntry, isZip, readCentralDirectory, ZipFormatError, type ZipEntry } from './zip.js';

export interface ScanLimits {
  /** Sum of declared (and actual) uncompressed entry sizes. Default 50 MiB. */
  maxUncompressedBytes?: number;
  /** Total uncompressed : compressed ratio. Default 100. */
  maxCompressionRatio?: number;
  /** Default 1000 (a large DOCX with many images has a few hundred). */
  maxEntries?: number;
}

export const DEFAULT_SCAN_LIMITS: Required<ScanLimits> = {
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxEntries: 1000,
};

/** Entries smaller than this are exempt from the per-entry ratio check (tiny XML parts compress very well). */
const RATIO_EXEMPT_BYTES = 1024 * 1024;

// Assembled at load time so this source file does not itself trip a virus scanner.
const EICAR = new TextEncoder().encode(
  'X5O!P%@AP[4\\PZX54(P^)7CC)7}$' + 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
);

export interface ScanReport {
  archiveEntries: number;
  uncompressedBytes: number;
}

function containsEicar(haystack: Uint8Array): boolean {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(EICAR) !== -1;
}

/** Throws DocumentError (`malware_detected` | `archive_rejected`) or returns what was inspected. */
export function scanDocument(
  bytes: Uint8Array,
  type: DocumentType | null,
  limits: ScanLimits = {},
): ScanReport {
  const lim = { ...DEFAULT_SCAN_LIMITS, ...limits };
  if (containsEicar(bytes))
    throw new DocumentError(
      'malware_detected',
      'the document contains a malware signature (EICAR test file)',
    );
  if (type !== 'docx' && !isZip(bytes)) return { archiveEntries: 0, uncompressedBytes: bytes.length };
  try {
    return scanZip(bytes, lim);
  } catch (err) {
    if (err instanceof ZipFormatError)
      throw new DocumentError('archive_rejected', `archive rejected: ${err.message}`, { cause: err });
    throw err;
  }
}

function scanZip(bytes: Uint8Array, lim: Required<ScanLimits>): ScanReport {
  const entries = readCentralDirectory(bytes, lim.maxEntries);
  checkDeclaredSizes(entries, lim);
  // Declared sizes can lie, so inflation is capped by what each entry claims
  // and by what is left of the overall budget.
  let total = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const content = inflateEntry(
      bytes,
      entry,
      Math.min(entry.uncompressedSize, lim.maxUncompressedBytes - total),
    );
    total += content.length;
    if (containsEicar(content)) {
      throw new DocumentError(
        'malware_detected',
        `archive entry ${entry.name} contains a malware signature (EICAR test file)`,
      );
    }
  }
  return { archiveEntries: entries.length, uncompressedBytes: total };
}

function checkDeclaredSizes(entries: ZipEntry[], lim: Required<ScanLimits>): void {
  let declared = 0;
  let compressed = 0;
  for (const e of entries) {
    declared += e.uncompressedSize;
    compressed += e.compressedSize;
    if (
      e.uncompressedSize > RATIO_EXEMPT_BYTES &&
      e.uncompressedSize / Math.max(1, e.compressedSize) > lim.maxCompressionRatio
    ) {
      throw new ZipFormatError(`entry ${e.name} has a compression ratio above ${lim.maxCompressionRatio}:1`);
    }
  }
  if (declared > lim.maxUncompressedBytes)
    throw new ZipFormatError(`declared uncompressed size ${declared} exceeds ${lim.maxUncompressedBytes}`);
  if (declared > RATIO_EXEMPT_BYTES && declared / Math.max(1, compressed) > lim.maxCompressionRatio) {
    throw new ZipFormatError(`compression ratio above ${lim.maxCompressionRatio}:1`);
  }
}
