/**
 * Round trip: audio made by the emulator's own TTS (any rate, WAV or MP3, resampled, streamed) carries
 * its text; the voice decoder recovers it exactly, with word timings and the voice, which is the
 * speaker label when diarizing. The decoding itself runs on the worker pool (analyze.ts).
 */
import type { DecodedUtterance } from '../tts/voice/index.js';
import { MAX_SAMPLE_RATE, MIN_SAMPLE_RATE } from '../tts/voice/tones.js';
import type { Transcript, TranscriptSegment } from './transcript.js';

/** Speaker labels: the catalogue's voice id for each codec voice index, `voice_<n>` for an unknown index. */
export type SpeakerNamer = (voiceIndex: number) => string;

export function canDecodeVoiceAt(sampleRate: number): boolean {
  return Number.isInteger(sampleRate) && sampleRate >= MIN_SAMPLE_RATE && sampleRate <= MAX_SAMPLE_RATE;
}

/**
 * One segment per utterance. `offsetSeconds` is subtracted from every time (the MP3 encoder delay that
 * decoders keep when the file has no LAME tag), clamped at 0.
 */
export function utteranceSegment(
  u: DecodedUtterance,
  speaker: SpeakerNamer,
  offsetSeconds = 0,
): TranscriptSegment {
  const t = (x: number): number => Math.max(0, x - offsetSeconds);
  return {
    start: t(u.start),
    end: t(u.end),
    text: u.text,
    confidence: 1,
    speaker: speaker(u.voiceIndex),
    words: u.words.map((w) => ({ word: w.word, start: t(w.start), end: t(w.end), confidence: 1 })),
  };
}

export function roundTripTranscript(
  utterances: DecodedUtterance[],
  speaker: SpeakerNamer,
  offsetSeconds = 0,
): Transcript {
  const segments = utterances.map((u) => utteranceSegment(u, speaker, offsetSeconds));
  return { source: 'round_trip', text: segments.map((s) => s.text).join(' '), segments };
}
