export type DocumentType = 'pdf' | 'docx' | 'html' | 'markdown' | 'csv' | 'json' | 'text';
export declare const DOCUMENT_TYPES: readonly DocumentType[];
/** Fatal UTF-8 decode without BOM, or undefined when the bytes are not text. */
export declare function decodeUtf8(bytes: Uint8Array): string | undefined;
export declare function detectDocumentType(bytes: Uint8Array, fileName?: string): DocumentType | null;
