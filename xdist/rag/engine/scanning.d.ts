/**
 * Linear-time building blocks for text processing on user input (decisions "Documents on the worker pool").
 * A regular expression such as `\[[^\]]*\]` restarts its scan at every `[`, so a line of a million `[`
 * costs a million squared steps; these helpers find each delimiter once and reuse the answer.
 */
/** `indexOf` for a string scanned left to right: each search covers text no earlier search has covered. */
export declare class NextIndex {
    private readonly s;
    private readonly cache;
    constructor(s: string);
    /** First index ≥ `from` of `needle` (one character), or -1. */
    of(needle: string, from: number): number;
    /** First index ≥ `from` of any of `needles`, or -1. */
    ofAny(needles: string, from: number): number;
}
/** Like /[A-Za-z0-9_]/ (the regex `\w`). */
export declare function isWordChar(ch: string | undefined): boolean;
/** Uniform line endings, no trailing spaces or tabs, at most one blank line in a row, trimmed. */
export declare function tidy(text: string): string;
