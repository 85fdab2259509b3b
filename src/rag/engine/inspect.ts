/**
 * The whole reading of an upload, as one worker task: type from the bytes, scan, extraction. Cheap checks
 * come first (the type sniff reads a few bytes or one linear pass; the scan reads the ZIP directory before
 * inflating anything), and every step stays inside the content limits.
 */
import { detectDocumentType, DOCUMENT_TYPES, type DocumentType } from './detect.js';
import { DocumentError } from './errors.js';
import { extractText } from './extract.js';
import type { DocumentLimits } from './limits.js';
import { scanDocument } from './scan.js';
import { prepareText, type PreparedText } from './prepare.js';

export interface InspectedDocument {
  type: DocumentType;
  /** The extracted text, chunked and tokenised for the index (off the event loop, like the extraction). */
  prepared: PreparedText;
}

export async function inspectDocument(
  bytes: Uint8Array,
  fileName: string | undefined,
  limits: DocumentLimits,
): Promise<InspectedDocument> {
  const type = detectDocumentType(bytes, fileName);
  // The scan runs first so malware is reported as such whatever its apparent type.
  scanDocument(bytes, type, {
    maxUncompressedBytes: limits.maxArchiveBytes,
    maxCompressionRatio: limits.maxArchiveRatio,
    maxEntries: limits.maxArchiveEntries,
  });
  if (type === null) {
    throw new DocumentError(
      'unsupported_document_type',
      `the file's content is not a supported document type; accepted: ${DOCUMENT_TYPES.join(', ')} (recognised from the bytes, not the name)`,
    );
  }
  const { text } = await extractText(bytes, type, limits);
  return { type, prepared: prepareText(text) };
}
