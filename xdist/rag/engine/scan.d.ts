import type { DocumentType } from './detect.js';
export interface ScanLimits {
    /** Sum of declared (and actual) uncompressed entry sizes. Default 50 MiB. */
    maxUncompressedBytes?: number;
    /** Total uncompressed : compressed ratio. Default 100. */
    maxCompressionRatio?: number;
    /** Default 1000 (a large DOCX with many images has a few hundred). */
    maxEntries?: number;
}
export declare const DEFAULT_SCAN_LIMITS: Required<ScanLimits>;
export interface ScanReport {
    archiveEntries: number;
    uncompressedBytes: number;
}
/** Throws DocumentError (`malware_detected` | `archive_rejected`) or returns what was inspected. */
export declare function scanDocument(bytes: Uint8Array, type: DocumentType | null, limits?: ScanLimits): ScanReport;
