/** Errors of upload decoding: each `code` is an STT error code of the catalog (src/stt/errors.ts). */
export type AudioDecodeErrorCode = 'unsupported_audio_format' | 'audio_corrupt' | 'audio_truncated' | 'audio_too_complex';
export declare class AudioDecodeError extends Error {
    readonly code: AudioDecodeErrorCode;
    /** For `audio_too_complex`: which content limit was exceeded, its value and the amount found. */
    readonly details?: {
        limit: string;
        max: number;
        found: number;
    };
    constructor(code: AudioDecodeErrorCode, message: string, details?: {
        limit: string;
        max: number;
        found: number;
    });
}
export declare const unsupported: (m: string) => AudioDecodeError;
export declare const corrupt: (m: string) => AudioDecodeError;
export declare const truncated: (m: string) => AudioDecodeError;
/**
 * Content limits of one upload, checked from the headers before decoding and again while decoding.
 * `maxSeconds`: decoded audio seconds; `maxFrames`: MPEG audio frames (each costs the decoder a call
 * whatever its size, so a file of tiny frames is expensive per byte).
 */
export interface AudioLimits {
    maxSeconds: number;
    maxFrames: number;
}
export declare const DEFAULT_AUDIO_LIMITS: AudioLimits;
export declare function tooComplex(limit: 'max_audio_seconds' | 'max_frames', max: number, found: number, what: string): AudioDecodeError;
