/**
 * What every SandboxState does, as vitest cases run against each implementation
 * (test/sandboxes/sandbox-state.test.ts): in memory, and in Redis with several instances on one store.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxEvent, SandboxRecord, SandboxState } from './sandbox-state.js';
import { sectionErrors } from '../../test/support/state-section-schema.js';

/** The emulator seed the instances were made with (SandboxStateDeps.seed). */
export const CONTRACT_SEED = 'sandbox-contract';

/** Instances over one store. The memory store has one instance: `a`, `b` and every joined one are the same state. */
export interface SandboxInstances {
  a: SandboxState;
  b: SandboxState;
  /** Another instance, started now on the same store (opened, not reset). */
  join(): Promise<SandboxState>;
  /** A whole reset through `a` (POST /_emulator/reset), heard by every instance once it resolves. */
  resetAll(): Promise<void>;
}

const record = (n: number, createdAt = '2026-01-01T00:00:00.000Z'): SandboxRecord => ({
  id: `sbx_${String(n).padStart(16, '0')}`,
  org_id: `org_${String(n).padStart(16, '0')}`,
  created_at: createdAt,
  seed: `seed:${n}`,
  options: {
    name: `box ${n}`,
    credits: null,
    test_quotas: {},
    rag_entitled: true,
    rag: { state: 'ready' },
    scopes: ['tts:speak'],
    webhook: null,
    clock: null,
  },
  key_ids: { live: `key_${String(n).padStart(16, 'L')}`, test: `key_${String(n).padStart(16, 'T')}` },
  webhook_endpoint_id: null,
  clock: null,
});

function recorder(state: SandboxState): SandboxEvent[] {
  const events: SandboxEvent[] = [];
  state.onEvent((e) => void events.push(e));
  return events;
}

const ids = (state: SandboxState) => state.list().map((r) => r.id);

export function sandboxStateContract(fresh: () => Promise<SandboxInstances>): void {
  describe('SandboxState', () => {
    let t: SandboxInstances;
    beforeEach(async () => {
      t = await fresh();
    });

    it('keeps a record by id and by organization, and exports it as shared state', async () => {
      expect(await t.a.perOrg.export(record(1).org_id)).toBeUndefined();
      expect(await t.a.add(record(1), 10)).toBe(true);
      expect(t.a.get(record(1).id)).toEqual(record(1));
      expect(t.a.ofOrg(record(1).org_id)).toEqual(record(1));
      expect(await t.a.find(record(1).id)).toEqual(record(1));
      expect(await t.a.find('sbx_none')).toBeUndefined();
      expect(t.a.count()).toBe(1);
      expect(await t.a.perOrg.export(record(1).org_id)).toEqual({ sandbox: record(1), clock: null });
      expect([...(await t.a.perOrg.ids())]).toEqual([record(1).org_id]);
    });

    it('lists by creation time, then id', async () => {
      await t.a.add(record(3, '2026-01-02T00:00:00.000Z'), 10);
      await t.a.add(record(2, '2026-01-01T00:00:00.000Z'), 10);
      await t.a.add(record(1, '2026-01-02T00:00:00.000Z'), 10);
      expect(ids(t.a)).toEqual([record(2).id, record(1).id, record(3).id]);
      expect(ids(t.b)).toEqual(ids(t.a));
    });

    it('refuses a record past the limit, writing nothing', async () => {
      expect(await t.a.add(record(1), 2)).toBe(true);
      expect(await t.b.add(record(2), 2)).toBe(true);
      expect(await t.a.add(record(3), 2)).toBe(false);
      expect(t.a.get(record(3).id)).toBeUndefined();
      expect(await t.b.find(record(3).id)).toBeUndefined();
      expect(t.a.count()).toBe(2);
    });

    it('a record added through A is known through B, its listeners done, as soon as A has answered', async () => {
      const onB = recorder(t.b);
      await t.a.add(record(1), 10);
      expect(t.b.get(record(1).id)).toEqual(record(1));
      expect(t.b.ofOrg(record(1).org_id)?.id).toBe(record(1).id);
      expect(onB).toEqual([{ type: 'created', record: record(1) }]);
    });

    it('a record removed through B is gone for A, its listeners told, as soon as B has answered', async () => {
      await t.a.add(record(1), 10);
      const onA = recorder(t.a);
      expect(await t.b.remove(record(1).id)).toBe(true);
      expect(t.a.get(record(1).id)).toBeUndefined();
      expect(t.a.ofOrg(record(1).org_id)).toBeUndefined();
      expect(await t.a.find(record(1).id)).toBeUndefined();
      expect(onA).toEqual([{ type: 'deleted', record: record(1) }]);
      expect(await t.b.remove(record(1).id)).toBe(false);
    });

    it("a sandbox's reset is announced to every instance's listeners before A's call resolves", async () => {
      await t.a.add(record(1), 10);
      const onB = recorder(t.b);
      await t.a.resetting(record(1).id);
      await t.a.resetting('sbx_none');
      expect(onB).toEqual([{ type: 'resetting', record: record(1) }]);
      expect(t.b.get(record(1).id)).toEqual(record(1));
    });

    it('a clock given through B to a sandbox without one is known through A, its listeners told; once only', async () => {
      await t.a.add(record(1), 10);
      const onA = recorder(t.a);
      const clock = { mode: 'frozen' as const, now: '2030-01-01T00:00:00.000Z', time_scale: 1 };
      const withClock: SandboxRecord = {
        ...record(1),
        options: { ...record(1).options, clock },
        clock: { start: { mode: 'frozen', timeScale: 1, at: Date.parse(clock.now) } },
      };
      expect(await t.b.giveClock(withClock)).toEqual({ record: withClock, given: true });
      expect(t.a.get(record(1).id)).toEqual(withClock);
      expect(onA).toEqual([{ type: 'changed', record: withClock }]);
      // A second one, through either instance, finds the clock there and changes nothing.
      const other = {
        ...withClock,
        options: { ...withClock.options, clock: { ...clock, mode: 'real' as const } },
      };
      expect(await t.a.giveClock(other)).toEqual({ record: withClock, given: false });
      expect(t.b.get(record(1).id)).toEqual(withClock);
      expect(onA).toHaveLength(1);
      expect(await t.a.giveClock({ ...withClock, id: 'sbx_none' })).toBeUndefined();
    });

    it('an instance started later knows every record', async () => {
      await t.a.add(record(1), 10);
      await t.b.add(record(2), 10);
      const c = await t.join();
      expect(ids(c)).toEqual([record(1).id, record(2).id]);
    });

    it('a whole reset removes every record for every instance and tells the listeners', async () => {
      await t.a.add(record(1), 10);
      const onB = recorder(t.b);
      await t.resetAll();
      expect(t.a.count()).toBe(0);
      expect(t.b.count()).toBe(0);
      expect(await t.b.find(record(1).id)).toBeUndefined();
      expect(await t.a.perOrg.export(record(1).org_id)).toBeUndefined();
      expect(onB).toEqual([{ type: 'cleared', records: [record(1)] }]);
    });

    it('exports a sandbox with its organization (seed only with secrets), and an import through A puts it back for B, its listeners told', async () => {
      const withHook: SandboxRecord = {
        ...record(7, '2026-01-03T00:00:00.000Z'),
        webhook_endpoint_id: 'we_AAAAAAAAAAAAAAAAAAAA',
        options: {
          ...record(7).options,
          webhook: { url: 'http://127.0.0.1:9/hook', events: ['job.completed'] },
        },
      };
      await t.a.add(withHook, 10);
      const org = withHook.org_id;
      const saved = await t.a.perOrg.export(org);
      expect(saved).toEqual({ sandbox: withHook, clock: null });
      expect(sectionErrors('StateOrgSandboxes', saved)).toBeNull();
      const { seed: _seed, ...withoutSeed } = withHook;
      expect(await t.b.perOrg.export(org, { secrets: false })).toEqual({ sandbox: withoutSeed, clock: null });
      expect(t.a.perOrg.check?.(org, saved)).toBeNull();

      // A reset of the organization keeps the record: a sandbox's reset rebuilds the organization from it.
      await t.a.perOrg.reset(org);
      expect(t.b.get(withHook.id)).toEqual(withHook);
      await t.resetAll();
      const onB = recorder(t.b);
      await t.a.perOrg.import(org, JSON.parse(JSON.stringify(saved)));
      for (const state of [t.a, t.b]) {
        expect(state.get(withHook.id)).toEqual(withHook);
        expect(state.ofOrg(org)?.id).toBe(withHook.id);
        expect(await state.perOrg.export(org)).toEqual(saved);
      }
      expect(onB).toEqual([{ type: 'created', record: withHook }]);
      // Again over the one there: replaced, nobody told twice.
      await t.b.perOrg.import(org, JSON.parse(JSON.stringify(saved)));
      expect(ids(t.a)).toEqual([withHook.id]);
      expect(onB).toHaveLength(1);
    });

    it('a sandbox loaded without its seed gets one derived from the emulator seed and its id, which the export then shows', async () => {
      const { seed: _seed, ...withoutSeed } = record(8);
      await t.a.perOrg.import(record(8).org_id, { sandbox: withoutSeed, clock: null });
      const expected = { ...record(8), seed: `${CONTRACT_SEED}:${record(8).id}` };
      expect(t.b.get(record(8).id)).toEqual(expected);
      expect(await t.b.perOrg.export(record(8).org_id)).toEqual({ sandbox: expected, clock: null });
    });

    it('check refuses a sandbox of another organization and a clock that does not match the record; the schema refuses bad ids and other members', () => {
      const section = { sandbox: record(9), clock: null };
      expect(t.a.perOrg.check?.(record(9).org_id, section)).toBeNull();
      expect(t.a.perOrg.check?.('org_other', section)).toMatchObject({ path: '/sandbox/org_id' });
      const anchor = { mode: 'frozen', timeScale: 1, virtual: 1, wall: 1 };
      expect(t.a.perOrg.check?.(record(9).org_id, { ...section, clock: anchor })).toMatchObject({
        path: '/clock',
      });
      for (const bad of [
        { ...section, sandbox: { ...record(9), id: 'sandbox-9' } },
        { ...section, sandbox: { ...record(9), key_ids: { live: 'k', test: 'k' } } },
        { ...section, sandbox: { ...record(9), extra: 1 } },
        { sandbox: record(9) },
      ])
        expect(sectionErrors('StateOrgSandboxes', bad), JSON.stringify(bad)).not.toBeNull();
    });
  });
}
