/**
 * Header probe of an upload: format, sample rate, channels and a duration estimate, without decoding a
 * sample. It runs before the credit and quota precheck, so its cost is a walk of the container (WAV chunks,
 * MPEG frame headers, MP4 boxes), and it applies the content limits before any decoding starts.
 *
 * The estimate never undercounts the decoded duration: WAV gives exactly the decoded frames; MP3 gives
 * frames × samples per frame (the decoder may trim encoder delay and padding when a LAME tag says so,
 * never add); M4A gives the presentation duration, which is also what the decoder reports.
 */
import {
  type AudioFormat,
  type MpegFrameHeader,
  id3v2Size,
  isMpegFramePair,
  parseMpegFrameHeader,
  readAscii,
  sameMpegStream,
  sniffAudioFormat,
} from './formats.js';
import {
  type AudioLimits,
  corrupt,
  DEFAULT_AUDIO_LIMITS,
  tooComplex,
  truncated,
  unsupported,
} from './errors.js';
import { probeM4a } from './m4a.js';

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
  wav?: { fmt: WavFmt; start: number; end: number };
  mp3?: Mp3Stream;
}

/** Throws AudioDecodeError: unsupported, corrupt, truncated, or `audio_too_complex` past a limit. */
export function probeAudio(buf: Uint8Array, limits: AudioLimits = DEFAULT_AUDIO_LIMITS): AudioProbe {
  if (buf.length === 0) throw corrupt('empty upload');
  const format = sniffAudioFormat(buf);
  let probe: AudioProbe;
  if (format === 'wav') {
    const wav = probeWav(buf);
    const frames = Math.floor((wav.end - wav.start) / ((wav.fmt.bits >> 3) * wav.fmt.channels));
    if (frames === 0) throw corrupt('WAV holds no samples');
    probe = {
      format,
      sampleRate: wav.fmt.sampleRate,
      channels: wav.fmt.channels,
      estimatedSeconds: frames / wav.fmt.sampleRate,
      wav,
    };
  } else if (format === 'mp3') {
    const mp3 = scanMp3(buf, limits.maxFrames);
    const audioFrames = mp3.frames - (mp3.hasInfoFrame ? 1 : 0);
    const { sampleRate, channels, samplesPerFrame } = mp3.first;
    probe = {
      format,
      sampleRate,
      channels,
      estimatedSeconds: (audioFrames * samplesPerFrame) / sampleRate,
      mp3,
    };
  } else if (format === 'm4a') {
    const facts = probeM4a(buf);
    probe = {
      format,
      sampleRate: facts.sampleRate,
      channels: facts.channels,
      estimatedSeconds: facts.durationSeconds,
    };
  } else {
    throw unsupported('not a WAV, MP3 or M4A file');
  }
  checkSeconds(probe.estimatedSeconds, limits);
  return probe;
}

export function checkSeconds(seconds: number, limits: AudioLimits): void {
  if (seconds > limits.maxSeconds) {
    throw tooComplex(
      'max_audio_seconds',
      limits.maxSeconds,
      seconds,
      `the audio lasts ${seconds.toFixed(1)} s`,
    );
  }
}

// ---------------------------------------------------------------------------------------------- WAV

/** Four printable ASCII bytes. */
function isChunkId(buf: Uint8Array, off: number): boolean {
  for (let i = off; i < off + 4; i++) if (buf[i] < 0x20 || buf[i] > 0x7e) return false;
  return true;
}

const isTag = (buf: Uint8Array, off: number, tag: string): boolean =>
  buf[off] === tag.charCodeAt(0) &&
  buf[off + 1] === tag.charCodeAt(1) &&
  buf[off + 2] === tag.charCodeAt(2) &&
  buf[off + 3] === tag.charCodeAt(3);

function parseWavFmt(dv: DataView, off: number, size: number): WavFmt {
  if (size < 16) throw corrupt('fmt chunk too short');
  let tag = dv.getUint16(off, true);
  const channels = dv.getUint16(off + 2, true);
  const sampleRate = dv.getUint32(off + 4, true);
  const bits = dv.getUint16(off + 14, true);
  if (tag === 0xfffe) {
    // WAVE_FORMAT_EXTENSIBLE: the real format code opens the sub-format GUID.
    if (size < 40) throw corrupt('extensible fmt chunk too short');
    tag = dv.getUint16(off + 24, true);
  }
  if (tag !== 1 && tag !== 3) throw unsupported(`WAV codec 0x${tag.toString(16)} is not PCM`);
  if (channels < 1 || channels > 32) throw corrupt(`WAV with ${channels} channels`);
  if (sampleRate < 1000 || sampleRate > 768000) throw corrupt(`WAV sample rate ${sampleRate}`);
  const float = tag === 3;
  if (float ? bits !== 32 && bits !== 64 : ![8, 16, 24, 32].includes(bits)) {
    throw unsupported(`WAV ${float ? 'float' : 'PCM'} with ${bits} bits per sample`);
  }
  return { float, channels, sampleRate, bits };
}

/** The fmt chunk and the byte range of the samples. */
function probeWav(buf: Uint8Array): { fmt: WavFmt; start: number; end: number } {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const riffSize = dv.getUint32(4, true);
  let fmt: WavFmt | null = null;
  let off = 12;
  for (;;) {
    if (off + 8 > buf.length) {
      // No data chunk. If the RIFF header promises more bytes the file was cut short.
      const claimed = riffSize !== 0 && riffSize !== 0xffffffff && riffSize + 8 > buf.length;
      if (claimed || off < buf.length) throw truncated('WAV ends before its data chunk');
      throw corrupt('WAV without a data chunk');
    }
    if (!isChunkId(buf, off)) throw corrupt(`invalid WAV chunk id at byte ${off}`);
    const size = dv.getUint32(off + 4, true);
    const body = off + 8;
    if (isTag(buf, off, 'data')) {
      if (!fmt) throw corrupt('WAV data chunk before its fmt chunk');
      // 0 and 0xFFFFFFFF are written by streaming encoders that cannot seek back: use the bytes present.
      if (size === 0 || size === 0xffffffff) return { fmt, start: body, end: buf.length };
      if (body + size > buf.length)
        throw truncated(`WAV data chunk claims ${size} bytes, ${buf.length - body} present`);
      return { fmt, start: body, end: body + size };
    }
    if (body + size > buf.length)
      throw truncated(`WAV chunk '${readAscii(buf, off, 4)}' runs past the end of the file`);
    if (isTag(buf, off, 'fmt ')) fmt = parseWavFmt(dv, body, size);
    off = body + size + (size & 1); // chunks are word-aligned
  }
}

// ---------------------------------------------------------------------------------------------- MP3

/** How far past an ID3v2 tag we look for the first frame (tag sizes are often miscounted or padded). */
const MP3_SYNC_WINDOW = 64 * 1024;

function isTrailingMetadata(buf: Uint8Array, off: number): boolean {
  if (['TAG', 'ID3', '3DI'].includes(readAscii(buf, off, 3))) return true; // ID3v1, appended ID3v2
  if (readAscii(buf, off, 8) === 'APETAGEX' || readAscii(buf, off, 11) === 'LYRICSBEGIN') return true;
  for (let i = off; i < buf.length; i++) if (buf[i] !== 0) return false;
  return true; // zero padding
}

/**
 * Walks the frame chain (headers only). Policy:
 * - a frame whose header is valid but whose body runs past the end of the file, or a partial header at
 *   the very end, is a stream cut mid-frame → audio_truncated;
 * - after the last whole frame we accept end of file, ID3v1/APE/Lyrics3/appended ID3v2 tags and zero
 *   padding; anything else (garbage, a frame of another stream) → audio_corrupt, since we cannot tell
 *   where the damage stops and would otherwise decode noise as speech;
 * - more than `maxFrames` frames → audio_too_complex, as soon as the count is passed.
 */
export function scanMp3(buf: Uint8Array, maxFrames = Infinity): Mp3Stream {
  let start = 0;
  for (let tag = id3v2Size(buf, start); tag > 0; tag = id3v2Size(buf, start)) start += tag;
  if (start >= buf.length) throw truncated('MP3 ends inside or right after its ID3 tag');
  let first = -1;
  const limit = Math.min(buf.length, start + MP3_SYNC_WINDOW);
  for (let i = start; i < limit; i++) {
    if (buf[i] !== 0xff) continue;
    const h = parseMpegFrameHeader(buf, i);
    if (!h) continue;
    if (isMpegFramePair(buf, i) || i + h.frameLength === buf.length) {
      first = i;
      break;
    }
    if (i + h.frameLength > buf.length && start > 0 && i === start) {
      throw truncated('MP3 cut inside its first frame');
    }
  }
  if (first < 0) {
    // With an ID3 tag this may be another codec (FLAC and AAC files carry ID3 tags too).
    throw start > 0 ? unsupported('no MPEG audio frames after the ID3 tag') : corrupt('no MPEG audio frames');
  }
  const h0 = parseMpegFrameHeader(buf, first)!;
  let off = first;
  let frames = 0;
  while (off < buf.length) {
    const h = parseMpegFrameHeader(buf, off);
    if (h && sameMpegStream(h, h0)) {
      if (off + h.frameLength > buf.length) throw truncated(`MP3 cut inside frame ${frames + 1}`);
      off += h.frameLength;
      if (++frames > maxFrames)
        throw tooComplex('max_frames', maxFrames, frames, `the MP3 holds more than ${maxFrames} frames`);
      continue;
    }
    const rest = buf.length - off;
    if (rest < 4 && buf[off] === 0xff && (rest < 2 || (buf[off + 1] & 0xe0) === 0xe0)) {
      throw truncated(`MP3 cut inside the header of frame ${frames + 1}`);
    }
    if (isTrailingMetadata(buf, off)) break;
    throw corrupt(`invalid MP3 data at byte ${off} after ${frames} frames`);
  }
  const tagAt = first + h0.sideInfoEnd;
  const tag = readAscii(buf, tagAt, 4);
  return { start: first, end: off, first: h0, frames, hasInfoFrame: tag === 'Xing' || tag === 'Info' };
}
