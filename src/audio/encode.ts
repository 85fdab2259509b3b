/** WAV and MP3 encoding of mono Float32 PCM for the TTS side. */
import { nextCpuTurn } from './cpu-turns.js';
import { performance } from 'node:perf_hooks';
import { Mp3Encoder } from '@breezystack/lamejs';
import wavEncoder from 'wav-encoder';

/** 16-bit mono PCM WAV. */
export function encodeWav(pcm: Float32Array, sampleRate: number): Buffer {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0)
    throw new RangeError(`invalid sample rate ${sampleRate}`);
  const ab = wavEncoder.encode.sync({ sampleRate, channelData: [pcm] }, { bitDepth: 16 });
  return Buffer.from(ab);
}

import {
  DEFAULT_MP3_ENCODER,
  LAMEJS_ENCODER_DELAY,
  MP3_BLOCK,
  MP3_ENCODERS,
  QUALITY_TIERS,
  type Mp3EncoderKind,
  type QualityTier,
} from './encoders.js';

import { checkFirstFrame, type Mp3FrameEncoder } from './mp3-frame.js';

export { checkFirstFrame, type Mp3FrameEncoder };

export {
  DEFAULT_MP3_ENCODER,
  LAMEJS_ENCODER_DELAY,
  MP3_BLOCK,
  MP3_ENCODERS,
  QUALITY_TIERS,
  type Mp3EncoderKind,
  type QualityTier,
};

/** Builds an encoder of the given kind (the wasm one compiles its module on first use in a thread). */
export async function openMp3Encoder(
  kind: Mp3EncoderKind,
  sampleRate: number,
  kbps: number,
): Promise<Mp3FrameEncoder> {
  if (kind === 'lamejs') return new Mp3StreamEncoder(sampleRate, kbps);
  const { WasmMp3StreamEncoder } = await import('./mp3-wasm.js');
  return WasmMp3StreamEncoder.open(sampleRate, kbps);
}

function toInt16(src: Float32Array, from: number, to: number, dst: Int16Array, at: number): void {
  // Same scaling as float32ToS16le in pcm.ts; NaN becomes 0.
  for (let i = from; i < to; i++) {
    const s = src[i];
    const v = s >= 1 ? 32767 : s <= -1 ? -32768 : Math.round(s * 32768) || 0;
    dst[at++] = v > 32767 ? 32767 : v;
  }
}

// lamejs returns Int8Array at run time (its types say Uint8Array); view the same bytes as a Buffer.
function asBuffer(bytes: Uint8Array | Int8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Incremental mono MP3 encoder. Input is regrouped into blocks of exactly 1152 samples before it reaches
 * lamejs, so the bytes do not depend on how the caller chunks its PCM: chunked output equals one-shot
 * output byte for byte.
 */
export class Mp3StreamEncoder implements Mp3FrameEncoder {
  readonly sampleRate: number;
  readonly kbps: number;
  private readonly lame: Mp3Encoder;
  private readonly block = new Int16Array(MP3_BLOCK);
  private filled = 0;
  private checked = false;
  private finished = false;

  constructor(sampleRate: number, kbps: number) {
    if (!Number.isInteger(sampleRate) || sampleRate <= 0)
      throw new RangeError(`invalid sample rate ${sampleRate}`);
    if (!Number.isInteger(kbps) || kbps <= 0) throw new RangeError(`invalid MP3 bitrate ${kbps}`);
    this.sampleRate = sampleRate;
    this.kbps = kbps;
    this.lame = new Mp3Encoder(1, sampleRate, kbps);
  }

  encode(pcm: Float32Array): Buffer {
    const out: Buffer[] = [];
    this.encodeRange(pcm, 0, pcm.length, out);
    return out.length === 1 ? out[0] : Buffer.concat(out);
  }

  /** Encodes pcm[from, to) and appends any finished frames to `out`. */
  encodeRange(pcm: Float32Array, from: number, to: number, out: Buffer[]): void {
    if (this.finished) throw new Error('Mp3StreamEncoder: encode after flush');
    let pos = from;
    while (pos < to) {
      const n = Math.min(MP3_BLOCK - this.filled, to - pos);
      toInt16(pcm, pos, pos + n, this.block, this.filled);
      this.filled += n;
      pos += n;
      if (this.filled === MP3_BLOCK) {
        this.emit(this.lame.encodeBuffer(this.block), out);
        this.filled = 0;
      }
    }
  }

  flush(): Buffer {
    if (this.finished) return Buffer.alloc(0);
    const out: Buffer[] = [];
    if (this.filled > 0) this.emit(this.lame.encodeBuffer(this.block.subarray(0, this.filled)), out);
    this.filled = 0;
    this.emit(this.lame.flush(), out);
    this.finished = true;
    return Buffer.concat(out);
  }

  private emit(bytes: Uint8Array | Int8Array, out: Buffer[]): void {
    if (bytes.length === 0) return;
    // lamejs copies its internal buffer into a fresh array per call, so no copy is needed here.
    const buf = asBuffer(bytes);
    if (!this.checked) {
      this.checked = true;
      // lamejs silently resamples (and sometimes writes silence) when the bitrate is too low for the rate.
      checkFirstFrame(buf, this.sampleRate, this.kbps, 'lamejs');
    }
    out.push(buf);
  }
}

/** Longest stretch of synchronous work between two event-loop turns. */
const SLICE_MS = 4;

type Blocks = Iterable<Float32Array> | AsyncIterable<Float32Array>;

function abortReason(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  return r instanceof Error ? r : new DOMException('The operation was aborted', 'AbortError');
}

function nextBlock(
  it: Iterator<Float32Array> | AsyncIterator<Float32Array>,
  signal: AbortSignal | undefined,
): Promise<IteratorResult<Float32Array>> {
  const p = Promise.resolve(it.next());
  if (!signal) return p;
  // An async source may stall; the abort must not wait for it.
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * Streams MP3 bytes for a sequence of PCM blocks. Input is pulled lazily, bytes are yielded as soon as
 * frames exist, and the generator returns to the event loop (setImmediate) whenever about 4 ms of work
 * has run, so a server keeps serving while a long utterance is encoded. When `signal` aborts, the
 * generator stops at the next slice boundary and throws `signal.reason` (Node's convention, as in
 * timers/promises); the input iterator is closed.
 */
export async function* encodeMp3Stream(
  blocks: Blocks,
  sampleRate: number,
  kbps: number,
  signal?: AbortSignal,
  /** A ready-made encoder for this rate and bitrate (default: a new lamejs one). */
  encoder?: Mp3FrameEncoder,
): AsyncGenerator<Buffer, void, undefined> {
  signal?.throwIfAborted();
  const enc: Mp3FrameEncoder = encoder ?? new Mp3StreamEncoder(sampleRate, kbps);
  const it: Iterator<Float32Array> | AsyncIterator<Float32Array> =
    Symbol.asyncIterator in blocks ? blocks[Symbol.asyncIterator]() : blocks[Symbol.iterator]();
  let exhausted = false;
  let sliceStart = performance.now();
  try {
    for (;;) {
      const r = await nextBlock(it, signal);
      if (r.done) {
        exhausted = true;
        break;
      }
      const pcm = r.value;
      const out: Buffer[] = [];
      for (let pos = 0; pos < pcm.length;) {
        const end = Math.min(pcm.length, pos + MP3_BLOCK);
        enc.encodeRange(pcm, pos, end, out);
        pos = end;
        if (performance.now() - sliceStart >= SLICE_MS) {
          if (out.length > 0) yield Buffer.concat(out.splice(0));
          await nextCpuTurn();
          signal?.throwIfAborted();
          sliceStart = performance.now();
        }
      }
      if (out.length > 0) yield Buffer.concat(out);
      signal?.throwIfAborted();
    }
    const tail = enc.flush();
    if (tail.length > 0) yield tail;
  } finally {
    if (!exhausted) enc.release?.();
    if (!exhausted && it.return) {
      // After an abort the source may be stuck in next(); closing it must not hold us up.
      if (signal?.aborted) void Promise.resolve(it.return()).catch(() => undefined);
      else await it.return();
    }
  }
}

/** Whole-buffer MP3 encode, built on the stream so it yields to the event loop as well. */
export async function encodeMp3(pcm: Float32Array, sampleRate: number, kbps: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of encodeMp3Stream([pcm], sampleRate, kbps)) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * Runs a short encode for every quality tier so the JIT has compiled lamejs before the first request
 * (a cold first encode takes 60-90 ms, a warm one 6-7 ms). Synchronous and not free (0.8-2.7 s at the
 * default on a heavily loaded 2-core machine; pass fewer seconds to trade warmth for start-up time): call it
 * once at start-up. Returns the milliseconds it took.
 */
export function warmUpMp3Encoder(
  secondsPerTier = 0.5,
  tiers: readonly QualityTier[] = Object.keys(QUALITY_TIERS) as QualityTier[],
): number {
  const t0 = performance.now();
  for (const { sampleRate, mp3Kbps } of tiers.map((t) => QUALITY_TIERS[t])) {
    const pcm = new Float32Array(Math.round(sampleRate * secondsPerTier));
    for (let i = 0; i < pcm.length; i++) pcm[i] = 0.3 * Math.sin((2 * Math.PI * 440 * i) / sampleRate);
    const enc = new Mp3StreamEncoder(sampleRate, mp3Kbps);
    enc.encode(pcm);
    enc.flush();
  }
  return performance.now() - t0;
}
