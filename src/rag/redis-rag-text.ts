/**
 * A document's extracted text as the Redis RAG state stores it beside the document (redis-rag.ts): chunks with
 * their term counts as JSON arrays, so that any instance indexes it without tokenising again.
 */
import type { DetectedLanguage } from './engine/language.js';
import type { PreparedText } from './engine/prepare.js';

export interface StoredText {
  language: DetectedLanguage;
  vocabulary: string[];
  chunks: {
    index: number;
    text: string;
    termIds: number[];
    counts: number[];
    length: number;
    lang: DetectedLanguage;
  }[];
}

export function storedText(p: PreparedText): StoredText {
  return {
    language: p.language,
    vocabulary: p.vocabulary,
    chunks: p.chunks.map((c) => ({
      index: c.index,
      text: c.text,
      termIds: Array.from(c.termIds),
      counts: Array.from(c.counts),
      length: c.length,
      lang: c.lang,
    })),
  };
}

export function preparedText(s: StoredText): PreparedText {
  return {
    language: s.language,
    vocabulary: s.vocabulary,
    chunks: s.chunks.map((c) => ({
      ...c,
      termIds: Uint32Array.from(c.termIds),
      counts: Uint16Array.from(c.counts),
    })),
  };
}
