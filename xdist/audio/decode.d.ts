import type { AudioFormat } from './formats.js';
import { type AudioLimits } from './errors.js';
import { type AudioProbe } from './probe.js';
export { AudioDecodeError, type AudioDecodeErrorCode, type AudioLimits, DEFAULT_AUDIO_LIMITS } from './errors.js';
export interface AudioFacts {
    format: AudioFormat;
    sampleRate: number;
    /** Channels in the source; decoded PCM is always mono. */
    channels: number;
    /** Duration of the decoded audio (see decodeStream). */
    durationSeconds: number;
    /**
     * Leading samples of the PCM that are codec delay rather than signal: 1105 for an MP3 without a LAME tag
     * (lamejs writes none, so its 576 + 529 samples stay in the decoded audio), 0 when the decoder trimmed it
     * (gapless info present) and for WAV/M4A.
     */
    codecDelaySamples: number;
}
export interface DecodedAudio extends AudioFacts {
    /** Mono PCM in [-1, 1]; null for M4A (no AAC decoder installed). */
    pcm: Float32Array | null;
}
/** Receives consecutive mono PCM chunks; it may keep them (they are not reused). */
export type PcmSink = (pcm: Float32Array) => void;
/**
 * Decodes an upload chunk by chunk into `sink`. The format comes from the bytes alone (probeAudio).
 * - WAV, MP3: `durationSeconds` = decoded samples / rate (for MP3 this includes any untrimmed codec delay,
 *   which is what ffmpeg and music-metadata also count for a file without a LAME tag).
 * - M4A: presentation duration from the edit list (which excludes AAC priming, as ffprobe does), otherwise
 *   music-metadata's duration; `sink` is never called.
 * Yields to the event loop between chunks. Throws AudioDecodeError (including `audio_too_complex` when a
 * content limit is passed, before or while decoding).
 */
export declare function decodeStream(buf: Uint8Array, sink: PcmSink, limits?: AudioLimits, probe?: AudioProbe): Promise<AudioFacts>;
/** The whole file as one PCM array (tests and small clips; uploads use decodeStream). */
export declare function decodeAudio(buf: Uint8Array, limits?: AudioLimits): Promise<DecodedAudio>;
export declare function concatFloat32(parts: Float32Array[]): Float32Array;
