/**
 * The whole reading of an upload, as one worker task: type from the bytes, scan, extraction. Cheap checks
 * come first (the type sniff reads a few bytes or one linear pass; the scan reads the ZIP directory before
 * inflating anything), and every step stays inside the content limits.
 */
import { type DocumentType } from './detect.js';
import type { DocumentLimits } from './limits.js';
import { type PreparedText } from './prepare.js';
export interface InspectedDocument {
    type: DocumentType;
    /** The extracted text, chunked and tokenised for the index (off the event loop, like the extraction). */
    prepared: PreparedText;
}
export declare function inspectDocument(bytes: Uint8Array, fileName: string | undefined, limits: DocumentLimits): Promise<InspectedDocument>;
