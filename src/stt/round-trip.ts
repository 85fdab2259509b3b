/**
 * Round trip: audio made by the emulator's own TTS (any rate, WAV or MP3, resampled, streamed) carries
 * its text; the voice decoder recovers it exactly, with word timings and the voice, which is the
 * speaker label when diarizing.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { DecodedUtterance } from '../tts/voice/index.js';
import { StreamingDecoder } from '../tts/voice/index.js';
import { MAX_SAMPLE_RATE, MIN_SAMPLE_RATE } from '../tts/voice/tones.js';
import type { Transcript, TranscriptSegment } from './transcript.js';

/** Samples handed to the decoder per event-loop turn (a few ms of work), so long files never block the server. */
const CHUNK_SECONDS = 20;

/** Speaker labels: the catalogue's voice id for each codec voice index, `voice_<n>` for an unknown index. */
export type SpeakerNamer = (voiceIndex: number) => string;

export function canDecodeVoiceAt(sampleRate: number): boolean {
  return Number.isInteger(sampleRate) && sampleRate >= MIN_SAMPLE_RATE && sampleRate <= MAX_SAMPLE_RATE;
}

/** Every utterance in the PCM, in time order; yields to the event loop between chunks. */
export async function decodeVoice(pcm: Float32Array, sampleRate: number): Promise<DecodedUtterance[]> {
  if (!canDecodeVoiceAt(sampleRate)) return [];
  const decoder = new StreamingDecoder(sampleRate);
  const chunk = CHUNK_SECONDS * sampleRate;
  const out: DecodedUtterance[] = [];
  for (let off = 0; off < pcm.length; off += chunk) {
    if (off > 0) await yieldToEventLoop();
    for (const e of decoder.push(pcm.subarray(off, off + chunk))) if (e.type === 'utterance') out.push(e.utterance);
  }
  for (const e of decoder.end()) if (e.type === 'utterance') out.push(e.utterance);
  return out;
}

/**
 * One segment per utterance. `offsetSeconds` is subtracted from every time (the MP3 encoder delay that
 * decoders keep when the file has no LAME tag), clamped at 0.
 */
export function utteranceSegment(u: DecodedUtterance, speaker: SpeakerNamer, offsetSeconds = 0): TranscriptSegment {
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

export function roundTripTranscript(utterances: DecodedUtterance[], speaker: SpeakerNamer, offsetSeconds = 0): Transcript {
  const segments = utterances.map((u) => utteranceSegment(u, speaker, offsetSeconds));
  return { source: 'round_trip', text: segments.map((s) => s.text).join(' '), segments };
}
