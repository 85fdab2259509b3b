/**
 * The contract of the rate-limit state (rate-limit-state.ts), run against each implementation
 * (test/metering/billing-state.test.ts); `a` and `b` act as two instances over one store.
 */
import { describe, expect, it } from 'vitest';
import { rateLimitImportContract } from './rate-limit-import.contract.js';
import type { RateLimitExport, RateLimitState } from './rate-limit-state.js';

export interface RateLimitHarness {
  a: RateLimitState;
  b: RateLimitState;
  settled: () => Promise<void>;
  late: () => Promise<RateLimitState>;
}

const NOW = Date.UTC(2026, 0, 1, 0, 0, 15);
const rule = { limit: 3, windowSeconds: 60 };
/** The start of the window `now` falls in, for a window of `seconds`. */
const startOf = (seconds: number, now = NOW) => Math.floor(now / (seconds * 1000)) * seconds * 1000;
const orgIds = async (state: RateLimitState) => [...(await state.perOrg.ids())].sort();

export function rateLimitStateContract(name: string, harness: () => Promise<RateLimitHarness>): void {
  describe(`rate-limit state contract: ${name}`, () => {
    rateLimitImportContract(harness);
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

    it('lists the organizations with overrides or windows and exports one as written, for every instance', async () => {
      const { a, b, settled, late } = await harness();
      await a.reset();
      const override = { limit: 5, windowSeconds: 10 };
      a.setKeyLimit('org_ea', 'key_e1', override);
      await settled();
      await b.hit('org_ea', 'key_e1', rule, NOW);
      await a.hit('org_ea', 'key_e1', rule, NOW);
      await a.hit('org_ea', 'key_e2', rule, NOW);
      await b.hit('org_eb', 'key_e3', rule, NOW);
      const expected: RateLimitExport = {
        overrides: [{ keyId: 'key_e1', ...override }],
        windows: [
          {
            keyId: 'key_e1',
            start: startOf(override.windowSeconds),
            windowSeconds: override.windowSeconds,
            count: 2,
          },
          {
            keyId: 'key_e2',
            start: startOf(rule.windowSeconds),
            windowSeconds: rule.windowSeconds,
            count: 1,
          },
        ],
      };
      for (const state of [a, b, await late()]) {
        expect(await orgIds(state)).toEqual(['org_ea', 'org_eb']);
        const exported = await state.perOrg.export('org_ea');
        expect(exported).toEqual(expected);
        expect(JSON.parse(JSON.stringify(exported))).toStrictEqual(exported);
        expect(await state.perOrg.export('org_eb')).toEqual({
          overrides: [],
          windows: [
            {
              keyId: 'key_e3',
              start: startOf(rule.windowSeconds),
              windowSeconds: rule.windowSeconds,
              count: 1,
            },
          ],
        });
        expect(await state.perOrg.export('org_none')).toBeUndefined();
      }
    });

    it("resetting one organization through one instance clears its windows and overrides everywhere, and nothing of another's", async () => {
      const { a, b, settled, late } = await harness();
      a.setKeyLimit('org_ra', 'key_r1', { limit: 1, windowSeconds: 60 });
      b.setKeyLimit('org_rb', 'key_r2', { limit: 2, windowSeconds: 60 });
      await settled();
      expect(await b.hit('org_ra', 'key_r1', rule, NOW)).toMatchObject({ allowed: true });
      expect(await b.hit('org_ra', 'key_r1', rule, NOW)).toMatchObject({ allowed: false });
      await b.hit('org_rb', 'key_r2', rule, NOW);
      const before = await b.perOrg.export('org_rb');

      await a.perOrg.reset('org_ra');
      for (const state of [a, b, await late()]) {
        expect(await orgIds(state)).not.toContain('org_ra');
        expect(await orgIds(state)).toContain('org_rb');
        expect(await state.perOrg.export('org_ra')).toBeUndefined();
        expect(await state.keyLimits('org_ra')).toEqual(new Map());
        expect(await state.perOrg.export('org_rb')).toEqual(before);
      }
      await b.perOrg.reset('org_none');
      // The organization works again: its key counts afresh under the default rule.
      expect(await b.hit('org_ra', 'key_r1', rule, NOW)).toMatchObject({ allowed: true, count: 1, rule });
      expect(await a.perOrg.export('org_ra')).toEqual({
        overrides: [],
        windows: [
          {
            keyId: 'key_r1',
            start: startOf(rule.windowSeconds),
            windowSeconds: rule.windowSeconds,
            count: 1,
          },
        ],
      });
    });

    it('hits racing the reset of one organization: the other counted, the reset one fully there or fully gone', async () => {
      const { a, b, settled } = await harness();
      a.setKeyLimit('org_xa', 'key_x1', { limit: 9, windowSeconds: 60 });
      await settled();
      await a.hit('org_xa', 'key_x1', rule, NOW);
      await a.hit('org_xb', 'key_x2', rule, NOW);
      await Promise.all([
        a.perOrg.reset('org_xa'),
        b.hit('org_xa', 'key_x1', rule, NOW),
        b.hit('org_xb', 'key_x2', rule, NOW),
      ]);
      const window = { start: startOf(rule.windowSeconds), windowSeconds: rule.windowSeconds };
      for (const state of [a, b]) {
        expect(await state.perOrg.export('org_xb')).toEqual({
          overrides: [],
          windows: [{ keyId: 'key_x2', ...window, count: 2 }],
        });
        const xa = await state.perOrg.export('org_xa');
        // The hit after the reset: counted under the default rule, in a window of its own.
        if (xa) expect(xa).toEqual({ overrides: [], windows: [{ keyId: 'key_x1', ...window, count: 1 }] });
        else expect(await orgIds(state)).not.toContain('org_xa');
      }
    });
  });
}
