import { type DocumentLimits } from './limits.js';
export declare function extractDocx(bytes: Uint8Array, limits: DocumentLimits): string;
/** The text of a WordprocessingML main part. */
export declare function documentText(xml: string, maxTextBytes: number): string;
