export interface Rewrite {
    query: string;
    /** Glossary phrases and quoted instruction phrases that were appended, in order. */
    added: string[];
}
/** The searched query; never empty (falls back to the original when normalising removed everything). */
export declare function rewriteQuery(query: string, instructions: string | undefined): Rewrite;
