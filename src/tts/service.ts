/**
 * The TTS rules: voice lookup, quality tiers, metering, synthesis and encoding. Routes and the realtime
 * protocol call this; it knows nothing of HTTP or WebSockets.
 */
import { nextCpuTurn } from '../audio/cpu-turns.js';
import { performance } from 'node:perf_hooks';
import { encodeMp3Stream, encodeWav, float32ToS16le, QUALITY_TIERS, type QualityTier } from '../audio/index.js';
import { ApiError } from '../http/errors.js';
import type { Metering, Principal } from '../metering/index.js';
import { synthesizeBlocks, utteranceDuration } from './voice/index.js';
import { Mp3EncoderPool } from './encoder-pool.js';
import type { Voice, VoiceCatalogue } from './voices.js';

export interface TtsInput {
  text: string;
  voice: string;
  speed?: number;
  quality?: QualityTier;
}

/** A validated synthesis job: everything needed to render, meter and describe one utterance. */
export interface Utterance {
  text: string;
  voice: Voice;
  speed: number;
  quality: QualityTier;
  /** Billing unit: Unicode code points (D7). */
  characters: number;
  sampleRate: number;
  mp3Kbps: number;
  /** Exact PCM duration in seconds (MP3 adds the encoder delay and padding on top). */
  audioSeconds: number;
}

/** Code points, the unit of the 1-500 limit and of billing (D7). */
export function countCharacters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * The first ~0.6 s of an utterance (lead-in, sync and header, first data slots) come out of the codec as
 * one block; it is cut into pieces of two MP3 frames so the first MP3 bytes exist after a few frames.
 */
const FIRST_PIECE_SAMPLES = 1152 * 2;
const PIECES_UNTIL_SAMPLES = 1152 * 16;

function* smallFirstPieces(blocks: Iterable<Float32Array>): Generator<Float32Array> {
  let emitted = 0;
  for (const block of blocks) {
    if (emitted >= PIECES_UNTIL_SAMPLES) {
      yield block;
      continue;
    }
    for (let pos = 0; pos < block.length; pos += FIRST_PIECE_SAMPLES) {
      const piece = block.subarray(pos, Math.min(block.length, pos + FIRST_PIECE_SAMPLES));
      emitted += piece.length;
      yield piece;
    }
  }
}

/** Longest stretch of synchronous synthesis between two event-loop turns (WAV and PCM paths). */
const SLICE_MS = 4;

export class TtsService {
  readonly encoders = new Mp3EncoderPool();

  constructor(
    private readonly voices: VoiceCatalogue,
    private readonly metering: Metering,
  ) {}

  /** Builds one spare encoder per quality tier (called at boot). */
  prepareEncoders(): void {
    this.encoders.fill(Object.values(QUALITY_TIERS).map((t) => ({ sampleRate: t.sampleRate, kbps: t.mp3Kbps })));
  }

  /** Resolves the request into an utterance; an unknown voice is 422 `unknown_voice` listing the ids. */
  utterance(input: TtsInput, sampleRate?: number): Utterance {
    const voice = this.voices.get(input.voice);
    if (!voice) {
      throw new ApiError('unknown_voice', `voice '${input.voice}' does not exist; valid voices: ${this.voices.ids().join(', ')}`);
    }
    const quality = input.quality ?? 'standard';
    const speed = input.speed ?? 1;
    const tier = QUALITY_TIERS[quality];
    const rate = sampleRate ?? tier.sampleRate;
    return {
      text: input.text,
      voice,
      speed,
      quality,
      characters: countCharacters(input.text),
      sampleRate: rate,
      mp3Kbps: tier.mp3Kbps,
      audioSeconds: utteranceDuration(input.text, speed, rate),
    };
  }

  /** Refuses the work before any synthesis (429 insufficient_credits / test_quota_exceeded). */
  precheck(principal: Principal, u: Utterance): void {
    this.metering.precheck(principal, 'tts', u.characters, u.quality);
  }

  /** Records the characters at the tier's rate; call only once the audio was fully delivered. */
  record(principal: Principal, u: Utterance, ids: { requestId: string; streamId?: string }): void {
    this.metering.record(principal, { product: 'tts', quantity: u.characters, mode: u.quality, ...ids });
  }

  /** PCM blocks of the utterance, lazily synthesised. */
  pcmBlocks(u: Utterance): Generator<Float32Array> {
    return synthesizeBlocks(u.text, { voiceIndex: u.voice.voiceIndex, speed: u.speed, sampleRate: u.sampleRate });
  }

  /** MP3 bytes as soon as frames exist; yields to the event loop; stops (throws) when `signal` aborts. */
  mp3Stream(u: Utterance, signal?: AbortSignal): AsyncGenerator<Buffer, void, undefined> {
    return encodeMp3Stream(smallFirstPieces(this.pcmBlocks(u)), u.sampleRate, u.mp3Kbps, signal, this.encoders.take(u.sampleRate, u.mp3Kbps));
  }

  /** Little-endian 16-bit PCM, block by block, yielding to the event loop between slices. */
  async *pcmS16leStream(u: Utterance, signal?: AbortSignal): AsyncGenerator<Buffer, void, undefined> {
    let sliceStart = performance.now();
    for (const block of smallFirstPieces(this.pcmBlocks(u))) {
      signal?.throwIfAborted();
      yield float32ToS16le(block);
      if (performance.now() - sliceStart >= SLICE_MS) {
        await nextCpuTurn();
        sliceStart = performance.now();
      }
    }
  }

  async mp3Clip(u: Utterance, signal?: AbortSignal): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const part of this.mp3Stream(u, signal)) parts.push(part);
    return Buffer.concat(parts);
  }

  async wavClip(u: Utterance, signal?: AbortSignal): Promise<Buffer> {
    const pcm = new Float32Array(Math.round(u.audioSeconds * u.sampleRate));
    let at = 0;
    let sliceStart = performance.now();
    for (const block of this.pcmBlocks(u)) {
      pcm.set(block, at);
      at += block.length;
      if (performance.now() - sliceStart >= SLICE_MS) {
        await nextCpuTurn();
        signal?.throwIfAborted();
        sliceStart = performance.now();
      }
    }
    return encodeWav(pcm, u.sampleRate);
  }
}
