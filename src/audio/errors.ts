/** Errors of upload decoding: each `code` is an STT error code of the catalog (src/stt/errors.ts). */
export type AudioDecodeErrorCode =
  'unsupported_audio_format' | 'audio_corrupt' | 'audio_truncated' | 'audio_too_complex';

export class AudioDecodeError extends Error {
  readonly code: AudioDecodeErrorCode;
  /** For `audio_too_complex`: which content limit was exceeded, its value and the amount found. */
  readonly details?: { limit: string; max: number; found: number };
  constructor(
    code: AudioDecodeErrorCode,
    message: string,
    details?: { limit: string; max: number; found: number },
  ) {
    super(message);
    this.name = 'AudioDecodeError';
    this.code = code;
    if (details) this.details = details;
  }
}

export const unsupported = (m: string): AudioDecodeError =>
  new AudioDecodeError('unsupported_audio_format', m);
export const corrupt = (m: string): AudioDecodeError => new AudioDecodeError('audio_corrupt', m);
export const truncated = (m: string): AudioDecodeError => new AudioDecodeError('audio_truncated', m);

/**
 * Content limits of one upload, checked from the headers before decoding and again while decoding.
 * `maxSeconds`: decoded audio seconds; `maxFrames`: MPEG audio frames (each costs the decoder a call
 * whatever its size, so a file of tiny frames is expensive per byte).
 */
export interface AudioLimits {
  maxSeconds: number;
  maxFrames: number;
}

export const DEFAULT_AUDIO_LIMITS: AudioLimits = { maxSeconds: 4 * 3600, maxFrames: 600_000 };

export function tooComplex(
  limit: 'max_audio_seconds' | 'max_frames',
  max: number,
  found: number,
  what: string,
): AudioDecodeError {
  const setting = limit === 'max_audio_seconds' ? 'stt.maxAudioSeconds' : 'stt.maxFrames';
  return new AudioDecodeError(
    'audio_too_complex',
    `${what}; the limit is ${max} (${limit}, config ${setting})`,
    { limit, max, found },
  );
}
