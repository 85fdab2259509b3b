/**
 * Grounded, extractive answers: the answer is made only of sentences copied
 * from the hits, each followed by [n] = its hit's 1-based position in the
 * results array. No generation, so nothing can be invented; when nothing
 * relevant was retrieved the answer says so in the query's language.
 */
import {
  answerLanguage,
  compareSentences,
  NOT_FOUND,
  queryTerms,
  relevantSentences,
  sentenceKey,
  type HitLike,
} from './sentences.js';

export interface AnswerOptions {
  /** Request language (`ar`, `en`, `auto`, `none`, other codes); decides the no-answer message. */
  language?: string;
}

export interface ComposedAnswer {
  answer: string;
  /** Sorted, distinct 1-based result positions cited in `answer`. */
  citations: number[];
}

const MAX_SENTENCES = 3;
const MAX_ANSWER_CHARS = 700;
/** Only the best few hits are quoted; lower ranks are usually restatements. */
const MAX_HITS_QUOTED = 5;

export function composeAnswer(
  query: string,
  hits: readonly HitLike[],
  options: AnswerOptions = {},
): ComposedAnswer {
  const lang = answerLanguage(query, options.language);
  const terms = queryTerms(query);
  const candidates = relevantSentences(terms, hits.slice(0, MAX_HITS_QUOTED)).sort(compareSentences);
  const chosen: typeof candidates = [];
  const seen = new Set<string>();
  let length = 0;
  for (const s of candidates) {
    if (chosen.length === MAX_SENTENCES) break;
    const key = sentenceKey(s.text);
    if (seen.has(key)) continue;
    if (chosen.length > 0 && length + s.text.length > MAX_ANSWER_CHARS) continue;
    seen.add(key);
    chosen.push(s);
    length += s.text.length;
  }
  if (chosen.length === 0) return { answer: NOT_FOUND[lang], citations: [] };
  // Present in reading order of the results so the citations read 1, 2, … where possible.
  chosen.sort((a, b) => a.citation - b.citation || a.order - b.order);
  return {
    answer: chosen.map((s) => `${s.text} [${s.citation}]`).join(' '),
    citations: [...new Set(chosen.map((s) => s.citation))].sort((a, b) => a - b),
  };
}
