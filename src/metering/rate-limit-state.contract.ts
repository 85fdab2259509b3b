/**
 * The contract of the rate-limit state (rate-limit-state.ts), run against each implementation
 * (test/metering/rate-limit-state.test.ts); `a` and `b` act as two instances over one store.
 */
import { describe, expect, it } from 'vitest';
import type { RateLimitState } from './rate-limit-state.js';

export interface RateLimitHarness {
  a: RateLimitState;
  b: RateLimitState;
  settled: () => Promise<void>;
  late: () => Promise<RateLimitState>;
}

const NOW = Date.UTC(2026, 0, 1, 0, 0, 15);
const rule = { limit: 3, windowSeconds: 60 };

export function rateLimitStateContract(name: string, harness: () => Promise<RateLimitHarness>): void {
  describe(`rate-limit state contract: ${name}`, () => {
    it('counts one window per key across instances; a refusal does not count; the next window starts afresh', async () => {
      const { a, b } = await harness();
      const hits = [];
      for (const s of [a, b, a, b]) hits.push(await s.hit('org_1', 'key_w', rule, NOW));
      expect(hits.map((h) => [h.allowed, h.count])).toEqual([
        [true, 1],
        [true, 2],
        [true, 3],
        [false, 3],
      ]);
      expect(hits[0]).toMatchObject({ rule, start: NOW - 15_000 });
      expect(await a.hit('org_1', 'key_w', rule, NOW + 45_000)).toMatchObject({ allowed: true, count: 1 });
    });

    it('concurrent hits from two instances allow exactly the limit', async () => {
      const { a, b } = await harness();
      const hits = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          Promise.resolve((i % 2 ? a : b).hit('org_1', 'key_c', rule, NOW)),
        ),
      );
      expect(hits.filter((h) => h.allowed)).toHaveLength(3);
    });

    it("a key's override set through one instance applies on the other at once, in a fresh window, until removed", async () => {
      const { a, b, settled } = await harness();
      expect(await b.hit('org_2', 'key_o', rule, NOW)).toMatchObject({ allowed: true, count: 1 });
      a.setKeyLimit('org_2', 'key_o', { limit: 1, windowSeconds: 10 });
      await settled();
      expect(await b.keyLimits('org_2')).toEqual(new Map([['key_o', { limit: 1, windowSeconds: 10 }]]));
      expect(await b.hit('org_2', 'key_o', rule, NOW)).toMatchObject({
        allowed: true,
        count: 1,
        rule: { limit: 1, windowSeconds: 10 },
        start: NOW - 5_000,
      });
      expect(await a.hit('org_2', 'key_o', rule, NOW)).toMatchObject({ allowed: false });
      b.setKeyLimit('org_2', 'key_o', null);
      await settled();
      expect(await a.keyLimits('org_2')).toEqual(new Map());
      expect(await a.hit('org_2', 'key_o', rule, NOW)).toMatchObject({ allowed: true, rule });
    });

    it('a reset through one instance clears windows and overrides for every instance', async () => {
      const { a, b, settled } = await harness();
      a.setKeyLimit('org_3', 'key_r', { limit: 1, windowSeconds: 60 });
      await settled();
      await a.hit('org_3', 'key_r', rule, NOW);
      await a.hit('org_3', 'key_x', rule, NOW);
      await a.reset();
      expect(await b.keyLimits('org_3')).toEqual(new Map());
      expect(await b.hit('org_3', 'key_x', rule, NOW)).toMatchObject({ count: 1 });
    });

    it('an instance that joins late counts in the same windows and keeps the overrides', async () => {
      const { a, settled, late } = await harness();
      a.setKeyLimit('org_4', 'key_l', { limit: 2, windowSeconds: 60 });
      await settled();
      await a.hit('org_4', 'key_l', rule, NOW);
      const c = await late();
      expect(await c.hit('org_4', 'key_l', rule, NOW)).toMatchObject({
        allowed: true,
        count: 2,
        rule: { limit: 2 },
      });
      expect(await a.hit('org_4', 'key_l', rule, NOW)).toMatchObject({ allowed: false });
    });
  });
}
