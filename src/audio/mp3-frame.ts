/** What every MP3 encoder is to encodeMp3Stream (encode.ts), and the check of its first frame. */
import { parseMpegFrameHeader } from './formats.js';

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

/** Throws when the first frame does not have the requested rate and bitrate (an encoder resampled). */
export function checkFirstFrame(buf: Buffer, sampleRate: number, kbps: number, encoder: string): void {
  const h = parseMpegFrameHeader(buf, 0);
  if (!h || h.sampleRate !== sampleRate || h.bitrateKbps !== kbps) {
    throw new RangeError(
      `${encoder} cannot encode ${sampleRate} Hz at ${kbps} kbps faithfully ` +
        `(it wrote ${h ? `${h.sampleRate} Hz ${h.bitrateKbps} kbps` : 'no valid frame'})`,
    );
  }
}
