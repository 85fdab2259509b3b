/**
 * The fault tests' only source of randomness: the emulator's own generator (src/core/random.ts, seeded from
 * text), so a failing round is replayed by running again with the seed it printed (`CHAOS_SEED=... npx vitest
 * run test/chaos`, or `npx tsx bench/chaos-soak.bench.ts --seed ...`). What the seed fixes: the fault's kind, moment and length,
 * the instance it hits, and the sequence of operations and the instance each goes to. What it cannot fix:
 * the timing of processes and the network, so a replay reproduces the plan, not the interleaving.
 */
import { randomBytes } from 'node:crypto';
import { Random } from '../../../src/core/random.js';

export class Prng {
  private readonly random: Random;

  constructor(seed: string) {
    this.random = new Random(seed);
  }

  private next(): number {
    return this.random.next();
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
