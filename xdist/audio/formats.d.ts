/**
 * Audio container recognition from the bytes alone (never from a file name or content type), plus the
 * MPEG audio frame-header parser shared by the sniffer, the MP3 decoder and the MP3 encoder's self-check.
 */
export type AudioFormat = 'wav' | 'mp3' | 'm4a';
export interface MpegFrameHeader {
    /** 1 = MPEG-1, 2 = MPEG-2, 2.5 = MPEG-2.5 */
    version: 1 | 2 | 2.5;
    layer: 1 | 2 | 3;
    bitrateKbps: number;
    sampleRate: number;
    channels: 1 | 2;
    /** Whole frame length in bytes, header included. */
    frameLength: number;
    samplesPerFrame: number;
    /** Offset of the Xing/Info tag inside a Layer III frame (after the side information). */
    sideInfoEnd: number;
}
/**
 * Parses a 4-byte MPEG audio frame header at `off`. Returns null for anything that is not a plausible
 * header: bad sync, reserved version/layer/sample rate/emphasis, free-format or invalid bitrate.
 */
export declare function parseMpegFrameHeader(buf: Uint8Array, off: number): MpegFrameHeader | null;
/** Two frames of the same stream agree on version, layer, sample rate and channel count. */
export declare function sameMpegStream(a: MpegFrameHeader, b: MpegFrameHeader): boolean;
/**
 * True when a frame header at `off` is followed by a second, consistent one. A lone 0xFFEx pair appears
 * in random data about once per 2 KiB, so one header is not evidence; two chained headers are.
 */
export declare function isMpegFramePair(buf: Uint8Array, off: number): boolean;
/** Size of an ID3v2 tag at `off` (header + body + footer), or 0 when there is none. */
export declare function id3v2Size(buf: Uint8Array, off?: number): number;
declare function ascii(buf: Uint8Array, off: number, len: number): string;
export { ascii as readAscii };
export declare function sniffAudioFormat(buf: Uint8Array): AudioFormat | null;
