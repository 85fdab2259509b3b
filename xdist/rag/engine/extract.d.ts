import { type DocumentType } from './detect.js';
import { type DocumentLimits } from './limits.js';
export { detectDocumentType, DOCUMENT_TYPES, type DocumentType } from './detect.js';
export { DocumentError, type DocumentErrorCode } from './errors.js';
export { markdownToText } from './markdown.js';
export interface ExtractedText {
    text: string;
    pageCount?: number;
}
/** Extracts and tidies the text of a document of a known type, inside `limits` (checked as it goes). */
export declare function extractText(bytes: Uint8Array, type: DocumentType, limits?: DocumentLimits): Promise<ExtractedText>;
export declare function htmlToText(html: string): string;
/** Rows become "header: value" lines, one blank line per row so chunks break between records. */
export declare function csvToText(text: string, maxTextBytes?: number): string;
/** String (and number/boolean) leaves as "path: value" lines, e.g. `items[0].title: …`. */
export declare function jsonToText(text: string, maxTextBytes?: number): string;
