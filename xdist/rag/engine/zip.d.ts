export interface ZipEntry {
    name: string;
    method: number;
    compressedSize: number;
    uncompressedSize: number;
    localHeaderOffset: number;
}
export declare class ZipFormatError extends Error {
    readonly name = "ZipFormatError";
}
export declare function isZip(bytes: Uint8Array): boolean;
/** Parses the central directory. Throws ZipFormatError on anything inconsistent (incl. ZIP64). */
export declare function readCentralDirectory(bytes: Uint8Array, maxEntries?: number): ZipEntry[];
/** The compressed bytes of an entry, located through its local header. */
export declare function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array;
/**
 * An entry's uncompressed bytes, or a ZipFormatError as soon as more than
 * `maxBytes` would come out. Native zlib with `maxOutputLength` aborts
 * inflation at the limit, so a lying header costs at most `maxBytes` of work
 * (fflate's pure-JS inflater was measured ~30× slower on bomb streams).
 */
export declare function inflateEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array;
