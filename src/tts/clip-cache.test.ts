import { describe, expect, it } from 'vitest';
import {
  ClipCache,
  ClipCollector,
  clipChunks,
  clipKey,
  entryCost,
  ENTRY_OVERHEAD_BYTES,
  type CachedClip,
} from './clip-cache.js';
import type { RenderSpec } from './render.js';

const SPEC: RenderSpec = {
  text: 'مرحبا',
  voiceIndex: 0,
  speed: 1,
  sampleRate: 22050,
  mp3Kbps: 64,
  format: 'mp3',
  encoder: 'wasm',
  samples: 12345,
};

function clipOf(...sizes: number[]): CachedClip {
  const collector = new ClipCollector(new ClipCache(1 << 30));
  sizes.forEach((n, i) => collector.add(Buffer.alloc(n, i + 1)));
  return collector.finish()!;
}

/** What an entry of one chunk of `audioBytes` bytes costs under a key as long as a real one. */
const KEY = clipKey(SPEC);
const costOf = (audioBytes: number) => entryCost(KEY, clipOf(audioBytes));

describe('clipKey', () => {
  it('differs for every field that shapes the bytes, and is the same for equal specs in any field order', () => {
    const variants: Partial<RenderSpec>[] = [
      { text: 'مرحبا ' },
      { voiceIndex: 1 },
      { speed: 1.25 },
      { sampleRate: 16000 },
      { mp3Kbps: 128 },
      { format: 'wav' },
      { encoder: 'lamejs' },
      { samples: 12346 },
    ];
    const keys = new Set([KEY, ...variants.map((v) => clipKey({ ...SPEC, ...v }))]);
    expect(keys.size).toBe(variants.length + 1);
    const reordered = Object.fromEntries(Object.entries(SPEC).reverse()) as unknown as RenderSpec;
    expect(clipKey(reordered)).toBe(KEY);
  });

  it('is a fixed-size hash whatever the length of the text', () => {
    expect(clipKey({ ...SPEC, text: 'ب'.repeat(500) })).toHaveLength(KEY.length);
    expect(KEY).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('ClipCache', () => {
  it('answers a stored clip with its bytes and chunk boundaries, counting hits and misses', () => {
    const cache = new ClipCache(1 << 20);
    expect(cache.get('a')).toBeUndefined();
    const clip = clipOf(3, 5, 2);
    expect(cache.set('a', clip)).toBe(true);
    const got = cache.get('a')!;
    expect([...clipChunks(got)].map((c) => [...c])).toEqual([
      [1, 1, 1],
      [2, 2, 2, 2, 2],
      [3, 3],
    ]);
    expect(cache.stats()).toEqual({
      enabled: true,
      max_bytes: 1 << 20,
      bytes: entryCost('a', clip),
      entries: 1,
      hits: 1,
      misses: 1,
      evictions: 0,
    });
  });

  it('evicts the least recently used entries first, and a read makes an entry recent', () => {
    const budget = 3 * costOf(1000) + 10;
    const cache = new ClipCache(budget);
    for (const k of ['1', '2', '3']) cache.set(k.repeat(KEY.length), clipOf(1000));
    const [one, two, three, four] = ['1', '2', '3', '4'].map((k) => k.repeat(KEY.length));
    expect(cache.get(one)).toBeDefined();
    cache.set(four, clipOf(1000));
    expect(cache.stats()).toMatchObject({ entries: 3, evictions: 1 });
    expect(cache.get(two)).toBeUndefined();
    for (const k of [one, three, four]) expect(cache.get(k)).toBeDefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(budget);
  });

  it('evicts as many entries as a large newcomer needs, and never exceeds the budget', () => {
    const budget = 4 * costOf(1000);
    const cache = new ClipCache(budget);
    for (let i = 0; i < 4; i++) cache.set(`${i}`.repeat(KEY.length), clipOf(1000));
    cache.set('x'.repeat(KEY.length), clipOf(2500));
    expect(cache.stats()).toMatchObject({ entries: 2, evictions: 3 });
    expect(cache.stats().bytes).toBeLessThanOrEqual(budget);
  });

  it('does not store an entry larger than the whole budget, and evicts nothing for it', () => {
    const cache = new ClipCache(costOf(1000));
    expect(cache.set(KEY, clipOf(1000))).toBe(true);
    expect(cache.set('y'.repeat(KEY.length), clipOf(1001))).toBe(false);
    expect(cache.stats()).toMatchObject({ entries: 1, evictions: 0, bytes: costOf(1000) });
  });

  it('counts the key and bookkeeping besides the audio bytes', () => {
    const clip = clipOf(100, 100);
    expect(entryCost(KEY, clip)).toBe(200 + 2 * 4 + KEY.length * 2 + ENTRY_OVERHEAD_BYTES);
  });

  it('stores a key once: a second identical clip only refreshes it', () => {
    const cache = new ClipCache(1 << 20);
    cache.set(KEY, clipOf(10));
    cache.set(KEY, clipOf(10));
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: costOf(10) });
  });

  it('with a budget of 0 stores nothing and counts every lookup as a miss', () => {
    const cache = new ClipCache(0);
    expect(cache.set(KEY, clipOf(1))).toBe(false);
    expect(cache.get(KEY)).toBeUndefined();
    expect(cache.stats()).toEqual({
      enabled: false,
      max_bytes: 0,
      bytes: 0,
      entries: 0,
      hits: 0,
      misses: 1,
      evictions: 0,
    });
  });

  it('clear() empties it and zeroes the counters', () => {
    const cache = new ClipCache(1 << 20);
    cache.set(KEY, clipOf(10));
    cache.get(KEY);
    cache.clear();
    expect(cache.stats()).toMatchObject({ bytes: 0, entries: 0, hits: 0, misses: 0, evictions: 0 });
  });

  it('refuses a negative or non-finite budget', () => {
    expect(() => new ClipCache(-1)).toThrow(RangeError);
    expect(() => new ClipCache(Number.NaN)).toThrow(RangeError);
  });
});

describe('ClipCollector', () => {
  it('copies the chunks into one buffer of its own', () => {
    const shared = new ArrayBuffer(64);
    const collector = new ClipCollector(new ClipCache(1 << 20));
    collector.add(Buffer.from(shared, 8, 4).fill(7));
    collector.add(Buffer.from(shared, 20, 2).fill(9));
    const clip = collector.finish()!;
    expect([...clip.bytes]).toEqual([7, 7, 7, 7, 9, 9]);
    expect(clip.bytes.buffer).not.toBe(shared);
    expect(clip.bytes.buffer.byteLength).toBe(6);
    expect([...clip.ends]).toEqual([4, 6]);
  });

  it('gives up on a clip that cannot fit the budget, and collects nothing while the cache is off', () => {
    const small = new ClipCollector(new ClipCache(ENTRY_OVERHEAD_BYTES + 100));
    small.add(Buffer.alloc(60));
    small.add(Buffer.alloc(60));
    expect(small.finish()).toBeNull();
    const off = new ClipCollector(new ClipCache(0));
    off.add(Buffer.alloc(1));
    expect(off.finish()).toBeNull();
  });
});
