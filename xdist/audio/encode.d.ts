/** 16-bit mono PCM WAV. */
export declare function encodeWav(pcm: Float32Array, sampleRate: number): Buffer;
import { DEFAULT_MP3_ENCODER, LAMEJS_ENCODER_DELAY, MP3_BLOCK, MP3_ENCODERS, QUALITY_TIERS, type Mp3EncoderKind, type QualityTier } from './encoders.js';
export { DEFAULT_MP3_ENCODER, LAMEJS_ENCODER_DELAY, MP3_BLOCK, MP3_ENCODERS, QUALITY_TIERS, type Mp3EncoderKind, type QualityTier };
/** What encodeMp3Stream needs of an encoder; both Mp3StreamEncoder and WasmMp3StreamEncoder are one. */
export interface Mp3FrameEncoder {
    readonly sampleRate: number;
    readonly kbps: number;
    /** Encodes pcm[from, to) and appends any finished frames to `out`. */
    encodeRange(pcm: Float32Array, from: number, to: number, out: Buffer[]): void;
    flush(): Buffer;
    /** Frees the encoder's resources when an encode is abandoned before flush. */
    release?(): void;
}
/** Builds an encoder of the given kind (the wasm one compiles its module on first use in a thread). */
export declare function openMp3Encoder(kind: Mp3EncoderKind, sampleRate: number, kbps: number): Promise<Mp3FrameEncoder>;
/** Throws when the first frame does not have the requested rate and bitrate (an encoder resampled). */
export declare function checkFirstFrame(buf: Buffer, sampleRate: number, kbps: number, encoder: string): void;
/**
 * Incremental mono MP3 encoder. Input is regrouped into blocks of exactly 1152 samples before it reaches
 * lamejs, so the bytes do not depend on how the caller chunks its PCM: chunked output equals one-shot
 * output byte for byte.
 */
export declare class Mp3StreamEncoder implements Mp3FrameEncoder {
    readonly sampleRate: number;
    readonly kbps: number;
    private readonly lame;
    private readonly block;
    private filled;
    private checked;
    private finished;
    constructor(sampleRate: number, kbps: number);
    encode(pcm: Float32Array): Buffer;
    /** Encodes pcm[from, to) and appends any finished frames to `out`. */
    encodeRange(pcm: Float32Array, from: number, to: number, out: Buffer[]): void;
    flush(): Buffer;
    private emit;
}
type Blocks = Iterable<Float32Array> | AsyncIterable<Float32Array>;
/**
 * Streams MP3 bytes for a sequence of PCM blocks. Input is pulled lazily, bytes are yielded as soon as
 * frames exist, and the generator returns to the event loop (setImmediate) whenever about 4 ms of work
 * has run, so a server keeps serving while a long utterance is encoded. When `signal` aborts, the
 * generator stops at the next slice boundary and throws `signal.reason` (Node's convention, as in
 * timers/promises); the input iterator is closed.
 */
export declare function encodeMp3Stream(blocks: Blocks, sampleRate: number, kbps: number, signal?: AbortSignal, 
/** A ready-made encoder for this rate and bitrate (default: a new lamejs one). */
encoder?: Mp3FrameEncoder): AsyncGenerator<Buffer, void, undefined>;
/** Whole-buffer MP3 encode, built on the stream so it yields to the event loop as well. */
export declare function encodeMp3(pcm: Float32Array, sampleRate: number, kbps: number): Promise<Buffer>;
/**
 * Runs a short encode for every quality tier so the JIT has compiled lamejs before the first request
 * (a cold first encode takes 60-90 ms, a warm one 6-7 ms). Synchronous and not free (0.8-2.7 s at the
 * default on a heavily loaded 2-core machine; pass fewer seconds to trade warmth for start-up time): call it
 * once at start-up. Returns the milliseconds it took.
 */
export declare function warmUpMp3Encoder(secondsPerTier?: number, tiers?: readonly QualityTier[]): number;
