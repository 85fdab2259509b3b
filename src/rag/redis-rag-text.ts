/**
 * A document's extracted text as the Redis RAG state stores it beside the document (redis-rag.ts): chunks with
 * their term counts as JSON arrays, so that any instance indexes it without tokenising again. A load stores
 * the chunks' text alone (`BareText`, issue 25): counting them is left to each instance's index build, in
 * the background (index-builds.ts), so the load answers without it.
 */
import type { DetectedLanguage } from './engine/language.js';
import { prepareChunks, type PreparedText } from './engine/prepare.js';

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

/** Chunks without their term counts, as a load writes them. */
export interface BareText {
  language: DetectedLanguage;
  chunks: { index: number; text: string }[];
  vocabulary?: never;
}

export function isBare(s: StoredText | BareText): s is BareText {
  return s.vocabulary === undefined;
}

export function bareText(language: DetectedLanguage, chunks: string[]): BareText {
  return { language, chunks: chunks.map((text, index) => ({ index, text })) };
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

/** The text with its term counts (counted now when it was stored bare). */
export function preparedText(s: StoredText | BareText): PreparedText {
  if (isBare(s)) return prepareChunks(s.chunks, s.language);
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
