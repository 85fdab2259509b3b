/**
 * Synthesis and encoding of one utterance, as run inside a worker thread (worker-tasks.ts): PCM from the
 * synthetic voice, then MP3 (wasm LAME or lamejs), 16-bit PCM or WAV, posted chunk by chunk to the reader.
 */
import { type Mp3EncoderKind } from '../audio/encode.js';
import type { StreamPortInput, StreamSink } from '../workers/stream.js';
export type RenderFormat = 'mp3' | 'pcm_s16le' | 'wav';
/** Everything a worker needs to render an utterance (plain data: it crosses the thread boundary). */
export interface RenderSpec {
    text: string;
    voiceIndex: number;
    speed: number;
    sampleRate: number;
    mp3Kbps: number;
    format: RenderFormat;
    encoder: Mp3EncoderKind;
    /** Exact number of PCM samples (for the WAV header). */
    samples: number;
}
export type RenderInput = RenderSpec & StreamPortInput;
export declare function render(spec: RenderSpec, sink: StreamSink): Promise<void>;
/**
 * Compiles the encoder and the synthesiser in this thread (JIT, wasm module) with a short utterance per
 * quality tier, so the first request a thread serves is not a cold one. Returns the milliseconds it took.
 */
export declare function warmUp(encoder: Mp3EncoderKind): Promise<number>;
