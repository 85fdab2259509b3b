/** The data structures under the BM25 index (search-index.ts): posting lists, a k-th-largest heap, a top-k list. */
/** Growable posting list: chunk ordinals (ascending) and term frequencies. */
export declare class Postings {
    ids: Uint32Array<ArrayBuffer>;
    tfs: Uint16Array<ArrayBuffer>;
    length: number;
    add(id: number, tf: number): void;
    /** Drops dead chunk ordinals in place. */
    compact(dead: (id: number) => boolean): void;
}
export declare function lowerBound(ids: Uint32Array, length: number, id: number): number;
/** Fixed-capacity min-heap of numbers: the k-th largest value seen so far. */
export declare class MinHeap {
    private readonly k;
    private readonly a;
    private size;
    constructor(k: number);
    offer(v: number): void;
    min(): number;
}
export interface Candidate {
    id: number;
    score: number;
}
/** Keeps the best k candidates; k ≤ 100, so a sorted array with binary insertion is cheapest. */
export declare class TopK {
    private readonly k;
    private readonly cmp;
    private readonly items;
    constructor(k: number, cmp: (a: Candidate, b: Candidate) => number);
    offer(c: Candidate): void;
    sorted(): Candidate[];
}
