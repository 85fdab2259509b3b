/**
 * The TTS rules: voice lookup, quality tiers, metering, synthesis and encoding. Routes and the realtime
 * protocol call this; it knows nothing of HTTP or WebSockets.
 */
import { type Mp3EncoderKind, type QualityTier } from '../audio/encoders.js';
import type { Metering, Principal } from '../metering/index.js';
import { type WorkerPool } from '../workers/pool.js';
import { ClipCache } from './clip-cache.js';
import type { RenderFormat } from './render.js';
import type { Voice, VoiceCatalogue } from './voices.js';
export interface TtsInput {
    text: string;
    voice: string;
    speed?: number;
    quality?: QualityTier;
}
/** A validated synthesis job: everything needed to render, meter and describe one utterance. */
export interface Utterance {
    text: string;
    voice: Voice;
    speed: number;
    quality: QualityTier;
    /** Billing unit: Unicode code points (D7). */
    characters: number;
    sampleRate: number;
    mp3Kbps: number;
    /** Exact PCM duration in seconds (MP3 adds the encoder delay and padding on top). */
    audioSeconds: number;
}
/** Code points, the unit of the 1-500 limit and of billing (D7). */
export declare function countCharacters(text: string): number;
/** Bytes a stream's worker may produce ahead of its reader (the pool's credit window). */
export declare const TTS_STREAM_WINDOW_BYTES: number;
/**
 * Least budget of active synthesis time per utterance (the pool's `--task-timeout-ms` when larger). A
 * 500-character utterance needs about 0.1 s of one idle core; the budget only stops a runaway task, and must
 * not cut legitimate streams on a machine loaded far beyond its cores.
 */
export declare const TTS_MIN_TASK_TIME_MS = 30000;
export interface TtsServiceOptions {
    /** MP3 encoder (`--mp3-encoder`). */
    mp3Encoder?: Mp3EncoderKind;
    /** Budget of the clip cache in MiB (`--tts-cache-mb`); 0 turns it off. */
    cacheMb?: number;
}
export declare class TtsService {
    private readonly voices;
    private readonly metering;
    private readonly workers;
    readonly mp3Encoder: Mp3EncoderKind;
    /** Encoded clips by render spec: identical requests are answered without rendering again. */
    readonly cache: ClipCache;
    constructor(voices: VoiceCatalogue, metering: Metering, workers: WorkerPool, options?: TtsServiceOptions);
    /**
     * Warms `threads` worker threads up (encoder JIT or wasm module, synthesiser) so first requests are warm;
     * default every thread of the pool.
     */
    warmUp(threads?: number): Promise<void>;
    /** Resolves the request into an utterance; an unknown voice is 422 `unknown_voice` listing the ids. */
    utterance(input: TtsInput, sampleRate?: number): Utterance;
    /** Refuses the work before any synthesis (429 insufficient_credits / test_quota_exceeded). */
    /** A promise only with a shared store (the reservation is made there). */
    precheck(principal: Principal, u: Utterance): void | Promise<void>;
    /** Records the characters at the tier's rate; call only once the audio was fully delivered. */
    record(principal: Principal, u: Utterance, ids: {
        requestId: string;
        streamId?: string;
    }): void;
    /** Everything that shapes the bytes of `u` in `format`. */
    private spec;
    /** The spec, its cache key and the cached clip if there is one (counted as a hit or a miss). */
    private lookup;
    /**
     * The utterance's bytes, yielded as they are produced: from the clip cache when an identical utterance was
     * rendered before (in the chunks it was produced in), else synthesised and encoded on a worker thread.
     * Stops (throws `signal.reason`) when `signal` aborts; leaving the loop early stops the worker too. Cached
     * chunks are shared views: read them, never write to them. `asRendered: false` lets a cached clip come out
     * as one chunk (one socket write instead of one per piece) where nothing depends on the pieces.
     */
    render(u: Utterance, format: RenderFormat, signal?: AbortSignal, asRendered?: boolean): AsyncGenerator<Buffer, void, undefined>;
    /** The whole clip: the cached bytes as they are (shared, read-only), else rendered, collected and cached. */
    clip(u: Utterance, format: 'mp3' | 'wav', signal?: AbortSignal): Promise<Buffer>;
    private renderAndStore;
    private renderOnWorker;
    /** MP3 bytes as soon as frames exist (a cached clip in its rendered pieces unless `asRendered` is false). */
    mp3Stream(u: Utterance, signal?: AbortSignal, asRendered?: boolean): AsyncGenerator<Buffer, void, undefined>;
    /** Little-endian 16-bit PCM, block by block. */
    pcmS16leStream(u: Utterance, signal?: AbortSignal): AsyncGenerator<Buffer, void, undefined>;
    mp3Clip(u: Utterance, signal?: AbortSignal): Promise<Buffer>;
    wavClip(u: Utterance, signal?: AbortSignal): Promise<Buffer>;
}
