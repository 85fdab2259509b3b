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
export declare const DEFAULT_DOCUMENT_LIMITS: DocumentLimits;
/** `document_too_complex`, naming the limit (its `rag.*` setting), its value and what was found. */
export declare function tooComplex(limit: keyof DocumentLimits, value: number, found: string): DocumentError;
/** Collects extracted text and stops as soon as its UTF-8 size passes `maxTextBytes`. */
export declare class TextBudget {
    private readonly maxBytes;
    private readonly parts;
    private bytes;
    constructor(maxBytes: number);
    add(text: string): void;
    empty(): boolean;
    text(): string;
}
/** Throws `document_too_complex` when a finished text is over the budget (formats without incremental output). */
export declare function checkTextSize(text: string, maxBytes: number): string;
