/**
 * Header probe of an upload: format, sample rate, channels and a duration estimate, without decoding a
 * sample. It runs before the credit and quota precheck, so its cost is a walk of the container (WAV chunks,
 * MPEG frame headers, MP4 boxes), and it applies the content limits before any decoding starts.
 *
 * The estimate never undercounts the decoded duration: WAV gives exactly the decoded frames; MP3 gives
 * frames × samples per frame (the decoder may trim encoder delay and padding when a LAME tag says so,
 * never add); M4A gives the presentation duration, which is also what the decoder reports.
 */
import { type AudioFormat, type MpegFrameHeader } from './formats.js';
import { type AudioLimits } from './errors.js';
export interface WavFmt {
    float: boolean;
    channels: number;
    sampleRate: number;
    bits: number;
}
export interface Mp3Stream {
    start: number;
    end: number;
    first: MpegFrameHeader;
    frames: number;
    hasInfoFrame: boolean;
}
export interface AudioProbe {
    format: AudioFormat;
    sampleRate: number;
    channels: number;
    /** Upper bound of the decoded duration, in seconds (see the module comment). */
    estimatedSeconds: number;
    wav?: {
        fmt: WavFmt;
        start: number;
        end: number;
    };
    mp3?: Mp3Stream;
}
/** Throws AudioDecodeError: unsupported, corrupt, truncated, or `audio_too_complex` past a limit. */
export declare function probeAudio(buf: Uint8Array, limits?: AudioLimits): AudioProbe;
export declare function checkSeconds(seconds: number, limits: AudioLimits): void;
/**
 * Walks the frame chain (headers only). Policy:
 * - a frame whose header is valid but whose body runs past the end of the file, or a partial header at
 *   the very end, is a stream cut mid-frame → audio_truncated;
 * - after the last whole frame we accept end of file, ID3v1/APE/Lyrics3/appended ID3v2 tags and zero
 *   padding; anything else (garbage, a frame of another stream) → audio_corrupt, since we cannot tell
 *   where the damage stops and would otherwise decode noise as speech;
 * - more than `maxFrames` frames → audio_too_complex, as soon as the count is passed.
 */
export declare function scanMp3(buf: Uint8Array, maxFrames?: number): Mp3Stream;
