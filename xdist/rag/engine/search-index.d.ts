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
export declare class SearchIndex {
    private readonly normalize;
    private readonly exhaustive;
    private readonly postings;
    /** term → ordinals of documents whose title contains it. */
    private readonly titlePostings;
    private readonly docs;
    private readonly docByOrdinal;
    private chunkDoc;
    private chunkLen;
    private readonly chunkIds;
    private readonly chunkTexts;
    private readonly chunkLang;
    /** k1·(1 − b + b·len/avgLen) per chunk, recomputed lazily after the index changes. */
    private lenNorm;
    private lenNormValid;
    private liveChunks;
    private totalLen;
    private textBytes;
    private postingCount;
    private acc;
    private docTitle;
    constructor(options?: SearchIndexOptions);
    private terms;
    /** Adds a document; an existing document with the same id is replaced. */
    addDocument(input: IndexedDocumentInput): void;
    private addChunk;
    private post;
    private ensureChunkCapacity;
    /** Removes a document and its chunks; returns whether it existed. */
    removeDocument(documentId: string): boolean;
    hasDocument(documentId: string): boolean;
    stats(): IndexStats;
    /** Which documents pass the document-level filters (undefined = all). */
    private allowedDocs;
    private refreshLenNorm;
    /** Per-query chunk filter (document filters + language), or undefined when nothing is filtered. */
    private chunkFilter;
    search(opts: SearchOptions): SearchHit[];
    /** Title bonuses spread into a per-document scratch array (cleared by the caller). */
    private docTitleScratch;
    /** Title evidence per document ordinal: TITLE_BOOST · Σ idf of query terms in the title. */
    private titleBonuses;
    /** k-th largest (accumulated + title) raw score among candidates; a lower bound of the final k-th. */
    private kthRaw;
    /** Higher score first; ties by documentId, then chunkId (code-unit order, locale-independent). */
    private compareHits;
}
