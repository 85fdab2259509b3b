export class AudioDecodeError extends Error {
    code;
    /** For `audio_too_complex`: which content limit was exceeded, its value and the amount found. */
    details;
    constructor(code, message, details) {
        super(message);
        this.name = 'AudioDecodeError';
        this.code = code;
        if (details)
            this.details = details;
    }
}
export const unsupported = (m) => new AudioDecodeError('unsupported_audio_format', m);
export const corrupt = (m) => new AudioDecodeError('audio_corrupt', m);
export const truncated = (m) => new AudioDecodeError('audio_truncated', m);
export const DEFAULT_AUDIO_LIMITS = { maxSeconds: 4 * 3600, maxFrames: 600_000 };
export function tooComplex(limit, max, found, what) {
    const setting = limit === 'max_audio_seconds' ? 'stt.maxAudioSeconds' : 'stt.maxFrames';
    return new AudioDecodeError('audio_too_complex', `${what}; the limit is ${max} (${limit}, config ${setting})`, { limit, max, found });
}
