/**
 * The contract of OrgState, run against every implementation (test/orgs/org-state.test.ts): the memory one,
 * where every "instance" is the one process's state, and the Redis one, where each instance is its own
 * store on one Redis.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { orgImportContract } from './org-state-import.contract.js';
import type { ApiKeyRecord, ExportedKey, OrgEvent, OrgState, Organization } from './org-state.js';

export interface OrgStateHarness {
  /** The state as one more instance sees it, opened (with Redis: a new store on the same URL, which may join late). */
  instance(): Promise<OrgState>;
  /** What POST /_emulator/reset does through the instance of `state` (the store's reset, then the state's). */
  reset(state: OrgState): Promise<void>;
  /** Resolves once every write made so far is in the store and its events reached every instance. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

let seq = 0;
/** Ids unique across runs on one Redis, so the cases do not see each other's state. */
const unique = (prefix: string) => `${prefix}_${process.pid}_${Date.now().toString(36)}_${seq++}`;

function org(id = unique('org'), createdAt = '2030-01-01T00:00:00.000Z'): Organization {
  return { id, name: `name of ${id}`, ragEntitled: false, createdAt };
}

function key(orgId: string, id = unique('key')): ApiKeyRecord {
  return {
    id,
    orgId,
    environment: 'test',
    scopes: ['tts:speak'],
    display: `sk_test_…${id.slice(-4)}`,
    hash: createHash('sha256').update(`secret of ${id}`).digest(),
    name: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    revokedAt: null,
    revokedReason: null,
  };
}

const hex = (k: ApiKeyRecord) => k.hash.toString('hex');
const orgIds = async (state: OrgState) => [...(await state.perOrg.ids())].sort();

/** A key as an export must hold it, built from what was written (and how it was revoked). */
function exported(k: ApiKeyRecord, revoked?: { at: string; reason: string }): ExportedKey {
  return {
    id: k.id,
    orgId: k.orgId,
    environment: k.environment,
    scopes: [...k.scopes],
    display: k.display,
    hash: hex(k),
    name: k.name,
    createdAt: k.createdAt,
    revokedAt: revoked?.at ?? null,
    revokedReason: revoked?.reason ?? null,
  };
}

function recorder(state: OrgState): OrgEvent[] {
  const events: OrgEvent[] = [];
  state.onEvent((e) => events.push(e));
  return events;
}

export function orgStateContract(makeHarness: () => OrgStateHarness): void {
  const harness = makeHarness();
  afterAll(() => harness.close());
  orgImportContract(harness);

  describe('one instance', () => {
    it('adds, lists and updates organizations, telling listeners', async () => {
      const state = await harness.instance();
      const events = recorder(state);
      const o = org();
      const before = { ...o };
      expect(state.addOrg(o)).toEqual(o);
      expect(state.getOrg(o.id)).toEqual(o);
      expect(state.listOrgs().map((x) => x.id)).toContain(o.id);
      const updated = state.updateOrg(o.id, { name: 'renamed', ragEntitled: true });
      expect(updated).toMatchObject({ id: o.id, name: 'renamed', ragEntitled: true });
      expect(state.getOrg(o.id)).toMatchObject({ name: 'renamed', ragEntitled: true });
      expect(state.updateOrg(unique('org_none'), { name: 'x' })).toBeUndefined();
      expect(events.map((e) => e.type)).toEqual(['org.created', 'org.updated']);
      expect(events[1]).toMatchObject({ previous: { name: before.name, ragEntitled: false } });
      await harness.sync();
    });

    it('keeps each key under its organization, found by id and by its hash', async () => {
      const state = await harness.instance();
      const [a, b] = [org(), org()];
      state.addOrg(a);
      state.addOrg(b);
      const [k1, k2, k3] = [key(a.id), key(a.id), key(b.id)];
      for (const k of [k1, k2, k3]) state.addKey(k);
      expect(state.listKeys(a.id).map((k) => k.id)).toEqual([k1.id, k2.id]);
      expect(state.listKeys(b.id).map((k) => k.id)).toEqual([k3.id]);
      expect(state.getKey(k2.id)).toEqual(k2);
      expect(await state.findKey(k3.id)).toEqual(k3);
      expect(await state.findKeyByHash(hex(k1))).toEqual(k1);
      expect(state.findKeyByHash(hex(k1))).not.toBeInstanceOf(Promise);
      expect(await state.findKeyByHash('00'.repeat(32))).toBeUndefined();
      expect(await state.findKey(unique('key_none'))).toBeUndefined();
      await harness.sync();
    });

    it('revokes a key once: the first revocation stays, and listeners hear it once', async () => {
      const state = await harness.instance();
      const events = recorder(state);
      const o = org();
      state.addOrg(o);
      const k = state.addKey(key(o.id));
      state.revokeKey(k.id, '2030-01-01T00:00:01.000Z', 'revoked');
      state.revokeKey(k.id, '2030-01-01T00:00:02.000Z', 'compromised');
      expect(state.getKey(k.id)).toMatchObject({
        revokedAt: '2030-01-01T00:00:01.000Z',
        revokedReason: 'revoked',
      });
      expect(events.filter((e) => e.type === 'key.revoked')).toHaveLength(1);
      expect(state.revokeKey(unique('key_none'), '2030-01-01T00:00:01.000Z', 'revoked')).toBeUndefined();
      await harness.sync();
    });
  });

  describe('several instances', () => {
    it('a key added on one instance is found on another at once, with its organization', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      const o = org();
      a.addOrg(o);
      const k = a.addKey(key(o.id));
      await harness.sync();
      expect(await b.findKeyByHash(hex(k))).toMatchObject({ id: k.id, orgId: o.id });
      expect(b.getOrg(o.id)).toMatchObject({ id: o.id, name: o.name });
      expect(b.listKeys(o.id).map((x) => x.id)).toEqual([k.id]);
    });

    it("a revocation on one instance reaches the other's listeners (its sockets close)", async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      const o = org();
      a.addOrg(o);
      const k = a.addKey(key(o.id));
      await harness.sync();
      await b.findKey(k.id);
      const heard = new Promise<OrgEvent>((resolve) =>
        b.onEvent((e) => e.type === 'key.revoked' && e.key.id === k.id && resolve(e)),
      );
      a.revokeKey(k.id, '2030-01-01T00:00:01.000Z', 'revoked');
      expect(await heard).toMatchObject({ key: { id: k.id, revokedAt: '2030-01-01T00:00:01.000Z' } });
      expect(b.getKey(k.id)?.revokedReason).toBe('revoked');
    });

    it('concurrent writers agree: the first organization and the first revocation win on every instance', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      // Two instances booting at once both make the same organization (the demo one).
      const id = unique('org_both');
      a.addOrg(org(id, '2030-01-01T00:00:00.001Z'));
      b.addOrg(org(id, '2030-01-01T00:00:00.002Z'));
      await harness.sync();
      expect(a.getOrg(id)?.createdAt).toBe(b.getOrg(id)?.createdAt);

      const k = a.addKey(key(id));
      await harness.sync();
      await b.findKey(k.id);
      a.revokeKey(k.id, '2030-01-01T00:00:01.000Z', 'by a');
      b.revokeKey(k.id, '2030-01-01T00:00:02.000Z', 'by b');
      await harness.sync();
      const onA = a.getKey(k.id)!;
      const onB = b.getKey(k.id)!;
      expect([onA.revokedAt, onA.revokedReason]).toEqual([onB.revokedAt, onB.revokedReason]);
      expect(['by a', 'by b']).toContain(onA.revokedReason);
    });

    it('a reset through one instance empties the state for every instance', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      const o = org();
      a.addOrg(o);
      const k = a.addKey(key(o.id));
      await harness.sync();
      await b.findKey(k.id);
      await harness.reset(a);
      await harness.sync();
      for (const state of [a, b]) {
        expect(state.getOrg(o.id)).toBeUndefined();
        expect(state.listOrgs()).toEqual([]);
        expect(state.getKey(k.id)).toBeUndefined();
        expect(await state.findKeyByHash(hex(k))).toBeUndefined();
        expect(await state.findKey(k.id)).toBeUndefined();
      }
      // And the state works after it.
      const again = org();
      b.addOrg(again);
      const k2 = b.addKey(key(again.id));
      await harness.sync();
      expect(await a.findKeyByHash(hex(k2))).toMatchObject({ id: k2.id });
      expect(a.getOrg(again.id)).toBeDefined();
    });

    it('an instance that joins late adopts the state as it is, revocations included, and resets nothing', async () => {
      const a = await harness.instance();
      const o = org();
      a.addOrg(o);
      a.updateOrg(o.id, { ragEntitled: true });
      const [k1, k2] = [a.addKey(key(o.id)), a.addKey(key(o.id))];
      a.revokeKey(k2.id, '2030-01-01T00:00:01.000Z', 'compromised');
      await harness.sync();

      const late = await harness.instance();
      expect(late.getOrg(o.id)).toMatchObject({ id: o.id, ragEntitled: true });
      expect(late.listKeys(o.id).map((k) => k.id)).toEqual([k1.id, k2.id]);
      expect(late.getKey(k2.id)).toMatchObject({
        revokedAt: '2030-01-01T00:00:01.000Z',
        revokedReason: 'compromised',
      });
      expect(late.findKeyByHash(hex(k1))).not.toBeInstanceOf(Promise);
      await harness.sync();
      expect(a.getOrg(o.id)).toBeDefined();
      expect(await a.findKeyByHash(hex(k1))).toMatchObject({ id: k1.id });
    });
  });

  describe('per organization', () => {
    it('lists the organizations and exports one as stored: keys oldest first, hashed, with revocations; the same on every instance', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      await harness.reset(a);
      await harness.sync();
      const [A, B] = [org(), org(unique('org'), '2030-01-02T00:00:00.000Z')];
      a.addOrg(A);
      a.updateOrg(A.id, { name: 'Acme', ragEntitled: true });
      const k1 = key(A.id);
      const k2 = { ...key(A.id), name: 'ci', scopes: ['tts:speak', 'rag:query'] } satisfies ApiKeyRecord;
      a.addKey(k1);
      await harness.sync();
      b.addKey(k2);
      b.revokeKey(k2.id, '2030-01-01T00:00:05.000Z', 'compromised');
      b.addOrg(B);
      const kb = b.addKey(key(B.id));
      await harness.sync();
      // Opened after the writes: it exports the same as the others.
      const late = await harness.instance();
      const expectedA = {
        org: { id: A.id, name: 'Acme', ragEntitled: true, createdAt: '2030-01-01T00:00:00.000Z' },
        keys: [exported(k1), exported(k2, { at: '2030-01-01T00:00:05.000Z', reason: 'compromised' })],
      };
      for (const state of [a, b, late]) {
        expect(await orgIds(state)).toEqual([A.id, B.id].sort());
        const exportA = await state.perOrg.export(A.id);
        expect(exportA).toEqual(expectedA);
        // Plain JSON data: nothing lost or changed by a round trip (no Buffer, Date or undefined).
        expect(JSON.parse(JSON.stringify(exportA))).toStrictEqual(exportA);
        expect(JSON.stringify(exportA)).not.toContain(B.id);
        expect(await state.perOrg.export(B.id)).toEqual({
          org: { id: B.id, name: `name of ${B.id}`, ragEntitled: false, createdAt: B.createdAt },
          keys: [exported(kb)],
        });
        expect(await state.perOrg.export(unique('org_none'))).toBeUndefined();
      }
    });

    it('resetting one organization through one instance removes it and its keys for every instance, and nothing of another', async () => {
      const [a, b, c] = [await harness.instance(), await harness.instance(), await harness.instance()];
      const [A, B] = [org(), org()];
      a.addOrg(A);
      b.addOrg(B);
      const [ka1, ka2] = [a.addKey(key(A.id)), a.addKey(key(A.id))];
      const kb = b.addKey(key(B.id));
      a.revokeKey(ka2.id, '2030-01-01T00:00:01.000Z', 'revoked');
      await harness.sync();
      // Each instance has A's keys at hand (authentication reads them there).
      for (const state of [a, b, c]) expect(state.findKeyByHash(hex(ka1))).toMatchObject({ id: ka1.id });
      const removed = new Promise<OrgEvent>((resolve) =>
        c.onEvent((e) => e.type === 'org.removed' && e.orgId === A.id && resolve(e)),
      );
      const idsBefore = await orgIds(b);
      const exportB = await b.perOrg.export(B.id);
      expect(idsBefore).toEqual(expect.arrayContaining([A.id, B.id]));

      await a.perOrg.reset(A.id);
      await harness.sync();
      expect(await removed).toEqual({ type: 'org.removed', orgId: A.id, keyIds: [ka1.id, ka2.id] });
      for (const state of [a, b, c]) {
        expect(await orgIds(state)).toEqual(idsBefore.filter((id) => id !== A.id));
        expect(await state.perOrg.export(A.id)).toBeUndefined();
        expect(state.getOrg(A.id)).toBeUndefined();
        expect(state.listOrgs().map((o) => o.id)).not.toContain(A.id);
        expect(state.listKeys(A.id)).toEqual([]);
        for (const k of [ka1, ka2]) {
          expect(state.getKey(k.id)).toBeUndefined();
          expect(await state.findKeyByHash(hex(k))).toBeUndefined();
          expect(await state.findKey(k.id)).toBeUndefined();
        }
        expect(await state.perOrg.export(B.id)).toEqual(exportB);
        expect(await state.findKeyByHash(hex(kb))).toMatchObject({ id: kb.id, orgId: B.id });
      }
      // A removed key is not found by an instance that meets it for the first time either.
      const late = await harness.instance();
      expect(await late.findKeyByHash(hex(ka1))).toBeUndefined();
      // Nothing to remove is no error.
      await b.perOrg.reset(A.id);

      // The organization can be made again, and works.
      b.addOrg(org(A.id, '2030-01-03T00:00:00.000Z'));
      const again = b.addKey(key(A.id));
      await harness.sync();
      for (const state of [a, c]) {
        expect(await state.findKeyByHash(hex(again))).toMatchObject({ id: again.id, orgId: A.id });
        expect(state.listKeys(A.id).map((k) => k.id)).toEqual([again.id]);
        expect(await state.findKeyByHash(hex(ka1))).toBeUndefined();
        expect(await state.perOrg.export(A.id)).toEqual({
          org: {
            id: A.id,
            name: `name of ${A.id}`,
            ragEntitled: false,
            createdAt: '2030-01-03T00:00:00.000Z',
          },
          keys: [exported(again)],
        });
      }
    });

    it('an organization removed and made again at once through one instance is there again, on every instance', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      const A = org();
      a.addOrg(A);
      const old = a.addKey(key(A.id));
      await harness.sync();
      await a.perOrg.reset(A.id);
      a.addOrg(org(A.id, '2030-01-04T00:00:00.000Z'));
      const fresh = a.addKey(key(A.id));
      await harness.sync();
      for (const state of [a, b]) {
        expect(state.getOrg(A.id)).toMatchObject({ createdAt: '2030-01-04T00:00:00.000Z' });
        expect(state.listKeys(A.id).map((k) => k.id)).toEqual([fresh.id]);
        expect(await state.findKeyByHash(hex(fresh))).toMatchObject({ id: fresh.id, orgId: A.id });
        expect(await state.findKeyByHash(hex(old))).toBeUndefined();
        expect(await state.perOrg.export(A.id)).toMatchObject({ keys: [exported(fresh)] });
      }
    });

    it('writes racing a reset of one organization: the other intact, the reset one fully gone, on every instance', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      const [A, B] = [org(), org()];
      a.addOrg(A);
      a.addOrg(B);
      const [ka, kb] = [a.addKey(key(A.id)), a.addKey(key(B.id))];
      await harness.sync();
      // Through b, writes for both organizations, while a removes A (with Redis, either lands first).
      const kaLate = b.addKey(key(A.id));
      b.revokeKey(ka.id, '2030-01-01T00:00:01.000Z', 'raced');
      b.updateOrg(A.id, { name: 'raced' });
      const kbLate = b.addKey(key(B.id));
      b.revokeKey(kb.id, '2030-01-01T00:00:02.000Z', 'kept');
      await Promise.all([a.perOrg.reset(A.id), harness.sync()]);
      await harness.sync();
      const late = await harness.instance();
      for (const state of [a, b, late]) {
        expect(await state.perOrg.export(B.id)).toEqual({
          org: { id: B.id, name: `name of ${B.id}`, ragEntitled: false, createdAt: B.createdAt },
          keys: [exported(kb, { at: '2030-01-01T00:00:02.000Z', reason: 'kept' }), exported(kbLate)],
        });
        // A write for A needs A there: landed before the reset it went with it, after it it was refused.
        expect(await orgIds(state)).not.toContain(A.id);
        expect(await state.perOrg.export(A.id)).toBeUndefined();
        expect(state.getOrg(A.id)).toBeUndefined();
        for (const k of [ka, kaLate]) {
          expect(await state.findKeyByHash(hex(k))).toBeUndefined();
          expect(await state.findKey(k.id)).toBeUndefined();
        }
      }
    });
  });
}
