/**
 * The TTS rules: voice lookup, quality tiers, metering, synthesis and encoding. Routes and the realtime
 * protocol call this; it knows nothing of HTTP or WebSockets.
 */
import { DEFAULT_MP3_ENCODER, QUALITY_TIERS, type Mp3EncoderKind, type QualityTier } from '../audio/encoders.js';
import { ApiError } from '../http/errors.js';
import type { Metering, Principal } from '../metering/index.js';
import { TaskLimitError, type WorkerPool } from '../workers/pool.js';
import type { RenderFormat } from './render.js';
import { utteranceDuration } from './voice/index.js';
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

/** Bytes a stream's worker may produce ahead of its reader (the pool's credit window). */
export const TTS_STREAM_WINDOW_BYTES = 256 * 1024;
/**
 * Least budget of active synthesis time per utterance (the pool's `--task-timeout-ms` when larger). A
 * 500-character utterance needs about 0.1 s of one idle core; the budget only stops a runaway task, and must
 * not cut legitimate streams on a machine loaded far beyond its cores.
 */
export const TTS_MIN_TASK_TIME_MS = 30_000;

export interface TtsServiceOptions {
  /** MP3 encoder (`--mp3-encoder`). */
  mp3Encoder?: Mp3EncoderKind;
}

export class TtsService {
  readonly mp3Encoder: Mp3EncoderKind;

  constructor(
    private readonly voices: VoiceCatalogue,
    private readonly metering: Metering,
    private readonly workers: WorkerPool,
    options: TtsServiceOptions = {},
  ) {
    this.mp3Encoder = options.mp3Encoder ?? DEFAULT_MP3_ENCODER;
  }

  /**
   * Warms `threads` worker threads up (encoder JIT or wasm module, synthesiser) so first requests are warm;
   * default every thread of the pool.
   */
  async warmUp(threads = Math.max(1, this.workers.options.size)): Promise<void> {
    await Promise.all(Array.from({ length: threads }, () => this.workers.run('tts.warmup', { encoder: this.mp3Encoder })));
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

  /**
   * The utterance's bytes, synthesised and encoded on a worker thread and yielded as they are produced.
   * Stops (throws `signal.reason`) when `signal` aborts; leaving the loop early stops the worker too.
   */
  async *render(u: Utterance, format: RenderFormat, signal?: AbortSignal): AsyncGenerator<Buffer, void, undefined> {
    const spec = {
      text: u.text,
      voiceIndex: u.voice.voiceIndex,
      speed: u.speed,
      sampleRate: u.sampleRate,
      mp3Kbps: u.mp3Kbps,
      format,
      encoder: this.mp3Encoder,
      samples: Math.round(u.audioSeconds * u.sampleRate),
    };
    try {
      for await (const bytes of this.workers.stream('tts.render', spec, {
        signal,
        windowBytes: TTS_STREAM_WINDOW_BYTES,
        timeMs: Math.max(TTS_MIN_TASK_TIME_MS, this.workers.options.timeMs),
      })) {
        yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      }
    } catch (err) {
      if (err instanceof TaskLimitError && !signal?.aborted) {
        throw new ApiError('upstream_timeout', `synthesis of ${u.characters} characters exceeded the ${err.limit} limit of a TTS task (docs/limits.md, TTS)`);
      }
      throw err;
    }
  }

  /** MP3 bytes as soon as frames exist. */
  mp3Stream(u: Utterance, signal?: AbortSignal): AsyncGenerator<Buffer, void, undefined> {
    return this.render(u, 'mp3', signal);
  }

  /** Little-endian 16-bit PCM, block by block. */
  pcmS16leStream(u: Utterance, signal?: AbortSignal): AsyncGenerator<Buffer, void, undefined> {
    return this.render(u, 'pcm_s16le', signal);
  }

  async mp3Clip(u: Utterance, signal?: AbortSignal): Promise<Buffer> {
    return collect(this.render(u, 'mp3', signal));
  }

  async wavClip(u: Utterance, signal?: AbortSignal): Promise<Buffer> {
    return collect(this.render(u, 'wav', signal));
  }
}

async function collect(parts: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const part of parts) all.push(part);
  return all.length === 1 ? all[0] : Buffer.concat(all);
}
