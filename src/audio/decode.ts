/** Upload decoding for STT: WAV and MP3 to mono Float32 PCM; M4A to format facts only (no AAC decoder). */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { MPEGDecoder } from 'mpg123-decoder';
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
import { LAMEJS_ENCODER_DELAY } from './encode.js';

export type AudioDecodeErrorCode = 'unsupported_audio_format' | 'audio_corrupt' | 'audio_truncated';

export class AudioDecodeError extends Error {
  readonly code: AudioDecodeErrorCode;
  constructor(code: AudioDecodeErrorCode, message: string) {
    super(message);
    this.name = 'AudioDecodeError';
    this.code = code;
  }
}

export interface DecodedAudio {
  format: AudioFormat;
  sampleRate: number;
  /** Channels in the source; `pcm` is always mono. */
  channels: number;
  /** Duration of the decoded audio (see decodeAudio). */
  durationSeconds: number;
  /** Mono PCM in [-1, 1]; null for M4A (no AAC decoder installed). */
  pcm: Float32Array | null;
  /**
   * Leading samples of `pcm` that are codec delay rather than signal: 1105 for an MP3 without a LAME tag
   * (lamejs writes none, so its 576 + 529 samples stay in the decoded audio), 0 when the decoder trimmed it
   * (gapless info present) and for WAV/M4A.
   */
  codecDelaySamples: number;
}

const unsupported = (m: string): AudioDecodeError => new AudioDecodeError('unsupported_audio_format', m);
const corrupt = (m: string): AudioDecodeError => new AudioDecodeError('audio_corrupt', m);
const truncated = (m: string): AudioDecodeError => new AudioDecodeError('audio_truncated', m);

/**
 * Decodes an uploaded audio file. The format comes from the bytes alone (sniffAudioFormat).
 * - WAV, MP3: `durationSeconds` = decoded samples / rate (for MP3 this includes any untrimmed codec delay,
 *   which is what ffmpeg and music-metadata also count for a file without a LAME tag).
 * - M4A: presentation duration from the edit list (which excludes AAC priming, as ffprobe does), otherwise
 *   music-metadata's duration.
 * Throws AudioDecodeError.
 */
export async function decodeAudio(buf: Uint8Array): Promise<DecodedAudio> {
  if (buf.length === 0) throw corrupt('empty upload');
  const format = sniffAudioFormat(buf);
  switch (format) {
    case 'wav':
      return decodeWav(buf);
    case 'mp3':
      return decodeMp3(buf);
    case 'm4a':
      return decodeM4a(buf);
    default:
      throw unsupported('not a WAV, MP3 or M4A file');
  }
}

// ---------------------------------------------------------------------------------------------- WAV

interface WavFmt {
  float: boolean;
  channels: number;
  sampleRate: number;
  bits: number;
}

const isChunkId = (id: string): boolean => /^[\x20-\x7e]{4}$/.test(id);

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

function decodeWav(buf: Uint8Array): DecodedAudio {
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
    const id = readAscii(buf, off, 4);
    if (!isChunkId(id)) throw corrupt(`invalid WAV chunk id at byte ${off}`);
    const size = dv.getUint32(off + 4, true);
    const body = off + 8;
    if (id === 'data') {
      if (!fmt) throw corrupt('WAV data chunk before its fmt chunk');
      let end: number;
      // 0 and 0xFFFFFFFF are written by streaming encoders that cannot seek back: use the bytes present.
      if (size === 0 || size === 0xffffffff) end = buf.length;
      else if (body + size > buf.length) {
        throw truncated(`WAV data chunk claims ${size} bytes, ${buf.length - body} present`);
      } else end = body + size;
      return wavToPcm(buf, dv, fmt, body, end);
    }
    if (body + size > buf.length) throw truncated(`WAV chunk '${id}' runs past the end of the file`);
    if (id === 'fmt ') fmt = parseWavFmt(dv, body, size);
    off = body + size + (size & 1); // chunks are word-aligned
  }
}

function wavToPcm(buf: Uint8Array, dv: DataView, fmt: WavFmt, start: number, end: number): DecodedAudio {
  const { channels, bits, float, sampleRate } = fmt;
  const bytes = bits >> 3;
  const frameBytes = bytes * channels;
  // A trailing partial frame (a stream cut mid-sample) is dropped.
  const frames = Math.floor((end - start) / frameBytes);
  if (frames === 0) throw corrupt('WAV holds no samples');
  const out = new Float32Array(frames);
  const inv = 1 / channels;
  let p = start;
  for (let i = 0; i < frames; i++) {
    let acc = 0;
    for (let c = 0; c < channels; c++, p += bytes) {
      let v: number;
      if (float) v = bits === 32 ? dv.getFloat32(p, true) : dv.getFloat64(p, true);
      else if (bits === 16) v = dv.getInt16(p, true) / 32768;
      else if (bits === 8) v = (buf[p] - 128) / 128;
      else if (bits === 24) v = (((buf[p] | (buf[p + 1] << 8) | (buf[p + 2] << 16)) << 8) >> 8) / 8388608;
      else v = dv.getInt32(p, true) / 2147483648;
      acc += v;
    }
    out[i] = channels === 1 ? acc : acc * inv;
  }
  return {
    format: 'wav',
    sampleRate,
    channels,
    durationSeconds: frames / sampleRate,
    pcm: out,
    codecDelaySamples: 0,
  };
}

// ---------------------------------------------------------------------------------------------- MP3

/** How far past an ID3v2 tag we look for the first frame (tag sizes are often miscounted or padded). */
const MP3_SYNC_WINDOW = 64 * 1024;
/** Bytes of MP3 handed to mpg123 per event-loop turn: a few ms of work at any common bitrate. */
const MP3_DECODE_SLICE = 16 * 1024;

function isTrailingMetadata(buf: Uint8Array, off: number): boolean {
  if (['TAG', 'ID3', '3DI'].includes(readAscii(buf, off, 3))) return true; // ID3v1, appended ID3v2
  if (readAscii(buf, off, 8) === 'APETAGEX' || readAscii(buf, off, 11) === 'LYRICSBEGIN') return true;
  for (let i = off; i < buf.length; i++) if (buf[i] !== 0) return false;
  return true; // zero padding
}

interface Mp3Stream {
  start: number;
  end: number;
  first: MpegFrameHeader;
  frames: number;
  hasInfoFrame: boolean;
}

/**
 * Walks the frame chain. Policy:
 * - a frame whose header is valid but whose body runs past the end of the file, or a partial header at
 *   the very end, is a stream cut mid-frame → audio_truncated;
 * - after the last whole frame we accept end of file, ID3v1/APE/Lyrics3/appended ID3v2 tags and zero
 *   padding; anything else (garbage, a frame of another stream) → audio_corrupt, since we cannot tell
 *   where the damage stops and would otherwise decode noise as speech.
 */
function scanMp3(buf: Uint8Array): Mp3Stream {
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
      frames++;
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

function concatFloat32(parts: Float32Array[], total: number): Float32Array {
  if (parts.length === 1 && parts[0].length === total) return parts[0];
  const out = new Float32Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function decodeMp3(buf: Uint8Array): Promise<DecodedAudio> {
  const stream = scanMp3(buf);
  const { first } = stream;
  // A fresh decoder per call: mpg123-decoder's reset() is async and decoding before it settles corrupts
  // its state. Gapless mode (the default) trims encoder delay and padding when a LAME tag gives them.
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const left: Float32Array[] = [];
  const right: Float32Array[] = [];
  let samples = 0;
  let sampleRate = 0;
  try {
    const body = buf.subarray(stream.start, stream.end);
    for (let off = 0; off < body.length; off += MP3_DECODE_SLICE) {
      if (off > 0) await yieldToEventLoop(); // keep a 10-minute upload from blocking the server
      const r = decoder.decode(body.subarray(off, off + MP3_DECODE_SLICE));
      if (r.errors.length > 0) throw corrupt(`MP3 decode error: ${r.errors[0].message}`);
      if (r.samplesDecoded > 0) {
        left.push(r.channelData[0]);
        if (first.channels === 2) right.push(r.channelData[1]);
        samples += r.samplesDecoded;
        sampleRate = r.sampleRate;
      }
    }
  } finally {
    decoder.free();
  }
  if (samples === 0) throw corrupt('MP3 holds no audio frames');
  const l = concatFloat32(left, samples);
  let pcm = l;
  if (first.channels === 2) {
    const r = concatFloat32(right, samples);
    pcm = new Float32Array(samples);
    for (let i = 0; i < samples; i++) pcm[i] = (l[i] + r[i]) * 0.5;
  }
  // If the decoder output every sample of every audio frame, nothing was trimmed: no LAME tag, so the
  // encoder delay is still in the audio. We assume LAME's default (what lamejs writes).
  const audioFrames = stream.frames - (stream.hasInfoFrame ? 1 : 0);
  const untrimmed = samples >= audioFrames * first.samplesPerFrame;
  return {
    format: 'mp3',
    sampleRate: sampleRate || first.sampleRate,
    channels: first.channels,
    durationSeconds: samples / (sampleRate || first.sampleRate),
    pcm,
    codecDelaySamples: untrimmed ? LAMEJS_ENCODER_DELAY : 0,
  };
}

// ---------------------------------------------------------------------------------------------- M4A

interface Box {
  type: string;
  /** Offset of the payload. */
  body: number;
  end: number;
}

/** Lists the boxes in [start, end). A box that runs past the end of the file means it was cut → audio_truncated. */
function boxes(
  buf: Uint8Array,
  dv: DataView,
  start: number,
  end: number,
  /** Top level: `end` is the end of the file, so an overrun means truncation rather than damage. */
  top = false,
): Box[] {
  const out: Box[] = [];
  let off = start;
  while (off + 8 <= end) {
    let size = dv.getUint32(off, false);
    const type = readAscii(buf, off + 4, 4);
    if (!isBoxType(type)) throw corrupt(`invalid MP4 box type at byte ${off}`);
    let header = 8;
    if (size === 1) {
      if (off + 16 > end)
        throw top
          ? truncated(`MP4 box '${type}' header cut`)
          : corrupt(`MP4 box '${type}' header overruns its parent`);
      size = Number(dv.getBigUint64(off + 8, false));
      header = 16;
    } else if (size === 0) size = end - off; // "extends to the end of the file"
    if (size < header) throw corrupt(`MP4 box '${type}' with size ${size}`);
    if (off + size > end) {
      // Past the end of the file: cut short. Past the end of a complete parent box: damaged.
      throw top
        ? truncated(`MP4 box '${type}' runs past the end of the file`)
        : corrupt(`MP4 box '${type}' overruns its parent`);
    }
    out.push({ type, body: off + header, end: off + size });
    off += size;
  }
  if (off < end && top) throw truncated('MP4 file ends inside a box header');
  return out;
}

// Box types are four bytes, usually ASCII; iTunes uses 0xA9 ('©nam'), so only control bytes are refused.
const isBoxType = (t: string): boolean => /^[\x20-\xff]{4}$/.test(t);

const child = (list: Box[], type: string): Box | undefined => list.find((b) => b.type === type);

interface M4aTrack {
  timescale: number;
  mediaDuration: number;
  /** Sum of non-empty edit durations in movie timescale units, or null without an edit list. */
  editDuration: number | null;
  channels: number;
  sampleRate: number;
  maxChunkOffset: number;
}

/** Reads the first sound track: mdhd, elst, stsd/mp4a/esds and chunk offsets. */
function readSoundTrack(
  buf: Uint8Array,
  dv: DataView,
  moov: Box,
): { movieTimescale: number; track: M4aTrack } | null {
  const moovKids = boxes(buf, dv, moov.body, moov.end);
  const mvhd = child(moovKids, 'mvhd');
  if (!mvhd) throw corrupt('MP4 without mvhd');
  const movieTimescale = dv.getUint32(mvhd.body + (buf[mvhd.body] === 1 ? 20 : 12), false);
  for (const trak of moovKids.filter((b) => b.type === 'trak')) {
    const trakKids = boxes(buf, dv, trak.body, trak.end);
    const mdia = child(trakKids, 'mdia');
    if (!mdia) continue;
    const mdiaKids = boxes(buf, dv, mdia.body, mdia.end);
    const hdlr = child(mdiaKids, 'hdlr');
    if (!hdlr || readAscii(buf, hdlr.body + 8, 4) !== 'soun') continue;
    const mdhd = child(mdiaKids, 'mdhd');
    if (!mdhd) throw corrupt('MP4 sound track without mdhd');
    const v1 = buf[mdhd.body] === 1;
    const timescale = dv.getUint32(mdhd.body + (v1 ? 20 : 12), false);
    const mediaDuration = v1
      ? Number(dv.getBigUint64(mdhd.body + 24, false))
      : dv.getUint32(mdhd.body + 16, false);

    let editDuration: number | null = null;
    const edts = child(trakKids, 'edts');
    const elst = edts ? child(boxes(buf, dv, edts.body, edts.end), 'elst') : undefined;
    if (elst) {
      const ev1 = buf[elst.body] === 1;
      const count = dv.getUint32(elst.body + 4, false);
      const entry = ev1 ? 20 : 12;
      if (elst.body + 8 + count * entry > elst.end) throw corrupt('MP4 edit list overruns its box');
      editDuration = 0;
      for (let i = 0, p = elst.body + 8; i < count; i++, p += entry) {
        const seg = ev1 ? Number(dv.getBigUint64(p, false)) : dv.getUint32(p, false);
        const mediaTime = ev1 ? Number(dv.getBigInt64(p + 8, false)) : dv.getInt32(p + 4, false);
        if (mediaTime !== -1) editDuration += seg; // -1 marks an empty edit (a leading gap)
      }
    }

    let channels = 0;
    let sampleRate = 0;
    let maxChunkOffset = 0;
    const minf = child(mdiaKids, 'minf');
    const stbl = minf ? child(boxes(buf, dv, minf.body, minf.end), 'stbl') : undefined;
    if (!stbl) throw corrupt('MP4 sound track without a sample table');
    const stblKids = boxes(buf, dv, stbl.body, stbl.end);
    const stsd = child(stblKids, 'stsd');
    if (stsd && stsd.body + 16 + 28 <= stsd.end) {
      const entry = stsd.body + 8; // full-box header + entry count
      channels = dv.getUint16(entry + 8 + 16, false);
      sampleRate = dv.getUint32(entry + 8 + 24, false) >>> 16;
      const entryEnd = Math.min(stsd.end, entry + dv.getUint32(entry, false));
      // QuickTime-style sound entries (version 1 and 2) carry 16 or 36 more bytes before their boxes.
      const version = dv.getUint16(entry + 16, false);
      const kids = entry + 36 + (version === 1 ? 16 : version === 2 ? 36 : 0);
      let asc: { channels: number; sampleRate: number } | null = null;
      try {
        const esds = child(boxes(buf, dv, kids, entryEnd), 'esds');
        asc = esds ? audioSpecificConfig(buf, esds.body + 4, esds.end) : null;
      } catch {
        asc = null; // an odd sample entry layout: fall back to its fixed fields and music-metadata
      }
      if (asc) {
        // ISO files carry a template channel count of 2 in mp4a; the decoder config is authoritative.
        if (asc.channels > 0) channels = asc.channels;
        if (asc.sampleRate > 0) sampleRate = asc.sampleRate;
      }
    }
    for (const type of ['stco', 'co64']) {
      const b = child(stblKids, type);
      if (!b) continue;
      const n = dv.getUint32(b.body + 4, false);
      const w = type === 'stco' ? 4 : 8;
      for (let i = 0, p = b.body + 8; i < n && p + w <= b.end; i++, p += w) {
        const v = w === 4 ? dv.getUint32(p, false) : Number(dv.getBigUint64(p, false));
        if (v > maxChunkOffset) maxChunkOffset = v;
      }
    }
    return {
      movieTimescale,
      track: { timescale, mediaDuration, editDuration, channels, sampleRate, maxChunkOffset },
    };
  }
  return null;
}

const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** Finds the DecoderSpecificInfo (tag 5) inside an ES descriptor and reads its AudioSpecificConfig. */
function audioSpecificConfig(
  buf: Uint8Array,
  start: number,
  end: number,
): { channels: number; sampleRate: number } | null {
  let p = start;
  while (p < end) {
    const tag = buf[p++];
    let len = 0;
    for (let i = 0; i < 4 && p < end; i++) {
      const b = buf[p++];
      len = (len << 7) | (b & 0x7f);
      if (!(b & 0x80)) break;
    }
    if (tag === 3) {
      const flags = buf[p + 2];
      p += 3;
      if (flags & 0x80) p += 2;
      if (flags & 0x40) p += 1 + buf[p];
      if (flags & 0x20) p += 2;
    } else if (tag === 4) p += 13;
    else if (tag === 5) {
      if (p + 2 > end) return null;
      let bitPos = 0;
      const read = (n: number): number => {
        let v = 0;
        for (let i = 0; i < n; i++, bitPos++)
          v = (v << 1) | ((buf[p + (bitPos >> 3)] >> (7 - (bitPos & 7))) & 1);
        return v;
      };
      let aot = read(5);
      if (aot === 31) aot = 32 + read(6);
      const sfi = read(4);
      const sampleRate = sfi === 15 ? read(24) : (AAC_RATES[sfi] ?? 0);
      const cfg = read(4);
      return { channels: cfg === 7 ? 8 : cfg <= 6 ? cfg : 0, sampleRate };
    } else p += len;
  }
  return null;
}

async function decodeM4a(buf: Uint8Array): Promise<DecodedAudio> {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const topLevel = boxes(buf, dv, 0, buf.length, true);
  const moov = child(topLevel, 'moov');
  // ffmpeg and most encoders write moov after mdat: a cut file loses it first.
  if (!moov) throw truncated('MP4 without a moov box (file cut before it?)');
  const sound = readSoundTrack(buf, dv, moov);
  if (!sound) throw corrupt('MP4 without an audio track');
  const { movieTimescale, track } = sound;
  if (track.maxChunkOffset >= buf.length) throw truncated('MP4 sample data lies past the end of the file');

  let meta;
  try {
    // Loaded on first use (M4A only), to keep start-up fast.
    const { parseBuffer } = await import('music-metadata');
    meta = await parseBuffer(buf, { mimeType: 'audio/mp4' }, { duration: true, skipCovers: true });
  } catch (e) {
    throw corrupt(`MP4 unreadable: ${e instanceof Error ? e.message : String(e)}`);
  }
  const f = meta.format;
  if (f.hasAudio === false || !f.duration || !Number.isFinite(f.duration))
    throw corrupt('MP4 audio track has no duration');
  // music-metadata counts the AAC priming samples (7.023 s where ffprobe says 7.000); the edit list gives
  // the presentation duration without them, which is what ffprobe reports.
  let durationSeconds = f.duration;
  if (track.editDuration !== null && track.editDuration > 0 && movieTimescale > 0) {
    durationSeconds = track.editDuration / movieTimescale;
  }
  if (!(durationSeconds > 0)) throw corrupt('MP4 audio track is empty');
  const sampleRate = track.sampleRate || f.sampleRate || track.timescale;
  const channels = track.channels || f.numberOfChannels || 0;
  if (!sampleRate || !channels) throw corrupt('MP4 audio track without sample rate or channels');
  return { format: 'm4a', sampleRate, channels, durationSeconds, pcm: null, codecDelaySamples: 0 };
}
