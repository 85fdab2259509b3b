/**
 * The worker side of an STT upload (task `audio.analyze`, src/audio/worker-tasks.ts): decodes the file
 * chunk by chunk and feeds each chunk to the voice decoder and to a running RMS, so no full-length PCM is
 * ever held; then, for audio that is not the emulator's own voice, writes the fallback transcript.
 * Everything here is plain data in and out (it crosses the thread boundary).
 */
import { type AudioFacts, type AudioLimits } from '../audio/decode.js';
import { type DecodedUtterance } from '../tts/voice/index.js';
import { type Transcript } from './transcript.js';
export interface AnalyzeInput {
    bytes: Uint8Array;
    limits: AudioLimits;
    /** Look for the emulator's own voice and write a fallback transcript; false: duration only (scripted uploads). */
    transcribe: boolean;
    /** Hex SHA-256 of the upload: the fallback transcript's seed. */
    sha256: string;
}
export interface AnalyzeOutput {
    facts: AudioFacts;
    utterances: DecodedUtterance[];
    /** The fallback transcript, when `transcribe` is set and the audio holds no voice utterance. */
    fallback: Transcript | null;
}
export declare function analyzeUpload(input: AnalyzeInput): Promise<AnalyzeOutput>;
