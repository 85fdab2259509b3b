/**
 * What every ScenariosState does, as vitest cases run against each implementation
 * (test/scenarios/scenarios-state.test.ts): in memory, and in Redis with several instances on one store.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Scenario } from './scenarios.js';
import type { ScenariosState } from './scenarios-state.js';
import { sectionErrors } from '../../test/support/state-section-schema.js';

/** Instances over one store. The memory store has one instance: `a`, `b` and every joined one are the same state. */
export interface ScenariosInstances {
  a: ScenariosState;
  b: ScenariosState;
  /** Another instance, started now on the same store (opened, not reset). */
  join(): Promise<ScenariosState>;
}

const scenario = (name: string, description = `the ${name} scenario`): Scenario => ({
  name,
  description,
  steps: [{ method: 'POST', path: '/faults', body: { kind: 'error', status: 502 } }],
});

const names = async (state: ScenariosState) => (await state.registered()).map((s) => s.name);

export function scenariosStateContract(fresh: () => Promise<ScenariosInstances>): void {
  describe('ScenariosState', () => {
    let t: ScenariosInstances;
    beforeEach(async () => {
      t = await fresh();
    });

    it('registers a scenario (new, then replaced) and lists it in the order first registered', async () => {
      // Long enough that Redis keeps the hash in a form without order.
      for (const name of ['one', 'two', 'three', 'four', 'five', 'six'])
        expect(await t.a.register(scenario(name, `${name} `.repeat(40)))).toBe(true);
      expect(await t.a.register(scenario('one', 'replaced'))).toBe(false);
      expect(await names(t.a)).toEqual(['one', 'two', 'three', 'four', 'five', 'six']);
      expect((await t.a.registered())[0]).toEqual(scenario('one', 'replaced'));
    });

    it('a scenario registered or applied through A is seen through B as soon as A has answered', async () => {
      await t.a.register(scenario('shared'));
      expect(await names(t.b)).toEqual(['shared']);
      expect(await t.b.active()).toBeNull();
      await t.a.setActive({ name: 'shared', appliedAt: '2026-01-01T00:00:00.000Z' });
      expect(await t.b.active()).toEqual({ name: 'shared', appliedAt: '2026-01-01T00:00:00.000Z' });
    });

    it('of two instances registering one name at once, exactly one creates it', async () => {
      const created = await Promise.all([
        t.a.register(scenario('race')),
        t.b.register(scenario('race', 'from B')),
      ]);
      expect(created.filter(Boolean)).toHaveLength(1);
      expect(await names(t.a)).toEqual(['race']);
    });

    it('the scenario applied last through any instance is the active one', async () => {
      await Promise.all([
        t.a.setActive({ name: 'first', appliedAt: '2026-01-01T00:00:00.000Z' }),
        t.b.setActive({ name: 'second', appliedAt: '2026-01-01T00:00:01.000Z' }),
      ]);
      const [onA, onB] = [await t.a.active(), await t.b.active()];
      expect(onA).toEqual(onB);
      expect(['first', 'second']).toContain(onA?.name);
    });

    it('a reset through A forgets the registered and the active scenario everywhere', async () => {
      await t.b.register(scenario('gone'));
      await t.b.setActive({ name: 'gone', appliedAt: '2026-01-01T00:00:00.000Z' });
      await t.a.reset();
      for (const state of [t.a, t.b]) {
        expect(await state.registered()).toEqual([]);
        expect(await state.active()).toBeNull();
      }
    });

    it('exports the registered scenarios in the order first registered and the active one, the same through every instance', async () => {
      expect(await t.a.exportShared()).toBeUndefined();
      const [one, two, replaced] = [scenario('one'), scenario('two'), scenario('one', 'replaced')];
      await t.a.register(one);
      await t.b.register(two);
      await t.b.register(replaced);
      const exported = await t.b.exportShared();
      expect(exported).toEqual({ registered: [replaced, two], active: null });
      expect(JSON.parse(JSON.stringify(exported))).toStrictEqual(exported);
      const active = { name: 'two', appliedAt: '2026-01-01T00:00:02.000Z' };
      await t.a.setActive(active);
      const c = await t.join();
      for (const state of [t.a, t.b, c])
        expect(await state.exportShared()).toEqual({ registered: [replaced, two], active });
      await t.b.reset();
      expect(await t.a.exportShared()).toBeUndefined();
    });

    it('an instance that joins late sees the registered and the active scenario, and resets nothing', async () => {
      await t.a.register(scenario('before'));
      await t.a.setActive({ name: 'before', appliedAt: '2026-01-01T00:00:00.000Z' });
      const c = await t.join();
      expect(await names(c)).toEqual(['before']);
      expect((await c.active())?.name).toBe('before');
      expect(await names(t.a)).toEqual(['before']);
      expect((await t.a.active())?.name).toBe('before');
    });

    it('imports its export through A after a reset: B lists the same scenarios in the same order and the same active one', async () => {
      const [one, two] = [scenario('one'), scenario('two', 'second')];
      await t.a.register(one);
      await t.b.register(two);
      await t.a.register(scenario('one', 'replaced'));
      await t.b.setActive({ name: 'two', appliedAt: '2026-01-01T00:00:02.000Z' });
      const saved = await t.a.exportShared();
      expect(sectionErrors('StateSharedScenarios', saved)).toBeNull();
      expect(t.a.checkShared(saved)).toBeNull();
      await t.a.reset();
      await t.a.importShared(JSON.parse(JSON.stringify(saved)));
      for (const state of [t.a, t.b]) {
        expect(await state.exportShared()).toEqual(saved);
        expect(await names(state)).toEqual(['one', 'two']);
        expect(await state.active()).toEqual({ name: 'two', appliedAt: '2026-01-01T00:00:02.000Z' });
      }
      // Registered again after the load, a name keeps its place.
      expect(await t.b.register(scenario('one', 'again'))).toBe(false);
      expect(await names(t.a)).toEqual(['one', 'two']);

      await t.b.reset();
      await t.b.importShared({
        registered: [],
        active: { name: 'ci-degraded', appliedAt: '2026-01-01T00:00:00.000Z' },
      });
      expect(await t.a.exportShared()).toEqual({
        registered: [],
        active: { name: 'ci-degraded', appliedAt: '2026-01-01T00:00:00.000Z' },
      });
    });

    it('check refuses a name registered twice; the schema refuses a bad name, a step without a path, another member', () => {
      const ok = { registered: [scenario('one'), scenario('two')], active: null };
      expect(t.a.checkShared(ok)).toBeNull();
      expect(sectionErrors('StateSharedScenarios', ok)).toBeNull();
      expect(t.a.checkShared({ registered: [scenario('one'), scenario('one')], active: null })).toMatchObject(
        {
          path: '/registered/1/name',
        },
      );
      for (const bad of [
        { registered: [scenario('Bad Name')], active: null },
        { registered: [{ ...scenario('one'), steps: [{ method: 'POST' }] }], active: null },
        { registered: [], active: { name: 'one' } },
        { ...ok, extra: 1 },
        { registered: [] },
      ])
        expect(sectionErrors('StateSharedScenarios', bad), JSON.stringify(bad)).not.toBeNull();
    });
  });
}
