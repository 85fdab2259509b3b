/**
 * Splitting extracted text into overlapping chunks for retrieval.
 *
 * 800 characters is roughly one to two paragraphs: long enough that a chunk
 * carries its own context for an answer, short enough that BM25 length
 * normalisation still favours focused passages. 150 characters of overlap
 * (about one sentence) keeps a fact that straddles a boundary retrievable
 * from at least one chunk.
 */
export declare const DEFAULT_CHUNK_SIZE = 800;
export declare const DEFAULT_CHUNK_OVERLAP = 150;
export interface Chunk {
    index: number;
    /** Exactly `source.slice(start, end)`. */
    text: string;
    start: number;
    end: number;
}
export interface ChunkOptions {
    size?: number;
    overlap?: number;
}
export declare function chunkText(text: string, options?: ChunkOptions): Chunk[];
