/**
 * Upload decoding for STT: WAV and MP3 to mono Float32 PCM, streamed chunk by chunk so memory stays
 * proportional to a chunk, not to the file; M4A to format facts only (no AAC decoder).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { AudioFormat } from './formats.js';
import { type AudioLimits, corrupt, DEFAULT_AUDIO_LIMITS, tooComplex } from './errors.js';
import { LAMEJS_ENCODER_DELAY } from './encoders.js';
import { readM4a } from './m4a.js';
import { type AudioProbe, type Mp3Stream, type WavFmt, probeAudio } from './probe.js';

export {
  AudioDecodeError,
  type AudioDecodeErrorCode,
  type AudioLimits,
  DEFAULT_AUDIO_LIMITS,
} from './errors.js';

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

/** WAV frames converted per chunk. */
const WAV_CHUNK_FRAMES = 1 << 16;
/** Bytes of MP3 handed to mpg123 per call: a few ms of work at any common bitrate. */
const MP3_DECODE_SLICE = 16 * 1024;

/**
 * Decodes an upload chunk by chunk into `sink`. The format comes from the bytes alone (probeAudio).
 * - WAV, MP3: `durationSeconds` = decoded samples / rate (for MP3 this includes any untrimmed codec delay,
 *   which is what ffmpeg and music-metadata also count for a file without a LAME tag).
 * - M4A: presentation duration from the edit list (which excludes AAC priming, as ffprobe does), otherwise
 *   music-metadata's duration; `sink` is never called.
 * Yields to the event loop between chunks. Throws AudioDecodeError (including `audio_too_complex` when a
 * content limit is passed, before or while decoding).
 */
export async function decodeStream(
  buf: Uint8Array,
  sink: PcmSink,
  limits: AudioLimits = DEFAULT_AUDIO_LIMITS,
  probe: AudioProbe = probeAudio(buf, limits),
): Promise<AudioFacts> {
  if (probe.wav) return decodeWav(buf, probe.wav, sink);
  if (probe.mp3) return decodeMp3(buf, probe.mp3, sink, limits);
  const facts = await readM4a(buf);
  return { format: 'm4a', ...facts, codecDelaySamples: 0 };
}

/** The whole file as one PCM array (tests and small clips; uploads use decodeStream). */
export async function decodeAudio(
  buf: Uint8Array,
  limits: AudioLimits = DEFAULT_AUDIO_LIMITS,
): Promise<DecodedAudio> {
  const parts: Float32Array[] = [];
  const facts = await decodeStream(buf, (pcm) => parts.push(pcm), limits);
  return { ...facts, pcm: facts.format === 'm4a' ? null : concatFloat32(parts) };
}

export function concatFloat32(parts: Float32Array[]): Float32Array {
  if (parts.length === 1) return parts[0];
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------- WAV

async function decodeWav(
  buf: Uint8Array,
  wav: { fmt: WavFmt; start: number; end: number },
  sink: PcmSink,
): Promise<AudioFacts> {
  const { channels, bits, float, sampleRate } = wav.fmt;
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const bytes = bits >> 3;
  const frameBytes = bytes * channels;
  // A trailing partial frame (a stream cut mid-sample) is dropped.
  const frames = Math.floor((wav.end - wav.start) / frameBytes);
  const inv = 1 / channels;
  let p = wav.start;
  for (let done = 0; done < frames;) {
    if (done > 0) await yieldToEventLoop();
    const n = Math.min(WAV_CHUNK_FRAMES, frames - done);
    const out = new Float32Array(n);
    if (bits === 16 && channels === 1 && !float) {
      for (let i = 0; i < n; i++, p += 2) out[i] = dv.getInt16(p, true) / 32768;
    } else {
      for (let i = 0; i < n; i++) {
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
    }
    sink(out);
    done += n;
  }
  return { format: 'wav', sampleRate, channels, durationSeconds: frames / sampleRate, codecDelaySamples: 0 };
}

// ---------------------------------------------------------------------------------------------- MP3

async function decodeMp3(
  buf: Uint8Array,
  stream: Mp3Stream,
  sink: PcmSink,
  limits: AudioLimits,
): Promise<AudioFacts> {
  const { first } = stream;
  // Loaded on first use: the WebAssembly module costs start-up time only MP3 uploads should pay.
  const { MPEGDecoder } = await import('mpg123-decoder');
  // A fresh decoder per call: mpg123-decoder's reset() is async and decoding before it settles corrupts
  // its state. Gapless mode (the default) trims encoder delay and padding when a LAME tag gives them.
  const decoder = new MPEGDecoder();
  await decoder.ready;
  let samples = 0;
  let sampleRate = 0;
  const maxSamples = limits.maxSeconds * first.sampleRate;
  try {
    const body = buf.subarray(stream.start, stream.end);
    for (let off = 0; off < body.length; off += MP3_DECODE_SLICE) {
      if (off > 0) await yieldToEventLoop();
      const r = decoder.decode(body.subarray(off, off + MP3_DECODE_SLICE));
      if (r.errors.length > 0) throw corrupt(`MP3 decode error: ${r.errors[0].message}`);
      if (r.samplesDecoded === 0) continue;
      samples += r.samplesDecoded;
      sampleRate = r.sampleRate;
      if (samples > maxSamples) {
        throw tooComplex(
          'max_audio_seconds',
          limits.maxSeconds,
          samples / first.sampleRate,
          `the decoded audio passes ${limits.maxSeconds} s`,
        );
      }
      const left = r.channelData[0];
      if (first.channels === 2) {
        const right = r.channelData[1];
        for (let i = 0; i < left.length; i++) left[i] = (left[i] + right[i]) * 0.5;
      }
      sink(left.length === r.samplesDecoded ? left : left.subarray(0, r.samplesDecoded));
    }
  } finally {
    decoder.free();
  }
  if (samples === 0) throw corrupt('MP3 holds no audio frames');
  // If the decoder output every sample of every audio frame, nothing was trimmed: no LAME tag, so the
  // encoder delay is still in the audio. We assume LAME's default (what lamejs writes).
  const audioFrames = stream.frames - (stream.hasInfoFrame ? 1 : 0);
  const untrimmed = samples >= audioFrames * first.samplesPerFrame;
  const rate = sampleRate || first.sampleRate;
  return {
    format: 'mp3',
    sampleRate: rate,
    channels: first.channels,
    durationSeconds: samples / rate,
    codecDelaySamples: untrimmed ? LAMEJS_ENCODER_DELAY : 0,
  };
}
