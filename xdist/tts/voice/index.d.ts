export { VOICE_COUNT } from './tones.js';
export { StreamingDecoder, decode } from './streaming.js';
export type { DecodedUtterance, DecodedWord, StreamingEvent } from './decoder.js';
export interface VoiceSynthesisOptions {
    voiceIndex: number;
    /** 0.5 to 2 (clamped), quantised to 0.05 */
    speed: number;
    sampleRate: number;
}
/** Whole utterance as mono Float32 PCM in [-1,1]. Deterministic: same input, same samples. */
export declare function synthesize(text: string, opts: VoiceSynthesisOptions): Float32Array;
/** Same samples as synthesize(), produced in blocks of `blockSlots` symbol slots (default 4). */
export declare function synthesizeBlocks(text: string, opts: VoiceSynthesisOptions, blockSlots?: number): Generator<Float32Array>;
/** Exact duration in seconds of synthesize(text, opts) (length / sampleRate). */
export declare function utteranceDuration(text: string, speed: number, sampleRate: number): number;
