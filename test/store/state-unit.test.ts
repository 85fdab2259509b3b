import { describe, expect, it } from 'vitest';
import { StateUnits, canonical, type StateUnit } from '../../src/store/state-unit.js';

/** A unit holding a list of values per organization, synchronous or not. */
function unit(name: string, async: boolean, data: Record<string, string[]>, shared?: unknown): StateUnit {
  const wrap = <T>(v: T) => (async ? Promise.resolve(v) : v);
  return {
    name,
    reset: () => {
      for (const id of Object.keys(data)) delete data[id];
    },
    perOrg: {
      ids: () => wrap(Object.keys(data)),
      reset: (orgId) => wrap(void delete data[orgId]),
      export: (orgId) =>
        wrap(data[orgId] ? { values: [...data[orgId]], z: 1, a: { y: 2, b: undefined } } : undefined),
      import: (orgId, section) => wrap(void (data[orgId] = [...(section as { values: string[] }).values])),
    },
    exportShared: shared === undefined ? undefined : () => wrap(shared),
    importShared: shared === undefined ? undefined : (section) => wrap(void (shared = section)),
  };
}

describe('StateUnits per organization', () => {
  it('lists, exports and resets one organization across units, leaving the others as they were', async () => {
    const units = new StateUnits();
    units.add(unit('zeta', false, { org_b: ['1'], org_a: ['2'] }));
    units.add(unit('alpha', true, { org_c: ['3'], org_a: ['4', '5'] }, { anchor: 7 }));
    units.add({ name: 'clock', reset: () => {} });

    expect(await units.orgIds()).toEqual(['org_a', 'org_b', 'org_c']);
    const a = await units.exportOrg('org_a');
    expect(Object.keys(a)).toEqual(['alpha', 'zeta']);
    expect(JSON.stringify(a.alpha)).toBe('{"a":{"y":2},"values":["4","5"],"z":1}');
    const before = await units.export();
    expect(before.shared).toEqual({ alpha: { anchor: 7 } });
    expect(Object.keys(before.orgs)).toEqual(['org_a', 'org_b', 'org_c']);

    await units.resetOrg('org_a');
    expect(await units.orgIds()).toEqual(['org_b', 'org_c']);
    expect(await units.exportOrg('org_a')).toEqual({});
    const after = await units.export();
    expect(after.orgs.org_b).toEqual(before.orgs.org_b);
    expect(after.orgs.org_c).toEqual(before.orgs.org_c);
    // Resetting an organization nothing holds is no error.
    await units.resetOrg('org_none');
  });

  it('canonical form sorts keys at every depth and keeps list order', () => {
    expect(JSON.stringify(canonical({ b: [{ d: 1, c: 2 }], a: null }))).toBe(
      '{"a":null,"b":[{"c":2,"d":1}]}',
    );
  });
});

describe('StateUnits loads', () => {
  it('puts back what each unit exported, in the order the units were added, and tells the listeners once', async () => {
    const order: string[] = [];
    const zeta = { org_a: ['1'] } as Record<string, string[]>;
    const alpha = { org_a: ['2', '3'] } as Record<string, string[]>;
    const units = new StateUnits();
    const traced = (u: StateUnit): StateUnit => ({
      ...u,
      perOrg: { ...u.perOrg!, import: (id, d) => (order.push(u.name), u.perOrg!.import(id, d)) },
    });
    units.add(traced(unit('zeta', false, zeta)));
    units.add(traced(unit('alpha', true, alpha, { anchor: 1 })));
    const saved = await units.export();
    const heard: unknown[] = [];
    units.onLoaded((event) => void heard.push(event));

    await units.reset();
    expect(await units.orgIds()).toEqual([]);
    await units.importShared(saved.shared);
    await units.importOrg('org_a', saved.orgs.org_a);
    await units.tellLoaded({ orgIds: ['org_a'], whole: true });

    expect(order).toEqual(['zeta', 'alpha']);
    expect(await units.export()).toEqual(saved);
    expect(heard).toEqual([{ orgIds: ['org_a'], whole: true }]);
  });
});
