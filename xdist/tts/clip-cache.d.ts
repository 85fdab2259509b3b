import type { components } from '../client/admin-api.js';
import type { RenderSpec } from './render.js';
/** Bytes of bookkeeping counted per entry besides its audio: the Map slot, the entry object, its key string. */
export declare const ENTRY_OVERHEAD_BYTES = 256;
export declare const MIB: number;
/**
 * The budget when none is configured (`--tts-cache-mb`): about a hundred 500-character MP3 clips at the
 * standard tier, or several thousand short ones.
 */
export declare const DEFAULT_TTS_CACHE_MB = 32;
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
export declare function clipKey(spec: RenderSpec): string;
export declare function entryCost(key: string, clip: CachedClip): number;
export declare class ClipCache {
    readonly maxBytes: number;
    /** A Map iterates in insertion order: the first key is the least recently used. */
    private readonly entries;
    private used;
    private hits;
    private misses;
    private evictions;
    /** `maxBytes` 0 turns the cache off: every lookup misses and nothing is stored. */
    constructor(maxBytes: number);
    get enabled(): boolean;
    /** The clip for `key`, made most recently used; counts a hit or a miss. */
    get(key: string): CachedClip | undefined;
    /** Whether a clip of `audioBytes` bytes could be stored at all (an entry larger than the budget is not). */
    fits(audioBytes: number): boolean;
    /**
     * Stores a complete clip, evicting the least recently used entries to make room. A clip larger than the
     * whole budget is not stored (and evicts nothing). Storing a key already present only refreshes it: two
     * identical renders that ran at once produced the same bytes.
     */
    set(key: string, clip: CachedClip): boolean;
    /** Empties the cache and zeroes its counters. */
    clear(): void;
    stats(): ClipCacheStats;
}
/**
 * Collects a clip's chunks as they are produced. It gives up (and lets go of the chunks) as soon as the clip
 * could no longer fit the cache, so a render that will not be cached holds no extra memory.
 */
export declare class ClipCollector {
    private readonly cache;
    private chunks;
    private total;
    constructor(cache: ClipCache);
    add(chunk: Buffer): void;
    /** The whole clip in one buffer of its own (chunks from a worker may be views of larger memory). */
    finish(): CachedClip | null;
}
/** The clip's chunks, as views of its bytes, in the order they were produced. */
export declare function clipChunks(clip: CachedClip): Generator<Buffer>;
