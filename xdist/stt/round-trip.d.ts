/**
 * Round trip: audio made by the emulator's own TTS (any rate, WAV or MP3, resampled, streamed) carries
 * its text; the voice decoder recovers it exactly, with word timings and the voice, which is the
 * speaker label when diarizing. The decoding itself runs on the worker pool (analyze.ts).
 */
import type { DecodedUtterance } from '../tts/voice/index.js';
import type { Transcript, TranscriptSegment } from './transcript.js';
/** Speaker labels: the catalogue's voice id for each codec voice index, `voice_<n>` for an unknown index. */
export type SpeakerNamer = (voiceIndex: number) => string;
export declare function canDecodeVoiceAt(sampleRate: number): boolean;
/**
 * One segment per utterance. `offsetSeconds` is subtracted from every time (the MP3 encoder delay that
 * decoders keep when the file has no LAME tag), clamped at 0.
 */
export declare function utteranceSegment(u: DecodedUtterance, speaker: SpeakerNamer, offsetSeconds?: number): TranscriptSegment;
export declare function roundTripTranscript(utterances: DecodedUtterance[], speaker: SpeakerNamer, offsetSeconds?: number): Transcript;
