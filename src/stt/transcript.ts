/**
 * The engine-neutral transcript every source produces (scripted, round trip, fallback), and the one
 * function that shapes it into the public SttResult (openapi/gateway.yaml) for the request's options.
 */

export interface TranscriptWord {
  word: string;
  start: number;
  end: number;
  confidence: number;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  confidence: number;
  speaker: string | null;
  words: TranscriptWord[];
}

export type TranscriptSource = 'scripted' | 'round_trip' | 'fallback';

export interface Transcript {
  source: TranscriptSource;
  text: string;
  segments: TranscriptSegment[];
  /** A language the source knows for sure (scripted); otherwise detected or echoed. */
  language?: string;
}

export interface ResultOptions {
  /** `auto` or an ISO-639 code. */
  language: string;
  diarize: boolean;
  wordTimestamps: boolean;
}

export interface SttWordView {
  word: string;
  start: number;
  end: number;
  confidence: number;
  segment_id: number;
  speaker?: string | null;
}

export interface SttSegmentView {
  id: number;
  start: number;
  end: number;
  text: string;
  confidence: number;
  speaker?: string | null;
}

export interface SttResultView {
  text: string;
  language: string;
  duration_seconds: number;
  segments: SttSegmentView[];
  words?: SttWordView[];
  request_id?: string;
}

import { inOrder } from '../core/in-order.js';

const RESULT_ORDER = ['text', 'language', 'duration_seconds', 'segments', 'words', 'request_id'] as const;
const SEGMENT_ORDER = ['id', 'start', 'end', 'text', 'confidence', 'speaker'] as const;
const WORD_ORDER = ['word', 'start', 'end', 'confidence', 'segment_id', 'speaker'] as const;

/**
 * A result with its members in the order `shapeResult` writes them. A result loaded from a snapshot comes back
 * with sorted keys (the document is canonical); bodies and webhook payloads are byte-for-byte what they were.
 */
export function resultInOrder(result: SttResultView): SttResultView {
  const out = inOrder(result, RESULT_ORDER);
  out.segments = result.segments.map((s) => inOrder(s, SEGMENT_ORDER));
  if (result.words) out.words = result.words.map((w) => inOrder(w, WORD_ORDER));
  return out;
}

/** Seconds kept to the millisecond in every public body. */
export const ms = (seconds: number): number => Math.round(seconds * 1000) / 1000;

const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/gu;
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/gu;

/**
 * `language=auto`: the script of the transcript's letters decides — Arabic script → `ar`, Latin → `en`.
 * Text with neither (empty, digits, emoji) is `ar`, the product's language.
 */
export function detectLanguage(text: string): string {
  const arabic = text.match(ARABIC_SCRIPT)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  return latin > arabic ? 'en' : 'ar';
}

/** Lays words out evenly over [start, end]: each word gets its share, 80% voiced then a short pause. */
export function spreadWords(
  words: string[],
  start: number,
  end: number,
  confidence: (i: number) => number,
): TranscriptWord[] {
  const n = words.length;
  if (n === 0) return [];
  const slot = Math.max(0, end - start) / n;
  return words.map((word, i) => ({
    word,
    start: start + i * slot + slot * 0.05,
    end: start + i * slot + slot * 0.85,
    confidence: confidence(i),
  }));
}

export function shapeResult(t: Transcript, durationSeconds: number, opts: ResultOptions): SttResultView {
  const language = t.language ?? (opts.language === 'auto' ? detectLanguage(t.text) : opts.language);
  const segments: SttSegmentView[] = t.segments.map((s, id) => ({
    id,
    start: ms(s.start),
    end: ms(s.end),
    text: s.text,
    confidence: s.confidence,
    ...(opts.diarize ? { speaker: s.speaker } : {}),
  }));
  const result: SttResultView = { text: t.text, language, duration_seconds: ms(durationSeconds), segments };
  if (opts.wordTimestamps) {
    result.words = t.segments.flatMap((s, id) =>
      s.words.map((w) => ({
        word: w.word,
        start: ms(w.start),
        end: ms(w.end),
        confidence: w.confidence,
        segment_id: id,
        ...(opts.diarize ? { speaker: s.speaker } : {}),
      })),
    );
  }
  return result;
}
