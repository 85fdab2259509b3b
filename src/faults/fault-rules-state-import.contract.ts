/**
 * The snapshot part of FaultRulesState's contract (issue 25): an organization's rules and the shared ones,
 * exported, reset and imported, match on every instance with their counts left; `perOrg.check` and the
 * sections' schema (admin.yaml) refuse what they cannot take. Run from fault-rules-state.contract.ts, so
 * against memory and Redis alike.
 */
import { expect, it } from 'vitest';
import { sectionErrors } from '../../test/support/state-section-schema.js';
import { exported, orgIds, rule, type FaultRulesInstances } from './fault-rules-state.contract.js';

let serial = 0;

/** An id of the real shape (`fault_` and 12 base62 characters), for the cases that check the schema. */
const realId = () => `fault_${`Imp${++serial}`.padEnd(12, 'x')}`;

/** `current`: the instances of the case under way (the main contract makes them before each case). */
export function faultRulesImportCases(current: () => FaultRulesInstances): void {
  it("an organization's rules export, reset and import back through A: B matches them with their counts left, and both export the same", async () => {
    const t = current();
    const org = `org_imp${++serial}`;
    const counted = rule({ id: realId(), match: { org_id: org, path: '/v1/tts/*' }, times: 3 });
    const windowed = rule({
      id: realId(),
      match: { org_id: org },
      active_from: '2026-01-01T00:00:00.000Z',
      active_until: '2026-01-02T00:00:00.000Z',
      expires_at: '2026-01-03T00:00:00.000Z',
      ttl_seconds: 172_800,
    });
    const ofSandbox = rule({
      id: realId(),
      match: { sandbox: 'sbx_imp1' },
      sandbox_org_id: org,
      probability: 0.25,
    });
    const other = rule({ id: realId(), match: { org_id: 'org_impother' } });
    const shared = rule({ id: realId(), kind: 'latency', status: undefined, latency_ms: 20, times: 2 });
    for (const r of [counted, windowed, ofSandbox, other, shared]) t.a.add(r);
    await t.sync();
    expect(await t.b.claim(t.b.get(counted.id)!)).toBe(2);
    expect(await t.a.claim(t.a.get(shared.id)!)).toBe(1);
    await t.sync();
    const saved = await t.a.perOrg.export(org);
    const savedShared = await t.a.exportShared();
    expect(saved?.rules.map((r) => r.id)).toEqual([counted.id, windowed.id, ofSandbox.id]);
    expect(sectionErrors('StateOrgFaults', saved)).toBeNull();
    expect(sectionErrors('StateSharedFaults', savedShared)).toBeNull();
    expect(t.a.perOrg.check(org, saved)).toBeNull();
    expect(t.a.checkShared?.(savedShared)).toBeNull();

    await t.a.perOrg.reset(org);
    await t.sync();
    await t.a.reset();
    await t.sync();
    expect(t.b.rules()).toEqual([]);
    await t.a.perOrg.import(org, JSON.parse(JSON.stringify(saved)));
    await t.a.importShared?.(JSON.parse(JSON.stringify(savedShared)));
    await t.sync();
    for (const state of [t.a, t.b]) {
      expect(await state.perOrg.export(org)).toEqual(saved);
      expect(await state.exportShared()).toEqual(savedShared);
      expect(await orgIds(state)).toEqual([org]);
      expect(state.get(counted.id)).toMatchObject({ remaining: 2, hits: 0 });
      expect(state.get(ofSandbox.id)).toMatchObject({
        sandbox_org_id: org,
        match: { sandbox: 'sbx_imp1' },
      });
    }
    // The counts go on from where they were, across instances: two left, then none.
    expect(await t.b.claim(t.b.get(counted.id)!)).toBe(1);
    expect(await t.a.claim(t.a.get(counted.id)!)).toBe(0);
    expect(await t.b.claim(t.b.get(shared.id)!)).toBe(0);
    await t.sync();
    expect((await t.b.perOrg.export(org))?.rules.map((r) => r.id)).toEqual([windowed.id, ofSandbox.id]);
  });

  it('rules of two organizations and shared ones, added interleaved at one instant, put back org by org after a reset match and list in the order added; new ones come after', async () => {
    const t = current();
    const [x, y] = [`org_pl${++serial}`, `org_pl${++serial}`];
    // Ids against the order added, so neither the creation time (the same) nor the id makes that order.
    const added = [
      rule({ id: realId().replace('Imp', 'Zzz'), match: { org_id: y } }),
      rule({ id: realId().replace('Imp', 'Yyy') }),
      rule({ id: realId().replace('Imp', 'Xxx'), match: { org_id: x } }),
      rule({ id: realId().replace('Imp', 'Www'), match: { org_id: y } }),
    ];
    for (const r of added) {
      t.a.add(r);
      await t.sync();
    }
    const order = added.map((r) => r.id);
    expect(t.b.rules().map((r) => r.id)).toEqual(order);
    const [ex, ey, shared] = [
      await t.a.perOrg.export(x),
      await t.a.perOrg.export(y),
      await t.a.exportShared(),
    ];
    expect(ey?.rules.map((r) => r.place)).toEqual([1, 4]);
    expect(shared?.rules.map((r) => r.place)).toEqual([2]);

    await t.a.reset();
    await t.sync();
    await t.a.perOrg.import(x, JSON.parse(JSON.stringify(ex)));
    await t.a.importShared?.(JSON.parse(JSON.stringify(shared)));
    await t.a.perOrg.import(y, JSON.parse(JSON.stringify(ey)));
    await t.sync();
    const late = await t.join();
    for (const state of [t.a, t.b, late]) {
      expect(state.rules().map((r) => r.id)).toEqual(order);
      expect(await state.perOrg.export(y)).toEqual(ey);
    }
    const next = rule({ id: realId().replace('Imp', 'Aaa'), match: { org_id: x } });
    t.b.add(next);
    await t.sync();
    for (const state of [t.a, t.b]) expect(state.rules().map((r) => r.id)).toEqual([...order, next.id]);
    expect((await t.a.perOrg.export(x))?.rules.map((r) => r.place)).toEqual([3, 5]);
  });

  it('check refuses a rule of another organization, a shared rule of one, a sandbox organization without its sandbox, and an id twice', () => {
    const t = current();
    const mine = exported(rule({ id: realId(), match: { org_id: 'org_ck' } }), null, 1);
    const theirs = exported(rule({ id: realId(), match: { org_id: 'org_other' } }), null, 2);
    const global = exported(rule({ id: realId() }), null, 3);
    expect(t.a.perOrg.check('org_ck', { rules: [mine] })).toBeNull();
    expect(t.a.perOrg.check('org_ck', { rules: [mine, theirs] })).toMatchObject({ path: '/rules/1/match' });
    expect(t.a.perOrg.check('org_ck', { rules: [global] })).toMatchObject({ path: '/rules/0/match' });
    expect(t.a.checkShared?.({ rules: [global, mine] })).toMatchObject({ path: '/rules/1/match' });
    expect(t.a.perOrg.check('org_ck', { rules: [mine, mine] })).toMatchObject({ path: '/rules/1/id' });
    const samePlace = { ...mine, id: realId() };
    expect(t.a.perOrg.check('org_ck', { rules: [mine, samePlace] })).toMatchObject({
      path: '/rules/1/place',
    });
    const orphan = { ...global, sandbox_org_id: 'org_ck' };
    expect(t.a.perOrg.check('org_ck', { rules: [orphan] })).toMatchObject({
      path: '/rules/0/sandbox_org_id',
    });
    const both = { ...mine, match: { org_id: 'org_ck', sandbox: 'sbx_x' }, sandbox_org_id: 'org_ck' };
    expect(t.a.perOrg.check('org_ck', { rules: [both] })).toMatchObject({ path: '/rules/0/match/org_id' });
  });

  it("its sections' schema (admin.yaml StateOrgFaults) refuses an id of another shape, a negative count, a kind without its parameters and another member", () => {
    const ok = exported(rule({ id: realId(), match: { org_id: 'org_sc' }, times: 2 }), 2, 1);
    expect(sectionErrors('StateOrgFaults', { rules: [ok] })).toBeNull();
    for (const bad of [
      { ...ok, id: 'fault_1' },
      { ...ok, remaining: -1 },
      { ...ok, place: 0 },
      { ...ok, status: undefined },
      { ...ok, hits: 3 },
      { ...ok, match: { org_id: 'acme' } },
    ])
      expect(
        sectionErrors('StateOrgFaults', JSON.parse(JSON.stringify({ rules: [bad] }))),
        JSON.stringify(bad),
      ).not.toBeNull();
    expect(sectionErrors('StateOrgFaults', { rules: [] })).not.toBeNull();
  });
}
