/**
 * Scripted transcripts, registered through `POST /_emulator/stt/scripts`. A script matches by the
 * SHA-256 of the uploaded bytes, by the uploaded file name, or answers the next N requests (queue).
 * Matching order: sha256, then file_name (newest script first for both), then the oldest queue script.
 * Scripts with an `org_id` only match that organization's requests; without one, any organization's.
 */
import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import { KeyedScripts, type KeyedScript } from '../scripts/keyed-scripts.js';
import type { SttScriptInput } from '../contract/admin-types.js';
import type { Transcript, TranscriptSegment } from './transcript.js';
import { spreadWords } from './transcript.js';

/** The admin body (schema `SttScriptInput` in openapi/admin.yaml); exactly one of sha256, file_name, queue. */
export type ScriptInput = SttScriptInput;
export type ScriptSegmentInput = NonNullable<SttScriptInput['segments']>[number];
export type ScriptWordInput = NonNullable<SttScriptInput['words']>[number];

/** What a script matches an upload by, in matching order; without either, it is a queue script. */
export type ScriptKey = 'sha256' | 'file_name';

export type Script = KeyedScript<ScriptInput, ScriptKey>;
export type SttScripts = KeyedScripts<ScriptInput, ScriptKey>;

/** The STT scripts: by the upload's SHA-256 (hex, any case), by its file name, or queued. */
export function sttScripts(deps: { clock: Clock; ids: IdFactory }): SttScripts {
  return new KeyedScripts<ScriptInput, ScriptKey>({
    ...deps,
    prefix: 'scr',
    keys: ['sha256', 'file_name'],
    normalise: { sha256: (hex) => hex.toLowerCase() },
  });
}

/**
 * The transcript a script describes, laid over `durationSeconds` of audio:
 * - `segments` are used as given; otherwise `text` becomes one segment per sentence spread over the audio;
 * - `words` are used as given (each in the segment containing its start); otherwise each segment's words
 *   are spread evenly over it;
 * - speakers: the segment's own, else `speakers` round-robin, else `speaker_0`;
 * - confidence: the segment's or word's own, else `confidence`, else 1.
 */
export function scriptedTranscript(script: Script, durationSeconds: number): Transcript {
  const confidence = script.confidence ?? 1;
  const speakerAt = (i: number): string => script.speakers?.[i % script.speakers.length] ?? 'speaker_0';
  let segments: TranscriptSegment[];
  if (script.segments && script.segments.length > 0) {
    segments = script.segments.map((s, i) => ({
      start: s.start,
      end: s.end,
      text: s.text,
      confidence: s.confidence ?? confidence,
      speaker: s.speaker === undefined ? speakerAt(i) : s.speaker,
      words: [],
    }));
  } else {
    const sentences = (script.text ?? '')
      .split(/(?<=[.!?؟۔])\s+/u)
      .map((s) => s.trim())
      .filter(Boolean);
    const total = sentences.reduce((a, s) => a + s.length, 0);
    let at = 0;
    segments = sentences.map((text, i) => {
      const start = (at / total) * durationSeconds;
      at += text.length;
      return {
        start,
        end: (at / total) * durationSeconds,
        text,
        confidence,
        speaker: speakerAt(i),
        words: [],
      };
    });
  }
  if (script.words && script.words.length > 0) {
    for (const w of script.words) {
      const seg = segments.find((s) => w.start >= s.start && w.start < s.end) ?? segments.at(-1);
      seg?.words.push({
        word: w.word,
        start: w.start,
        end: w.end,
        confidence: w.confidence ?? seg.confidence,
      });
    }
  } else {
    for (const s of segments)
      s.words = spreadWords(s.text.split(/\s+/u).filter(Boolean), s.start, s.end, () => s.confidence);
  }
  const text = script.text ?? segments.map((s) => s.text).join(' ');
  return { source: 'scripted', text, segments, ...(script.language ? { language: script.language } : {}) };
}
