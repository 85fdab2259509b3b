import { describe, expect, it } from 'vitest';
import { Random } from '../core/random.js';
import { LatencySampler, sample } from './sampler.js';

const draws = (n: number, f: () => number) => Array.from({ length: n }, f).sort((a, b) => a - b);

describe('latency sampling', () => {
  it('follows the median and p90 it is given, and never passes max', () => {
    const random = new Random('sampler');
    const dist = { median_ms: 100, p90_ms: 250, max_ms: 400 };
    const d = draws(4000, () => sample(dist, random));
    // Within a few percent of the requested quantiles (4000 draws).
    expect(d[2000]).toBeGreaterThan(90);
    expect(d[2000]).toBeLessThan(110);
    expect(d[3600]).toBeGreaterThan(225);
    expect(d[3600]).toBeLessThan(275);
    expect(d[3999]).toBe(400);
    expect(d[0]).toBeGreaterThanOrEqual(0);
  });

  it('a median equal to p90 is a fixed delay, plus the per-character part', () => {
    const random = new Random('fixed');
    expect(sample({ median_ms: 7, p90_ms: 7, max_ms: 100, per_character_ms: 2 }, random, 10)).toBe(27);
    expect(sample({ median_ms: 7, p90_ms: 7, max_ms: 20, per_character_ms: 2 }, random, 10)).toBe(20);
  });

  it('keeps one stream per operation key: interleaving other operations does not change a sequence', () => {
    const profile = {
      name: 't',
      operations: {
        'rag.search:answer': { median_ms: 100, p90_ms: 300, max_ms: 1000 },
        'auth.createWsToken': { median_ms: 30, p90_ms: 80, max_ms: 500 },
      },
    };
    const alone = new LatencySampler(profile, new Random('s'));
    const mixed = new LatencySampler(profile, new Random('s'));
    const a = [1, 2, 3].map(() => alone.delayFor('rag.search', 'answer', 0));
    const b = [1, 2, 3].map(() => {
      mixed.delayFor('auth.createWsToken', undefined, 0);
      return mixed.delayFor('rag.search', 'answer', 0);
    });
    expect(b).toEqual(a);
    mixed.reset();
    expect(mixed.delayFor('rag.search', 'answer', 0)).toBe(a[0]);
    // A mode without its own entry falls back to the operation, then to no delay.
    expect(alone.delayFor('rag.search', 'retrieve', 0)).toBe(0);
  });
});
