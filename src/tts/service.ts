/**
 * The TTS rules: voice lookup, quality tiers, metering, synthesis and encoding. Routes and the realtime
 * protocol call this; it knows nothing of HTTP or WebSockets.
 */
import {
  DEFAULT_MP3_ENCODER,
  QUALITY_TIERS,
  type Mp3EncoderKind,
  type QualityTier,
} from '../audio/encoders.js';
import { ApiError } from '../core/errors.js';
import type { Metering, Principal } from '../metering/index.js';
import { TaskLimitError, type WorkerPool } from '../workers/pool.js';
import {
  ClipCache,
  ClipCollector,
  clipChunks,
  clipKey,
  DEFAULT_TTS_CACHE_MB,
  MIB,
  type CachedClip,
} from './clip-cache.js';
import type { RenderFormat, RenderSpec } from './render.js';
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
  /** Set by a TTS script's `duration_seconds`: the speech is cut or padded to `audioSeconds`. */
  fit?: boolean;
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
  /** Budget of the clip cache in MiB (`--tts-cache-mb`); 0 turns it off. */
  cacheMb?: number;
}

export class TtsService {
  readonly mp3Encoder: Mp3EncoderKind;
  /** Encoded clips by render spec: identical requests are answered without rendering again. */
  readonly cache: ClipCache;

  constructor(
    private readonly voices: VoiceCatalogue,
    private readonly metering: Metering,
    private readonly workers: WorkerPool,
    options: TtsServiceOptions = {},
  ) {
    this.mp3Encoder = options.mp3Encoder ?? DEFAULT_MP3_ENCODER;
    const cacheMb = options.cacheMb ?? DEFAULT_TTS_CACHE_MB;
    if (!Number.isFinite(cacheMb) || cacheMb < 0)
      throw new RangeError(`ttsCacheMb must be a number of MiB ≥ 0 (got ${cacheMb})`);
    this.cache = new ClipCache(Math.floor(cacheMb * MIB));
  }

  /**
   * Warms `threads` worker threads up (encoder JIT or wasm module, synthesiser) so first requests are warm;
   * default every thread of the pool.
   */
  async warmUp(threads = Math.max(1, this.workers.options.size)): Promise<void> {
    await Promise.all(
      Array.from({ length: threads }, () => this.workers.run('tts.warmup', { encoder: this.mp3Encoder })),
    );
  }

  /** Resolves the request into an utterance; an unknown voice is 422 `unknown_voice` listing the ids. */
  utterance(input: TtsInput, sampleRate?: number): Utterance {
    const voice = this.voices.get(input.voice);
    if (!voice) {
      throw new ApiError(
        'unknown_voice',
        `voice '${input.voice}' does not exist; valid voices: ${this.voices.ids().join(', ')}`,
      );
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
  /** A promise only with a shared store (the reservation is made there). */
  precheck(principal: Principal, u: Utterance): void | Promise<void> {
    return this.metering.precheck(principal, 'tts', u.characters, u.quality);
  }

  /** Records the characters at the tier's rate; call only once the audio was fully delivered. */
  record(principal: Principal, u: Utterance, ids: { requestId: string; streamId?: string }): void {
    this.metering.record(principal, { product: 'tts', quantity: u.characters, mode: u.quality, ...ids });
  }

  /** Everything that shapes the bytes of `u` in `format`. */
  private spec(u: Utterance, format: RenderFormat): RenderSpec {
    return {
      text: u.text,
      voiceIndex: u.voice.voiceIndex,
      speed: u.speed,
      sampleRate: u.sampleRate,
      mp3Kbps: u.mp3Kbps,
      format,
      encoder: this.mp3Encoder,
      samples: Math.round(u.audioSeconds * u.sampleRate),
      ...(u.fit ? { fit: true } : {}),
    };
  }

  /** The spec, its cache key and the cached clip if there is one (counted as a hit or a miss). */
  private lookup(
    u: Utterance,
    format: RenderFormat,
  ): { spec: RenderSpec; key: string; cached: CachedClip | undefined } {
    const spec = this.spec(u, format);
    const key = clipKey(spec);
    return { spec, key, cached: this.cache.get(key) };
  }

  /**
   * The utterance's bytes, yielded as they are produced: from the clip cache when an identical utterance was
   * rendered before (in the chunks it was produced in), else synthesised and encoded on a worker thread.
   * Stops (throws `signal.reason`) when `signal` aborts; leaving the loop early stops the worker too. Cached
   * chunks are shared views: read them, never write to them. `asRendered: false` lets a cached clip come out
   * as one chunk (one socket write instead of one per piece) where nothing depends on the pieces.
   */
  async *render(
    u: Utterance,
    format: RenderFormat,
    signal?: AbortSignal,
    asRendered = true,
  ): AsyncGenerator<Buffer, void, undefined> {
    const { spec, key, cached } = this.lookup(u, format);
    if (!cached) return yield* this.renderAndStore(u, spec, key, signal);
    for (const chunk of asRendered ? clipChunks(cached) : [cached.bytes]) {
      signal?.throwIfAborted();
      yield chunk;
    }
  }

  /** The whole clip: the cached bytes as they are (shared, read-only), else rendered, collected and cached. */
  async clip(u: Utterance, format: 'mp3' | 'wav', signal?: () => AbortSignal): Promise<Buffer> {
    const { spec, key, cached } = this.lookup(u, format);
    // The signal is made only for a render: for a cached clip, making one per request would cost more than the answer.
    if (!cached) return collect(this.renderAndStore(u, spec, key, signal?.()));
    return cached.bytes;
  }

  private async *renderAndStore(
    u: Utterance,
    spec: RenderSpec,
    key: string,
    signal?: AbortSignal,
  ): AsyncGenerator<Buffer, void, undefined> {
    const collector = new ClipCollector(this.cache);
    yield* this.renderOnWorker(u, spec, collector, signal);
    // Reached only when the render ran to its end: a consumer that left early (a cut stream, a closed socket)
    // or an error never gets here, so a partial clip is never stored.
    if (signal?.aborted) return;
    const clip = collector.finish();
    if (clip) this.cache.set(key, clip);
  }

  private async *renderOnWorker(
    u: Utterance,
    spec: RenderSpec,
    collector: ClipCollector,
    signal?: AbortSignal,
  ): AsyncGenerator<Buffer, void, undefined> {
    try {
      for await (const bytes of this.workers.stream('tts.render', spec, {
        signal,
        windowBytes: TTS_STREAM_WINDOW_BYTES,
        timeMs: Math.max(TTS_MIN_TASK_TIME_MS, this.workers.options.timeMs),
      })) {
        const chunk = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        collector.add(chunk);
        yield chunk;
      }
    } catch (err) {
      if (err instanceof TaskLimitError && !signal?.aborted) {
        throw new ApiError(
          'upstream_timeout',
          `synthesis of ${u.characters} characters exceeded the ${err.limit} limit of a TTS task (docs/limits.md, TTS)`,
        );
      }
      throw err;
    }
  }

  /** MP3 bytes as soon as frames exist (a cached clip in its rendered pieces unless `asRendered` is false). */
  mp3Stream(u: Utterance, signal?: AbortSignal, asRendered = true): AsyncGenerator<Buffer, void, undefined> {
    return this.render(u, 'mp3', signal, asRendered);
  }

  /** Little-endian 16-bit PCM, block by block. */
  pcmS16leStream(u: Utterance, signal?: AbortSignal): AsyncGenerator<Buffer, void, undefined> {
    return this.render(u, 'pcm_s16le', signal);
  }

  async mp3Clip(u: Utterance, signal?: () => AbortSignal): Promise<Buffer> {
    return this.clip(u, 'mp3', signal);
  }

  async wavClip(u: Utterance, signal?: () => AbortSignal): Promise<Buffer> {
    return this.clip(u, 'wav', signal);
  }
}

async function collect(parts: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const part of parts) all.push(part);
  return all.length === 1 ? all[0] : Buffer.concat(all);
}
