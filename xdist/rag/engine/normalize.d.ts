/** Orthographic normalisation of Arabic text; non-Arabic characters are left as they are. */
export declare function normalizeArabic(text: string): string;
/**
 * Light stemming in the spirit of Larkey's light10: strip one clitic prefix and
 * one suffix, never leaving fewer than 3 letters (2 for the article case would
 * merge too many short words). Conservative on purpose: over-stemming Arabic
 * merges unrelated roots, under-stemming only costs some recall.
 */
export declare function stemArabic(word: string): string;
/** Stopwords in normalised (not stemmed) form. */
export declare const STOPWORDS: ReadonlySet<string>;
export interface TokenizeOptions {
    /** Full pipeline (NFKC, Arabic normalisation, stopwords, stemming). `false` = lowercase + split only. */
    normalize: boolean;
    /** Keep stopwords (used when a query consists only of stopwords). Default false. */
    keepStopwords?: boolean;
}
/** Splits text into index terms. Deterministic; the same function serves documents and queries. */
export declare function tokenize(text: string, options: TokenizeOptions): string[];
