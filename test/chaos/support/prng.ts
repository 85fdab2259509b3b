/**
 * The fault tests' only source of randomness: mulberry32 seeded from a text seed, so a failing round is
 * replayed by running again with the seed it printed (`CHAOS_SEED=... npx vitest run test/chaos`, or
 * `npx tsx bench/chaos-soak.bench.ts --seed ...`). What the seed fixes: the fault's kind, moment and length,
 * the instance it hits, and the sequence of operations and the instance each goes to. What it cannot fix:
 * the timing of processes and the network, so a replay reproduces the plan, not the interleaving.
 */
import { randomBytes } from 'node:crypto';

/** mulberry32: a small, fast 32-bit generator; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * FNV-1a over the text, then murmur3's finalizer: a 32-bit number for mulberry32. (FNV alone leaves seeds that
 * differ in their last character, `base/1` and `base/2`, close enough that mulberry32's first draws agree.)
 */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Prng {
  private readonly next: () => number;

  constructor(seed: string) {
    this.next = mulberry32(hashSeed(seed));
  }

  float(): number {
    return this.next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of the keys of `weights`, each chosen in proportion to its weight. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    let r = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [k, w] of entries) {
      r -= w;
      if (r < 0) return k;
    }
    return entries[entries.length - 1][0];
  }
}

/** The run's base seed: `explicit` (a `--seed` option), else CHAOS_SEED, else 8 new hex digits. */
export function baseSeed(explicit?: string): string {
  return explicit ?? process.env.CHAOS_SEED ?? randomBytes(4).toString('hex');
}

/** The seed of one round: the base seed and the round's number, so round K replays alone. */
export function roundSeed(base: string, round: number): string {
  return `${base}/${round}`;
}
