/** Error codes surfaced to API clients by the document pipeline. */
export type DocumentErrorCode = 'unsupported_document_type' | 'document_unreadable' | 'document_empty' | 'document_too_complex' | 'malware_detected' | 'archive_rejected';
/** A rejected document; `code` maps 1:1 onto the API's error codes. */
export declare class DocumentError extends Error {
    readonly code: DocumentErrorCode;
    readonly name = "DocumentError";
    /** Plain data for the caller, e.g. which limit was exceeded (crosses the worker-thread boundary). */
    readonly details?: Record<string, unknown>;
    constructor(code: DocumentErrorCode, message: string, options?: {
        cause?: unknown;
        details?: Record<string, unknown>;
    });
}
