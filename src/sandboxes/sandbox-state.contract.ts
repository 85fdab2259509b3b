/**
 * What every SandboxState does, as vitest cases run against each implementation
 * (test/sandboxes/sandbox-state.test.ts): in memory, and in Redis with several instances on one store.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxEvent, SandboxRecord, SandboxState } from './sandbox-state.js';

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
    rag: { entitled: true, tenant: 'ready' },
    scopes: ['tts:speak'],
    webhook: null,
    clock: null,
  },
  key_ids: { live: `key_live${n}`, test: `key_test${n}` },
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
      expect(await t.a.exportShared()).toBeUndefined();
      expect(await t.a.add(record(1), 10)).toBe(true);
      expect(t.a.get(record(1).id)).toEqual(record(1));
      expect(t.a.ofOrg(record(1).org_id)).toEqual(record(1));
      expect(await t.a.find(record(1).id)).toEqual(record(1));
      expect(await t.a.find('sbx_none')).toBeUndefined();
      expect(t.a.count()).toBe(1);
      expect(await t.a.exportShared()).toEqual({ sandboxes: [record(1)] });
    });

    it('lists by creation time, then id', async () => {
      await t.a.add(record(3, '2026-01-02T00:00:00.000Z'), 10);
      await t.a.add(record(2, '2026-01-01T00:00:00.000Z'), 10);
      await t.a.add(record(1, '2026-01-02T00:00:00.000Z'), 10);
      expect(ids(t.a)).toEqual([record(2).id, record(1).id, record(3).id]);
      expect(((await t.b.exportShared())?.sandboxes ?? []).map((r) => r.id)).toEqual(ids(t.a));
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
      expect(await t.a.exportShared()).toBeUndefined();
      expect(onB).toEqual([{ type: 'cleared', records: [record(1)] }]);
    });
  });
}
