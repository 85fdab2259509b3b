/** What the BM25 index (search-index.ts) takes and gives. */
import type { Metadata } from './metadata-filter.js';
import type { ChunkTerms } from './prepare.js';

export interface IndexedChunkInput {
  chunkId: string;
  text: string;
  /** Terms already counted off the event loop (prepare.ts); used by an index that normalises. */
  terms?: ChunkTerms;
}

export interface IndexedDocumentInput {
  documentId: string;
  title?: string;
  fileType?: string;
  /** ISO-639-1 code or 'und'; chunks additionally get their own detected language. */
  language?: string;
  metadata?: Readonly<Record<string, unknown>>;
  chunks: readonly IndexedChunkInput[];
}

export interface SearchOptions {
  query: string;
  topK: number;
  minScore?: number;
  documentIds?: readonly string[];
  /** `auto`, `none` or undefined: no filter. Otherwise the document's or the chunk's language must equal it. */
  language?: string;
  fileType?: string;
  metadataFilters?: Readonly<Record<string, unknown>>;
}

export interface SearchHit {
  documentId: string;
  chunkId: string;
  score: number;
  text: string;
  title: string;
}

export interface IndexStats {
  documents: number;
  chunks: number;
  /** Rough heap footprint: text (UTF-16) + postings + per-chunk arrays. */
  approximateBytes: number;
}

export interface SearchIndexOptions {
  /** `false` indexes raw lowercase tokens (quality comparison only). Default true. */
  normalize?: boolean;
  /** Disable MaxScore pruning (scan every posting list); for verifying that pruning never changes results. */
  exhaustive?: boolean;
}

/** A document as the index (search-index.ts) keeps it, and its filters (search-filters.ts) read it. */
export interface DocRecord {
  ordinal: number;
  documentId: string;
  title: string;
  titleTerms: ReadonlySet<string>;
  fileType: string | undefined;
  language: string | undefined;
  metadata: Metadata;
  chunkOrdinals: number[];
  bytes: number;
}
