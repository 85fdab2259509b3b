import type { Faker } from '@faker-js/faker';
import type { Transcript, TranscriptSegment } from './transcript.js';
export declare const FALLBACK_WORDS_PER_SECOND = 2.2;
export declare const FALLBACK_WORDS_PER_SEGMENT = 11;
/** RMS of [-1, 1] samples below which audio counts as silence (-60 dBFS). */
export declare const SILENCE_RMS = 0.001;
/** Loads faker once; call (and await) before the first fallback transcript. */
export declare function loadFaker(): Promise<Faker>;
export declare function wordCountFor(seconds: number): number;
/** `count` Arabic words and a confidence for each, the same for the same hash. */
export declare function fallbackWords(sha256: Buffer, count: number): {
    words: string[];
    confidences: number[];
};
/** Segments of words spread over [start, end] (seconds). */
export declare function fallbackSegments(sha256: Buffer, start: number, end: number, count?: number): TranscriptSegment[];
export declare function isSilent(pcm: Float32Array): boolean;
export declare function rms(pcm: Float32Array): number;
/** The whole-file fallback. `silent` null (M4A: no AAC decoder, so unknown) is treated as non-silent. */
export declare function fallbackTranscript(sha256: Buffer, durationSeconds: number, silent: boolean | null): Transcript;
export type FallbackEvent = {
    type: 'partial';
    text: string;
    start: number;
    end: number;
} | {
    type: 'final';
    segments: TranscriptSegment[];
};
/**
 * The realtime fallback: the stream is cut into windows of `windowSeconds`; each non-silent window is
 * finalised `graceSeconds` after it ends (so a voice utterance starting near its end can claim the stream
 * first) with words seeded from the SHA-256 of the window's PCM bytes. With interim results, a partial
 * for the current window is sent every second of audio.
 */
export declare class FallbackStream {
    private readonly sampleRate;
    private readonly interim;
    private readonly windowSamples;
    private readonly graceSamples;
    private readonly partialSamples;
    private total;
    private windowStart;
    private hash;
    private sumSquares;
    private nextPartial;
    private pending;
    constructor(sampleRate: number, interim: boolean, windowSeconds?: number, graceSeconds?: number);
    /** `pcm` is `bytes` (s16le) as Float32. */
    push(pcm: Float32Array, bytes: Uint8Array): FallbackEvent[];
    /** End of stream: the pending window and the current partial window are finalised at once. */
    finish(): FallbackEvent[];
    private partial;
    private closeWindow;
    private release;
}
