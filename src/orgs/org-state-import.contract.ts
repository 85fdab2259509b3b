/**
 * The snapshot part of OrgState's contract (issue 25): what `perOrg.export` gave, put back by `perOrg.import`
 * after the organization was reset, exports the same and reads the same on every instance; `perOrg.check`
 * refuses what the schema cannot; every export validates against `StateOrgOrgs` (openapi/admin.yaml). Run
 * from org-state.contract.ts, so against memory and Redis alike.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stateSectionValidator } from '../../test/support/state-schema.js';
import type { OrgStateHarness } from './org-state.contract.js';
import type { ApiKeyRecord, OrgEvent, OrgExport, OrgState, Organization } from './org-state.js';

let seq = 0;
/** Ids of the real shape (`org_…`, `key_…`: base62), unique across runs on one Redis. */
const unique = (prefix: string) =>
  `${prefix}_${process.pid.toString(36)}${Date.now().toString(36)}x${(seq++).toString(36)}`;

function org(createdAt: string): Organization {
  const id = unique('org');
  return { id, name: `name of ${id}`, ragEntitled: false, createdAt };
}

function key(orgId: string, environment: 'live' | 'test' = 'test'): ApiKeyRecord {
  const id = unique('key');
  return {
    id,
    orgId,
    environment,
    scopes: ['tts:speak'],
    display: `svc_${environment}_…${id.slice(-4).padStart(4, 'Z')}`,
    hash: createHash('sha256').update(`secret of ${id}`).digest(),
    name: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    revokedAt: null,
    revokedReason: null,
  };
}

const hex = (k: ApiKeyRecord) => k.hash.toString('hex');
const validate = stateSectionValidator('StateOrgOrgs');

export function orgImportContract(harness: OrgStateHarness): void {
  describe('snapshots: import', () => {
    /** Organization A with a renamed organization, three keys (one revoked), between two others. */
    async function build(state: OrgState) {
      const before = org('2030-01-01T00:00:00.000Z');
      const A = org('2030-01-02T00:00:00.000Z');
      const after = org('2030-01-03T00:00:00.000Z');
      for (const o of [before, A, after]) state.addOrg(o);
      state.updateOrg(A.id, { name: 'Acme', ragEntitled: true });
      const keys = [key(A.id, 'live'), { ...key(A.id), name: 'ci' }, key(A.id)];
      for (const k of keys) state.addKey(k);
      state.revokeKey(keys[1].id, '2030-01-02T00:00:05.000Z', 'compromised');
      await harness.sync();
      return { A, keys, order: [before.id, A.id, after.id] };
    }

    it('puts back what export gave: the same export, keys authenticate, a revoked key stays revoked, on every instance, telling no listener', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      const { A, keys, order } = await build(a);
      const exported = (await a.perOrg.export(A.id))!;
      expect(validate(exported)).toEqual([]);
      const data = JSON.parse(JSON.stringify(exported)) as OrgExport;

      await a.perOrg.reset(A.id);
      await harness.sync();
      const heard: OrgEvent[] = [];
      for (const s of [a, b]) s.onEvent((e) => heard.push(e));
      expect(a.perOrg.check!(A.id, data)).toBeNull();
      await a.perOrg.import(A.id, data);
      await harness.sync();
      // The import is no creation: no RAG tenant is provisioned again, no socket closes.
      expect(heard).toEqual([]);

      const late = await harness.instance();
      for (const state of [a, b, late]) {
        expect(await state.perOrg.export(A.id)).toEqual(exported);
        expect([...(await state.perOrg.ids())]).toContain(A.id);
        expect(state.getOrg(A.id)).toMatchObject({ name: 'Acme', ragEntitled: true });
        // Oldest first, as before the reset.
        const listed = state.listOrgs().map((o) => o.id);
        expect(listed.filter((id) => order.includes(id))).toEqual(order);
        expect(state.listKeys(A.id).map((k) => k.id)).toEqual(keys.map((k) => k.id));
        expect(await state.findKeyByHash(hex(keys[0]))).toMatchObject({ id: keys[0].id, orgId: A.id });
        expect(await state.findKey(keys[2].id)).toMatchObject({ revokedAt: null });
        expect(await state.findKeyByHash(hex(keys[1]))).toMatchObject({
          revokedAt: '2030-01-02T00:00:05.000Z',
          revokedReason: 'compromised',
        });
      }
      // And it lives on: a revocation through another instance reaches the importing one.
      b.revokeKey(keys[0].id, '2030-01-02T00:00:06.000Z', 'revoked');
      await harness.sync();
      expect(a.getKey(keys[0].id)).toMatchObject({ revokedReason: 'revoked' });
    });

    it('an organization with no keys round-trips too', async () => {
      const state = await harness.instance();
      const A = org('2030-01-05T00:00:00.000Z');
      state.addOrg(A);
      await harness.sync();
      const exported = (await state.perOrg.export(A.id))!;
      expect(validate(exported)).toEqual([]);
      await state.perOrg.reset(A.id);
      await state.perOrg.import(A.id, exported);
      await harness.sync();
      expect(await (await harness.instance()).perOrg.export(A.id)).toEqual(exported);
    });

    describe('check', () => {
      const section = (orgId: string): OrgExport => {
        const k = key(orgId);
        return {
          org: { id: orgId, name: 'x', ragEntitled: false, createdAt: '2030-01-01T00:00:00.000Z' },
          keys: [{ ...k, hash: hex(k) }],
        };
      };
      const checked = async (mutate: (s: OrgExport) => void) => {
        const s = section('org_checked');
        mutate(s);
        // What check refuses, the schema accepts: the two together decide.
        expect(validate(s)).toEqual([]);
        return (await harness.instance()).perOrg.check!('org_checked', s);
      };

      it('accepts a section that is the organization’s own', async () => {
        expect(await checked(() => {})).toBeNull();
      });
      it('refuses an organization of another id', async () => {
        expect(await checked((s) => (s.org.id = 'org_other'))).toMatchObject({ path: '/org/id' });
      });
      it('refuses a key under another organization', async () => {
        expect(await checked((s) => (s.keys[0].orgId = 'org_other'))).toMatchObject({
          path: '/keys/0/orgId',
        });
      });
      it('refuses a key id or a hash twice', async () => {
        expect(await checked((s) => s.keys.push({ ...s.keys[0], hash: 'ab'.repeat(32) }))).toMatchObject({
          path: '/keys/1/id',
        });
        expect(await checked((s) => s.keys.push({ ...s.keys[0], id: 'key_second' }))).toMatchObject({
          path: '/keys/1/hash',
        });
      });
      it('refuses half a revocation', async () => {
        expect(await checked((s) => (s.keys[0].revokedAt = '2030-01-01T00:00:00.000Z'))).toMatchObject({
          path: '/keys/0/revokedReason',
        });
      });
    });

    it('the schema refuses ids, hashes and displays of the wrong shape, and unknown fields', () => {
      const k = key('org_schema');
      const good: OrgExport = {
        org: { id: 'org_schema', name: 'x', ragEntitled: false, createdAt: '2030-01-01T00:00:00.000Z' },
        keys: [{ ...k, hash: hex(k) }],
      };
      expect(validate(good)).toEqual([]);
      const bad = (mutate: (s: Record<string, any>) => void) => {
        const s = JSON.parse(JSON.stringify(good)) as Record<string, any>;
        mutate(s);
        return validate(s).join('; ');
      };
      expect(bad((s) => (s.org.id = 'acme'))).toMatch(/^\/org\/id must match pattern/);
      expect(bad((s) => (s.keys[0].id = 'key-1'))).toMatch(/^\/keys\/0\/id must match pattern/);
      expect(bad((s) => (s.keys[0].hash = 'AB'.repeat(32)))).toMatch(/^\/keys\/0\/hash must match pattern/);
      expect(bad((s) => (s.keys[0].display = 'svc_live_abcdefgh'))).toMatch(/^\/keys\/0\/display/);
      expect(bad((s) => (s.keys[0].secret = 'svc_live_x'))).toMatch(/additional properties \(secret\)/);
      expect(bad((s) => (s.keys[0].createdAt = 'yesterday'))).toMatch(
        /^\/keys\/0\/created_at must match format/,
      );
    });
  });
}
