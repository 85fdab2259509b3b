/**
 * Minimal ZIP central-directory reader.
 *
 * Reading the directory ourselves (instead of letting an unzip library
 * allocate buffers of the declared sizes) lets the scanner judge an archive
 * from its metadata before a single byte is inflated.
 */
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export class ZipFormatError extends Error {
  override readonly name = 'ZipFormatError';
}

const EOCD_SIG = 0x06054b50;
const CDH_SIG = 0x02014b50;
const LFH_SIG = 0x04034b50;
const EOCD_MIN = 22;

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Parses the central directory. Throws ZipFormatError on anything inconsistent (incl. ZIP64). */
export function readCentralDirectory(bytes: Uint8Array, maxEntries = Infinity): ZipEntry[] {
  const dv = view(bytes);
  let eocd = -1;
  // The EOCD record is at most 22 + 65535 (comment) bytes from the end.
  for (let i = bytes.length - EOCD_MIN; i >= Math.max(0, bytes.length - EOCD_MIN - 0xffff); i--) {
    if (dv.getUint32(i, true) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('end of central directory not found');
  const count = dv.getUint16(eocd + 10, true);
  const cdSize = dv.getUint32(eocd + 12, true);
  const cdOffset = dv.getUint32(eocd + 16, true);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    throw new ZipFormatError('ZIP64 archives are not accepted');
  }
  if (count > maxEntries) throw new ZipFormatError(`too many entries (${count})`);
  if (cdOffset + cdSize > eocd) throw new ZipFormatError('central directory out of bounds');
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || dv.getUint32(p, true) !== CDH_SIG)
      throw new ZipFormatError('bad central directory header');
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    const next = p + 46 + nameLen + extraLen + commentLen;
    if (next > eocd) throw new ZipFormatError('central directory entry out of bounds');
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLen)),
      method: dv.getUint16(p + 10, true),
      compressedSize: dv.getUint32(p + 20, true),
      uncompressedSize: dv.getUint32(p + 24, true),
      localHeaderOffset: dv.getUint32(p + 42, true),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) {
      throw new ZipFormatError('ZIP64 entries are not accepted');
    }
    entries.push(entry);
    p = next;
  }
  return entries;
}

/** The compressed bytes of an entry, located through its local header. */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const dv = view(bytes);
  const o = entry.localHeaderOffset;
  if (o + 30 > bytes.length || dv.getUint32(o, true) !== LFH_SIG)
    throw new ZipFormatError('bad local header');
  const start = o + 30 + dv.getUint16(o + 26, true) + dv.getUint16(o + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipFormatError('entry data out of bounds');
  return bytes.subarray(start, end);
}

/**
 * An entry's uncompressed bytes, or a ZipFormatError as soon as more than
 * `maxBytes` would come out. Native zlib with `maxOutputLength` aborts
 * inflation at the limit, so a lying header costs at most `maxBytes` of work
 * (fflate's pure-JS inflater was measured ~30× slower on bomb streams).
 */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  const data = entryData(bytes, entry);
  if (entry.method === 0) {
    if (data.length > maxBytes) throw new ZipFormatError('entry larger than allowed');
    return data;
  }
  if (entry.method !== 8) throw new ZipFormatError(`unsupported compression method ${entry.method}`);
  if (data.length === 0) return data;
  try {
    return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE')
      throw new ZipFormatError('entry inflates beyond its declared or allowed size');
    throw new ZipFormatError(`corrupt deflate data: ${err instanceof Error ? err.message : String(err)}`);
  }
}
