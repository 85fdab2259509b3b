/**
 * Grounded, extractive answers: the answer is made only of sentences copied
 * from the hits, each followed by [n] = its hit's 1-based position in the
 * results array. No generation, so nothing can be invented; when nothing
 * relevant was retrieved the answer says so in the query's language.
 */
import { type HitLike } from './sentences.js';
export interface AnswerOptions {
    /** Request language (`ar`, `en`, `auto`, `none`, other codes); decides the no-answer message. */
    language?: string;
}
export interface ComposedAnswer {
    answer: string;
    /** Sorted, distinct 1-based result positions cited in `answer`. */
    citations: number[];
}
export declare function composeAnswer(query: string, hits: readonly HitLike[], options?: AnswerOptions): ComposedAnswer;
