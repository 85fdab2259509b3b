/**
 * The CPU-heavy half of indexing, done where the document is read (the worker task `rag.inspect`):
 * chunking, language detection, and tokenising every chunk into term counts. The result is compact (one
 * vocabulary for the document, typed arrays per chunk), so handing it back to the event loop and adding it
 * to the index (search-index.ts) costs a small fraction of tokenising there.
 */
import { type ChunkOptions } from './chunk.js';
import { type DetectedLanguage } from './language.js';
/** One chunk's index terms: `counts[i]` occurrences of `vocabulary[termIds[i]]`, `length` terms in all. */
export interface ChunkTerms {
    vocabulary: readonly string[];
    termIds: Uint32Array;
    counts: Uint16Array;
    length: number;
    /** The chunk's script language (labels chunks of mixed documents). */
    lang: DetectedLanguage;
}
export interface PreparedChunk {
    index: number;
    text: string;
    termIds: Uint32Array;
    counts: Uint16Array;
    length: number;
    lang: DetectedLanguage;
}
export interface PreparedText {
    language: DetectedLanguage;
    vocabulary: string[];
    chunks: PreparedChunk[];
}
/** Chunks, language and normalised term counts of a document's text (the index's `normalize: true` terms). */
export declare function prepareText(text: string, options?: ChunkOptions): PreparedText;
/** The terms of one prepared chunk, in the shape the index takes. */
export declare function chunkTerms(prepared: PreparedText, chunk: PreparedChunk): ChunkTerms;
