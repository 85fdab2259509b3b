/**
 * Content limits of document extraction (docs/limits.md, "Documents"). Each is checked while the document
 * is being read, so the work done on a hostile document is bounded by the limit, not by the document.
 */
import { DocumentError } from './errors.js';

export interface DocumentLimits {
  /** UTF-8 bytes of extracted text. */
  maxTextBytes: number;
  /** Pages of a PDF. */
  maxPdfPages: number;
  /** Decoded bytes of a PDF's compressed (FlateDecode) streams other than images, in total. */
  maxPdfDecodedBytes: number;
  /** Uncompressed bytes of a DOCX (ZIP) archive, declared and actual, in total. */
  maxArchiveBytes: number;
  /** Uncompressed : compressed ratio of a DOCX archive and of each large entry. */
  maxArchiveRatio: number;
  /** Entries of a DOCX archive. */
  maxArchiveEntries: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxTextBytes: 8 * 1024 * 1024,
  maxPdfPages: 2000,
  maxPdfDecodedBytes: 64 * 1024 * 1024,
  maxArchiveBytes: 50 * 1024 * 1024,
  maxArchiveRatio: 100,
  maxArchiveEntries: 1000,
};

/** `document_too_complex`, naming the limit (its `rag.*` setting), its value and what was found. */
export function tooComplex(limit: keyof DocumentLimits, value: number, found: string): DocumentError {
  return new DocumentError(
    'document_too_complex',
    `the document exceeds rag.${limit} = ${value} (${found})`,
    {
      details: { limit: `rag.${limit}`, value },
    },
  );
}

/** Collects extracted text and stops as soon as its UTF-8 size passes `maxTextBytes`. */
export class TextBudget {
  private readonly parts: string[] = [];
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  add(text: string): void {
    if (text === '') return;
    this.bytes += Buffer.byteLength(text, 'utf8');
    if (this.bytes > this.maxBytes)
      throw tooComplex('maxTextBytes', this.maxBytes, 'more extracted text than that');
    this.parts.push(text);
  }

  empty(): boolean {
    return this.bytes === 0;
  }

  text(): string {
    return this.parts.join('');
  }
}

/** Throws `document_too_complex` when a finished text is over the budget (formats without incremental output). */
export function checkTextSize(text: string, maxBytes: number): string {
  // UTF-8 is at most 3 bytes per UTF-16 code unit, and at least 1.
  if (text.length > maxBytes || (text.length * 3 > maxBytes && Buffer.byteLength(text, 'utf8') > maxBytes)) {
    throw tooComplex('maxTextBytes', maxBytes, 'more extracted text than that');
  }
  return text;
}
