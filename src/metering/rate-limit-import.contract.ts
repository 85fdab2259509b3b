/**
 * The snapshot part of the rate-limit state's contract (issue 25), run from rate-limit-state.contract.ts
 * against each implementation: what `perOrg.export` gave, put back by `perOrg.import` after the organization
 * was reset, exports the same, and the next hit counts on from where the window was, under the same override,
 * through every instance; `perOrg.check` refuses what the schema cannot; exports validate against
 * `StateOrgRateLimits` (openapi/admin.yaml).
 */
import { describe, expect, it } from 'vitest';
import { stateSectionValidator } from '../../test/support/state-schema.js';
import type { RateLimitHarness } from './rate-limit-state.contract.js';
import type { RateLimitExport } from './rate-limit-state.js';

const NOW = Date.UTC(2026, 0, 1, 0, 0, 15);
const rule = { limit: 3, windowSeconds: 60 };
const validate = stateSectionValidator('StateOrgRateLimits');
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export function rateLimitImportContract(harness: () => Promise<RateLimitHarness>): void {
  describe('snapshots', () => {
    it('puts back what export gave: the same export, windows count on and overrides apply, on every instance', async () => {
      const h = await harness();
      const { a, b, settled } = h;
      // key_ia: two hits under the default rule; key_ib: an override (2 per 10 s) and one hit under it;
      // key_ic: an override never hit.
      await a.hit('org_imp', 'key_ia', rule, NOW);
      await b.hit('org_imp', 'key_ia', rule, NOW);
      a.setKeyLimit('org_imp', 'key_ib', { limit: 2, windowSeconds: 10 });
      b.setKeyLimit('org_imp', 'key_ic', { limit: 0, windowSeconds: 1 });
      await settled();
      await b.hit('org_imp', 'key_ib', rule, NOW);
      await a.hit('org_imp_other', 'key_io', rule, NOW);
      const exported = (await a.perOrg.export('org_imp'))!;
      expect(exported).toEqual({
        overrides: [
          { keyId: 'key_ib', limit: 2, windowSeconds: 10 },
          { keyId: 'key_ic', limit: 0, windowSeconds: 1 },
        ],
        windows: [
          { keyId: 'key_ia', start: NOW - 15_000, windowSeconds: 60, count: 2 },
          { keyId: 'key_ib', start: NOW - 5_000, windowSeconds: 10, count: 1 },
        ],
      } satisfies RateLimitExport);
      expect(validate(exported)).toEqual([]);
      const other = await a.perOrg.export('org_imp_other');

      await b.perOrg.reset('org_imp');
      await settled();
      expect(a.perOrg.check!('org_imp', exported)).toBeNull();
      await a.perOrg.import('org_imp', copy(exported));
      await settled();
      const late = await h.late();
      for (const state of [a, b, late]) {
        expect(await state.perOrg.export('org_imp')).toEqual(exported);
        expect(await state.perOrg.export('org_imp_other')).toEqual(other);
        expect(await state.keyLimits('org_imp')).toEqual(
          new Map([
            ['key_ib', { limit: 2, windowSeconds: 10 }],
            ['key_ic', { limit: 0, windowSeconds: 1 }],
          ]),
        );
      }
      // The windows count on: key_ia has one request left of 3, key_ib one of 2.
      expect(await b.hit('org_imp', 'key_ia', rule, NOW + 1000)).toMatchObject({ allowed: true, count: 3 });
      expect(await a.hit('org_imp', 'key_ia', rule, NOW + 1000)).toMatchObject({ allowed: false, count: 3 });
      expect(await late.hit('org_imp', 'key_ib', rule, NOW)).toMatchObject({
        allowed: true,
        count: 2,
        rule: { limit: 2, windowSeconds: 10 },
      });
      expect(await b.hit('org_imp', 'key_ib', rule, NOW)).toMatchObject({ allowed: false });
      expect(await a.hit('org_imp', 'key_ic', rule, NOW)).toMatchObject({ allowed: false, count: 0 });
    });

    it('check refuses a key twice and a window off its boundary', async () => {
      const { a } = await harness();
      const good: RateLimitExport = {
        overrides: [{ keyId: 'key_x', limit: 1, windowSeconds: 10 }],
        windows: [{ keyId: 'key_x', start: NOW - 5_000, windowSeconds: 10, count: 1 }],
      };
      expect(validate(good)).toEqual([]);
      expect(a.perOrg.check!('org_ck', good)).toBeNull();
      const twice = copy(good);
      twice.overrides.push({ ...twice.overrides[0] });
      expect(a.perOrg.check!('org_ck', twice)).toMatchObject({ path: '/overrides/1/keyId' });
      const off = copy(good);
      off.windows[0].start += 1;
      expect(a.perOrg.check!('org_ck', off)).toMatchObject({ path: '/windows/0/start' });
    });

    it('the schema refuses negative counts and limits, a window under a second and keys of the wrong shape', () => {
      const good = {
        overrides: [{ keyId: 'key_x', limit: 1, windowSeconds: 10 }],
        windows: [{ keyId: 'key_x', start: NOW - 5_000, windowSeconds: 10, count: 1 }],
      };
      const bad = (mutate: (s: Record<string, any>) => void) => {
        const s = copy(good) as Record<string, any>;
        mutate(s);
        return validate(s).join('; ');
      };
      expect(bad((s) => (s.windows[0].count = 0))).toMatch(/^\/windows\/0\/count must be >= 1/);
      expect(bad((s) => (s.overrides[0].limit = -1))).toMatch(/^\/overrides\/0\/limit must be >= 0/);
      expect(bad((s) => (s.overrides[0].windowSeconds = 0))).toMatch(
        /^\/overrides\/0\/window_seconds must be >= 1/,
      );
      expect(bad((s) => (s.windows[0].keyId = 'k1'))).toMatch(/^\/windows\/0\/key_id must match pattern/);
      expect(bad((s) => (s.windows[0].remaining = 2))).toMatch(/additional properties \(remaining\)/);
    });
  });
}
