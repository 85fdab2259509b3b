/** Error codes surfaced to API clients by the document pipeline. */
export type DocumentErrorCode =
  | 'unsupported_document_type'
  | 'document_unreadable'
  | 'document_empty'
  | 'malware_detected'
  | 'archive_rejected';

/** A rejected document; `code` maps 1:1 onto the API's error codes. */
export class DocumentError extends Error {
  override readonly name = 'DocumentError';

  constructor(
    readonly code: DocumentErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
