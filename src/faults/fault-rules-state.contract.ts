/**
 * What every FaultRulesState does, as vitest cases run against each implementation
 * (test/faults/fault-rules-state.test.ts): in memory, and in Redis with several instances on one store.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { faultRulesImportCases } from './fault-rules-state-import.contract.js';
import type { ExportedRule, FaultRulesState } from './fault-rules-state.js';
import type { FaultRule } from './store.js';

/** Instances over one store. The memory store has one instance: `a`, `b` and every joined one are the same state. */
export interface FaultRulesInstances {
  a: FaultRulesState;
  b: FaultRulesState;
  /** Whether the instances are separate (each keeps its rules at hand, updated from the others' events). */
  separate: boolean;
  /** Resolves once every change made so far through any instance has reached every other one. */
  sync(): Promise<void>;
  /** Another instance, started now on the same store (opened, not reset). */
  join(): Promise<FaultRulesState>;
}

let serial = 0;

/** A rule as FaultStore.add builds it. */
export function rule(over: Partial<FaultRule> = {}): FaultRule {
  const times = over.times;
  return {
    kind: 'error',
    status: 502,
    id: `fault_contract${++serial}`,
    match: {},
    remaining: times ?? null,
    hits: 0,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, serial)).toISOString(),
    expires_at: null,
    explanation: 'contract rule',
    off_contract: false,
    ...over,
  };
}

const ids = (state: FaultRulesState) => state.rules().map((r) => r.id);
export const orgIds = async (state: FaultRulesState) => [...(await state.perOrg.ids())].sort();

/**
 * A rule as exported, from a copy taken before it was added (memory keeps and counts the object itself); at
 * `place`, or any place when the case does not fix it.
 */
export function exported(rule: FaultRule, remaining = rule.remaining, place?: number): ExportedRule {
  const { hits: _hits, ...stored } = structuredClone(rule);
  return { ...stored, remaining, place: place ?? (expect.any(Number) as number) };
}

export function faultRulesStateContract(fresh: () => Promise<FaultRulesInstances>): void {
  describe('FaultRulesState', () => {
    let t: FaultRulesInstances;
    beforeEach(async () => {
      t = await fresh();
    });

    it('adds, gets, lists in order, removes and clears', async () => {
      const first = rule();
      const second = rule({ match: { operation: 'tts.speak' } });
      t.a.add(first);
      t.a.add(second);
      expect(ids(t.a)).toEqual([first.id, second.id]);
      expect(t.a.get(second.id)?.match).toEqual({ operation: 'tts.speak' });
      expect(await t.a.remove(first.id)).toBe(true);
      expect(await t.a.remove(first.id)).toBe(false);
      expect(ids(t.a)).toEqual([second.id]);
      t.a.clear();
      expect(t.a.rules()).toEqual([]);
    });

    it('a rule added through A is listed through B with its organization match; removed through B, it is gone on A', async () => {
      const r = rule({ match: { org_id: 'org_one', path: '/v1/rag/*' }, description: 'one org' });
      t.a.add(r);
      await t.sync();
      expect(t.b.get(r.id)).toMatchObject({
        match: { org_id: 'org_one', path: '/v1/rag/*' },
        description: 'one org',
      });
      expect(await t.b.remove(r.id)).toBe(true);
      await t.sync();
      expect(t.a.get(r.id)).toBeUndefined();
      expect(t.b.get(r.id)).toBeUndefined();
    });

    it('a counted rule is claimed `times` times in all, its remaining seen through every instance, then dropped', async () => {
      const r = rule({ times: 3 });
      t.a.add(r);
      await t.sync();
      // Each instance's copy, held as a request holds the rule it matched while its claim is under way.
      const [onA, onB] = [t.a.get(r.id)!, t.b.get(r.id)!];
      expect(await t.a.claim(onA)).toBe(2);
      await t.sync();
      expect(t.b.get(r.id)?.remaining).toBe(2);
      expect(await t.b.claim(onB)).toBe(1);
      expect(await t.a.claim(onA)).toBe(0);
      expect(await t.b.claim(onB)).toBe(-1);
      await t.sync();
      for (const state of [t.a, t.b]) {
        state.prune(Date.now());
        expect(state.get(r.id)).toBeUndefined();
      }
    });

    it('concurrent claims through two instances fire a counted rule exactly its times', async () => {
      const r = rule({ times: 5 });
      t.a.add(r);
      await t.sync();
      const [onA, onB] = [t.a.get(r.id)!, t.b.get(r.id)!];
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => Promise.resolve(i % 2 === 0 ? t.a.claim(onA) : t.b.claim(onB))),
      );
      expect(claims.filter((left) => left >= 0).sort()).toEqual([0, 1, 2, 3, 4]);
    });

    it('concurrent adds through two instances are all listed through both', async () => {
      const fromA = Array.from({ length: 5 }, () => rule());
      const fromB = Array.from({ length: 5 }, () => rule());
      for (let i = 0; i < 5; i++) {
        t.a.add(fromA[i]);
        t.b.add(fromB[i]);
      }
      await t.sync();
      const all = [...fromA, ...fromB].map((r) => r.id).sort();
      expect([...ids(t.a)].sort()).toEqual(all);
      expect([...ids(t.b)].sort()).toEqual(all);
    });

    it("an instance's own rules (config file, boot scenario) come first and are counted without a promise", async () => {
      const shared = rule();
      t.a.add(shared);
      const own = rule({ times: 1, description: 'boot' });
      t.a.addLocal(own);
      expect(ids(t.a)).toEqual([own.id, shared.id]);
      const left = t.a.claim(own);
      expect(left).toBe(0);
      expect(t.a.claim(own)).toBe(-1);
      await t.sync();
      if (t.separate) expect(t.b.get(own.id)).toBeUndefined();
    });

    it('clearing through B clears every instance, their own rules too', async () => {
      const own = rule();
      t.a.addLocal(own);
      t.a.add(rule());
      await t.sync();
      t.b.clear();
      await t.sync();
      expect(t.a.rules()).toEqual([]);
      expect(t.b.rules()).toEqual([]);
    });

    it('prune drops the rules that expired or are used up', () => {
      const now = Date.parse('2026-01-01T00:00:10Z');
      const expired = rule({ expires_at: '2026-01-01T00:00:05Z' });
      const later = rule({ expires_at: '2026-01-01T00:00:20Z' });
      const usedUp = rule({ times: 1, remaining: 0 });
      t.a.add(expired);
      t.a.add(later);
      t.a.addLocal(usedUp);
      t.a.prune(now);
      expect(ids(t.a)).toEqual([later.id]);
    });

    it('a reset through A empties the rules everywhere; on B, its own rules start over as they were added', async () => {
      const own = rule({ times: 2, description: 'boot' });
      t.b.addLocal(own);
      t.a.add(rule({ times: 4 }));
      t.b.add(rule());
      expect(t.b.claim(own)).toBe(1);
      await t.sync();
      await t.a.reset();
      await t.sync();
      expect(t.a.rules()).toEqual([]);
      if (t.separate) expect(t.b.rules().map((r) => [r.id, r.remaining])).toEqual([[own.id, 2]]);
      else expect(t.b.rules()).toEqual([]);
      const c = await t.join();
      expect(c.rules()).toEqual([]);
    });

    it("lists the organizations its rules match one of, exports each one's rules and the others as shared, as stored", async () => {
      const [a1, a2, b1, shared, gone, usedUp] = [
        rule({ match: { org_id: 'org_fa', path: '/v1/tts/*' }, times: 3, description: 'first' }),
        rule({ match: { org_id: 'org_fa' }, probability: 0.5 }),
        rule({ match: { org_id: 'org_fb' } }),
        rule({ match: { operation: 'tts.speak' } }),
        rule({ match: { org_id: 'org_fc' } }),
        rule({ match: { org_id: 'org_fd' }, times: 1 }),
      ];
      const added = [a1, a2, b1, shared].map((r) => structuredClone(r));
      t.a.add(a1);
      t.b.add(b1);
      t.a.add(shared);
      t.b.add(a2);
      t.a.add(gone);
      t.b.add(usedUp);
      // An instance's own rule is its configuration's, not the store's: neither listed nor exported.
      t.a.addLocal(rule({ match: { org_id: 'org_fe' } }));
      await t.sync();
      expect(await t.b.remove(gone.id)).toBe(true);
      expect(await t.a.claim(t.a.get(a1.id)!)).toBe(2);
      expect(await t.b.claim(t.b.get(usedUp.id)!)).toBe(0);
      await t.sync();
      const late = await t.join();
      for (const state of [t.a, t.b, late]) {
        expect(await orgIds(state)).toEqual(['org_fa', 'org_fb']);
        const fa = await state.perOrg.export('org_fa');
        // By creation time: a1, then a2; the count is the shared one.
        expect(fa).toEqual({ rules: [exported(added[0], 2), exported(added[1])] });
        expect(JSON.parse(JSON.stringify(fa))).toStrictEqual(fa);
        expect(await state.perOrg.export('org_fb')).toEqual({ rules: [exported(added[2])] });
        for (const orgId of ['org_fc', 'org_fd', 'org_fe', 'org_none'])
          expect(await state.perOrg.export(orgId)).toBeUndefined();
        expect(await state.exportShared()).toEqual({ rules: [exported(added[3])] });
      }
    });

    it("resetting one organization through A drops its rules on every instance, starts the instances' own rules of it over, and leaves the rest", async () => {
      const [ra, rb, shared] = [
        rule({ match: { org_id: 'org_ra' }, times: 2 }),
        rule({ match: { org_id: 'org_rb' }, times: 2 }),
        rule(),
      ];
      const [ownA, ownB] = [
        rule({ match: { org_id: 'org_ra' }, times: 2, description: 'boot' }),
        rule({ match: { org_id: 'org_rb' }, times: 2, description: 'boot' }),
      ];
      const rbAdded = structuredClone(rb);
      for (const r of [ra, rb, shared]) t.a.add(r);
      t.b.addLocal(ownA);
      t.b.addLocal(ownB);
      expect(t.b.claim(ownA)).toBe(1);
      expect(t.b.claim(ownB)).toBe(1);
      expect(await t.a.claim(rb)).toBe(1);
      await t.sync();
      const before = { rb: await t.b.perOrg.export('org_rb'), shared: await t.b.exportShared() };
      expect(before.rb).toEqual({ rules: [exported(rbAdded, 1)] });

      await t.a.perOrg.reset('org_ra');
      await t.sync();
      for (const state of [t.a, t.b]) {
        expect(await orgIds(state)).toEqual(['org_rb']);
        expect(await state.perOrg.export('org_ra')).toBeUndefined();
        expect(state.get(ra.id)).toBeUndefined();
        expect(await state.perOrg.export('org_rb')).toEqual(before.rb);
        expect(await state.exportShared()).toEqual(before.shared);
      }
      expect(t.b.get(ownA.id)?.remaining).toBe(2);
      expect(t.b.get(ownB.id)?.remaining).toBe(1);
      expect(ids(t.b)).toEqual([ownA.id, ownB.id, rb.id, shared.id]);
      if (t.separate) expect(ids(t.a)).toEqual([rb.id, shared.id]);
      // Nothing to drop is no error.
      await t.b.perOrg.reset('org_none');

      // The organization can have rules again.
      const again = rule({ match: { org_id: 'org_ra' } });
      const asAdded = structuredClone(again);
      t.b.add(again);
      await t.sync();
      expect(await orgIds(t.a)).toEqual(['org_ra', 'org_rb']);
      expect(await t.a.perOrg.export('org_ra')).toEqual({ rules: [exported(asAdded)] });
      expect(t.a.get(again.id)).toBeDefined();
    });

    it('rules added through B racing a reset of one organization through A: the other one intact, the racing one everywhere or nowhere', async () => {
      const [first, other] = [rule({ match: { org_id: 'org_xa' } }), rule({ match: { org_id: 'org_xb' } })];
      t.a.add(first);
      t.a.add(other);
      await t.sync();
      const [racing, kept] = [rule({ match: { org_id: 'org_xa' } }), rule({ match: { org_id: 'org_xb' } })];
      const [racingAdded, keptAdded, otherAdded] = [racing, kept, other].map((r) => structuredClone(r));
      const reset = Promise.resolve(t.a.perOrg.reset('org_xa'));
      t.b.add(racing);
      t.b.add(kept);
      await reset;
      await t.sync();
      const there = (await t.a.perOrg.export('org_xa')) !== undefined;
      for (const state of [t.a, t.b]) {
        expect(state.get(first.id)).toBeUndefined();
        expect(await state.perOrg.export('org_xa')).toEqual(
          there ? { rules: [exported(racingAdded)] } : undefined,
        );
        expect(state.get(racing.id) !== undefined).toBe(there);
        expect(await orgIds(state)).toEqual(there ? ['org_xa', 'org_xb'] : ['org_xb']);
        expect(await state.perOrg.export('org_xb')).toEqual({
          rules: [exported(otherAdded), exported(keptAdded)],
        });
        expect(state.get(kept.id)).toBeDefined();
      }
    });

    it('an instance that joins late adopts the rules and their counts, and resets nothing', async () => {
      const counted = rule({ times: 3, match: { org_id: 'org_late' } });
      const always = rule();
      t.a.add(counted);
      t.a.add(always);
      expect(await t.a.claim(counted)).toBe(2);
      await t.sync();
      const c = await t.join();
      expect(ids(c)).toEqual([counted.id, always.id]);
      expect(c.get(counted.id)).toMatchObject({ remaining: 2, match: { org_id: 'org_late' } });
      expect(await c.claim(c.get(counted.id)!)).toBe(1);
      await t.sync();
      expect(ids(t.a)).toEqual([counted.id, always.id]);
      expect(t.a.get(counted.id)?.remaining).toBe(1);
    });

    faultRulesImportCases(() => t);
  });
}
