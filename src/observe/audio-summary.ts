/**
 * The audio summary of a journal entry: content type, bytes and duration, worked out from the first bytes
 * of the response (the WAV header, or the first MP3 frame header of a constant-bitrate stream) and its size.
 */
import type { JournalResponse } from '../contract/admin-types.js';

/** `JournalResponse.audio`: the content type, the bytes sent and the duration (null when unknown). */
export type AudioSummary = NonNullable<JournalResponse['audio']>;

export function audioSummary(type: string, head: Buffer, bytes: number): AudioSummary {
  const seconds = /wav/i.test(type)
    ? wavSeconds(head, bytes)
    : /mpeg|mp3/i.test(type)
      ? mp3Seconds(head, bytes)
      : null;
  return {
    type,
    bytes,
    duration_seconds:
      seconds === null || !Number.isFinite(seconds) ? null : Math.round(seconds * 1000) / 1000,
  };
}

function wavSeconds(head: Buffer, bytes: number): number | null {
  if (
    head.length < 12 ||
    head.toString('latin1', 0, 4) !== 'RIFF' ||
    head.toString('latin1', 8, 12) !== 'WAVE'
  )
    return null;
  let offset = 12;
  let byteRate = 0;
  while (offset + 8 <= head.length) {
    const id = head.toString('latin1', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 16 <= head.length) byteRate = head.readUInt32LE(offset + 16);
    if (id === 'data') {
      if (byteRate <= 0) return null;
      // A streamed WAV may carry a placeholder size: trust what was really sent.
      return Math.min(size, bytes - offset - 8) / byteRate;
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

function mp3Seconds(head: Buffer, bytes: number): number | null {
  let offset = 0;
  if (head.length >= 10 && head.toString('latin1', 0, 3) === 'ID3') {
    offset =
      10 + ((head[6] & 0x7f) << 21) + ((head[7] & 0x7f) << 14) + ((head[8] & 0x7f) << 7) + (head[9] & 0x7f);
  }
  for (; offset + 4 <= head.length; offset++) {
    if (head[offset] !== 0xff || (head[offset + 1] & 0xe0) !== 0xe0) continue;
    const version = (head[offset + 1] >> 3) & 0x03; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = (head[offset + 1] >> 1) & 0x03; // 1 = Layer III
    const index = (head[offset + 2] >> 4) & 0x0f;
    if (layer !== 1 || version === 1 || index === 0 || index === 15) continue;
    const kbps = (version === 3 ? MPEG1_L3_KBPS : MPEG2_L3_KBPS)[index];
    return ((bytes - offset) * 8) / (kbps * 1000);
  }
  return null;
}
