import { type DocumentLimits } from './limits.js';
export interface PdfText {
    text: string;
    pageCount: number;
}
/**
 * Inflates every FlateDecode stream that is not an image (images are not decoded for text) with a
 * running budget of `maxPdfDecodedBytes`; native zlib stops at the budget, so a stream that inflates to
 * gigabytes costs at most the budget. Streams zlib cannot read are left to pdf.js.
 */
export declare function checkPdfStreams(bytes: Uint8Array, maxBytes: number): number;
/**
 * Page objects visible in the file (`/Type /Page`), counted in one pass before pdf.js parses anything;
 * pages inside compressed object streams are not visible here and are counted by pdf.js instead.
 */
export declare function visiblePageObjects(bytes: Uint8Array): number;
export declare function extractPdf(bytes: Uint8Array, limits: DocumentLimits): Promise<PdfText>;
