/**
 * A byte-bounded LRU of encoded TTS clips (`--tts-cache-mb`, decisions "TTS clip cache"). Output is
 * deterministic per render spec, so a clip rendered once can answer every later identical request. The cache
 * only holds bytes: routes still precheck, meter, journal, log and fault every request as before.
 *
 * A clip keeps the chunk boundaries it was produced with, so a stream served from the cache is cut into the
 * same pieces (the same WebSocket frames, the same pacing under `stream_slow`) as a rendered one.
 */
import { createHash } from 'node:crypto';
import type { components } from '../client/admin-api.js';
import type { RenderSpec } from './render.js';

/** Bytes of bookkeeping counted per entry besides its audio: the Map slot, the entry object, its key string. */
export const ENTRY_OVERHEAD_BYTES = 256;

export const MIB = 1024 * 1024;

/**
 * The budget when none is configured (`--tts-cache-mb`): about a hundred 500-character MP3 clips at the
 * standard tier, or several thousand short ones.
 */
export const DEFAULT_TTS_CACHE_MB = 32;

/** One cached clip: its bytes, contiguous, and where each produced chunk ended. */
export interface CachedClip {
  readonly bytes: Buffer;
  /** End offset of each chunk in `bytes` (ascending; the last is `bytes.length`). */
  readonly ends: Uint32Array;
}

/** `GET /_emulator/tts/cache`, as openapi/admin.yaml defines it. */
export type ClipCacheStats = components['schemas']['TtsCacheStats'];

/**
 * The key: SHA-256 of the canonical JSON of everything that shapes the bytes (the whole render spec, encoder
 * included). Hashing bounds the key's memory whatever the text; the field order is fixed here, not taken from
 * the object, so two equal specs always give the same key.
 */
export function clipKey(spec: RenderSpec): string {
  const canonical = JSON.stringify([
    spec.format,
    spec.encoder,
    spec.voiceIndex,
    spec.speed,
    spec.sampleRate,
    spec.mp3Kbps,
    spec.samples,
    spec.fit === true,
    spec.text,
  ]);
  return createHash('sha256').update(canonical).digest('base64url');
}

export function entryCost(key: string, clip: CachedClip): number {
  return clip.bytes.length + clip.ends.byteLength + key.length * 2 + ENTRY_OVERHEAD_BYTES;
}

export class ClipCache {
  /** A Map iterates in insertion order: the first key is the least recently used. */
  private readonly entries = new Map<string, CachedClip>();
  private used = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;

  /** `maxBytes` 0 turns the cache off: every lookup misses and nothing is stored. */
  constructor(readonly maxBytes: number) {
    if (!Number.isFinite(maxBytes) || maxBytes < 0)
      throw new RangeError(`maxBytes must be a finite number ≥ 0 (got ${maxBytes})`);
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** The clip for `key`, made most recently used; counts a hit or a miss. */
  get(key: string): CachedClip | undefined {
    const clip = this.entries.get(key);
    if (!clip) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, clip);
    return clip;
  }

  /** Whether a clip of `audioBytes` bytes could be stored at all (an entry larger than the budget is not). */
  fits(audioBytes: number): boolean {
    return this.enabled && audioBytes + ENTRY_OVERHEAD_BYTES <= this.maxBytes;
  }

  /**
   * Stores a complete clip, evicting the least recently used entries to make room. A clip larger than the
   * whole budget is not stored (and evicts nothing). Storing a key already present only refreshes it: two
   * identical renders that ran at once produced the same bytes.
   */
  set(key: string, clip: CachedClip): boolean {
    const cost = entryCost(key, clip);
    if (!this.enabled || cost > this.maxBytes) return false;
    const existing = this.entries.get(key);
    if (existing) {
      this.entries.delete(key);
      this.entries.set(key, existing);
      return true;
    }
    for (const [oldKey, old] of this.entries) {
      if (this.used + cost <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.used -= entryCost(oldKey, old);
      this.evictions++;
    }
    this.entries.set(key, clip);
    this.used += cost;
    return true;
  }

  /** Empties the cache and zeroes its counters. */
  clear(): void {
    this.entries.clear();
    this.used = 0;
    this.hits = 0;
    this.misses = 0;
    this.evictions = 0;
  }

  stats(): ClipCacheStats {
    return {
      enabled: this.enabled,
      max_bytes: this.maxBytes,
      bytes: this.used,
      entries: this.entries.size,
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
    };
  }
}

/**
 * Collects a clip's chunks as they are produced. It gives up (and lets go of the chunks) as soon as the clip
 * could no longer fit the cache, so a render that will not be cached holds no extra memory.
 */
export class ClipCollector {
  private chunks: Buffer[] | null = [];
  private total = 0;

  constructor(private readonly cache: ClipCache) {
    if (!cache.enabled) this.chunks = null;
  }

  add(chunk: Buffer): void {
    if (!this.chunks) return;
    this.total += chunk.length;
    if (!this.cache.fits(this.total)) {
      this.chunks = null;
      return;
    }
    this.chunks.push(chunk);
  }

  /** The whole clip in one buffer of its own (chunks from a worker may be views of larger memory). */
  finish(): CachedClip | null {
    if (!this.chunks) return null;
    const bytes = Buffer.allocUnsafeSlow(this.total);
    const ends = new Uint32Array(this.chunks.length);
    let at = 0;
    this.chunks.forEach((chunk, i) => {
      chunk.copy(bytes, at);
      at += chunk.length;
      ends[i] = at;
    });
    this.chunks = null;
    return { bytes, ends };
  }
}

/** The clip's chunks, as views of its bytes, in the order they were produced. */
export function* clipChunks(clip: CachedClip): Generator<Buffer> {
  let start = 0;
  for (const end of clip.ends) {
    yield clip.bytes.subarray(start, end);
    start = end;
  }
}
