export type AnswerLanguage = 'ar' | 'en';
export interface HitLike {
    documentId: string;
    chunkId?: string;
    score: number;
    text: string;
    title?: string;
}
export interface ScoredSentence {
    /** Verbatim (trimmed) substring of the hit's text. */
    text: string;
    /** 1-based position of the hit in the results array. */
    citation: number;
    /** Distinct query terms in the sentence / distinct query terms. */
    coverage: number;
    /** Position of the sentence within its hit (earlier wins ties). */
    order: number;
    terms: ReadonlySet<string>;
}
export declare const NOT_FOUND: Readonly<Record<AnswerLanguage, string>>;
/** Hits scoring below this are treated as noise for answering (see search-index score scale). */
export declare const RELEVANCE_FLOOR = 0.2;
/** Request language if given, else detected from the query; anything undetermined falls back by script. */
export declare function answerLanguage(query: string, requested?: string): AnswerLanguage;
export declare function queryTerms(query: string): string[];
/** Sentences end at . ! ? ؟ ؛ … or a line break; the terminator stays with its sentence. */
export declare function splitSentences(text: string): string[];
/** All sentences of the relevant hits that mention at least one query term. */
export declare function relevantSentences(qTerms: readonly string[], hits: readonly HitLike[]): ScoredSentence[];
/** Best first: coverage, then the hit's rank, then position in the hit. Total order → deterministic. */
export declare function compareSentences(a: ScoredSentence, b: ScoredSentence): number;
/** Comparison key that ignores spacing and orthographic variants, to drop repeated sentences. */
export declare function sentenceKey(text: string): string;
