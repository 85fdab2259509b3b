/**
 * Issue 24, test clocks: a fault rule of one organization (`match.org_id`) lives on that organization's clock:
 * its `ttl_seconds` expiry and its `active_from`/`active_until` window are that clock's time. A rule of no
 * organization keeps the emulator's clock. Memory, and Redis (rule added through A, requests through B).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/app/emulator.js';
import { bearer } from '../support/emulator.js';
import {
  advanceOrg,
  GLOBAL_START,
  globalNow,
  orgWithKeys,
  ownClock,
  storeCases,
  type Instances,
  type OrgWithKeys,
} from '../support/org-clocks.js';
import { expectProblem } from '../support/problem.js';

const OWN_START = '2030-01-01T00:00:00.000Z';
const at = (iso: string, plusMs: number) => new Date(Date.parse(iso) + plusMs).toISOString();

function mint(on: Emulator, org: OrgWithKeys) {
  return request(on.app)
    .post('/v1/auth/ws-token')
    .set('Authorization', bearer(org.live.key))
    .send({ scopes: ['tts:speak'] });
}

describe.each(storeCases())('fault rule windows on the organization clock, %s', (_name, start) => {
  let on: Instances;
  let own: OrgWithKeys;
  let other: OrgWithKeys;

  const addFault = async (body: object): Promise<{ id: string; expires_at: string | null }> => {
    const res = await request(on.a.app).post('/_emulator/faults').send(body);
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; expires_at: string | null };
  };
  const listed = async (e: Emulator) =>
    ((await request(e.app).get('/_emulator/faults')).body.faults as { id: string }[]).map((r) => r.id);

  beforeAll(async () => {
    on = await start({ seed: 'org-clock-faults' });
    own = await orgWithKeys(on.a, 'Own clock', ['tts:speak']);
    other = await orgWithKeys(on.a, 'Global clock', ['tts:speak']);
    await ownClock(on, own.id, OWN_START);
  }, 60_000);
  afterAll(() => on.stop());

  it("honours an organization rule's active window in its clock's time", async () => {
    const rule = await addFault({
      kind: 'error',
      status: 502,
      code: 'upstream_error',
      match: { org_id: own.id, operation: 'auth.createWsToken' },
      active_from: at(OWN_START, 10_000),
      active_until: at(OWN_START, 20_000),
    });
    await on.a.store.settled();
    expect((await mint(on.b, own)).status).toBe(201);
    await advanceOrg(on, own.id, 10_000);
    expect(expectProblem(await mint(on.b, own), 502, 'upstream_error').detail).toContain(rule.id);
    await advanceOrg(on, own.id, 10_000);
    expect((await mint(on.b, own)).status).toBe(201);
    expect(await globalNow(on.a)).toBe(GLOBAL_START);
    expect((await request(on.a.app).delete(`/_emulator/faults/${rule.id}`)).status).toBe(204);
  });

  it("expires an organization rule after ttl_seconds of its clock; a global rule's ttl runs on the emulator clock", async () => {
    const ownNow = on.a.part('clocks').for(own.id).isoNow();
    const ownRule = await addFault({
      kind: 'error',
      status: 502,
      code: 'upstream_error',
      ttl_seconds: 30,
      match: { org_id: own.id, operation: 'auth.createWsToken' },
    });
    expect(ownRule.expires_at).toBe(at(ownNow, 30_000));
    const globalRule = await addFault({
      kind: 'error',
      status: 502,
      ttl_seconds: 30,
      match: { org_id: other.id, operation: 'rag.search' },
    });
    expect(globalRule.expires_at).toBe(at(GLOBAL_START, 30_000));
    await on.a.store.settled();
    expect(expectProblem(await mint(on.b, own), 502, 'upstream_error').detail).toContain(ownRule.id);

    await advanceOrg(on, own.id, 30_000);
    expect((await mint(on.b, own)).status).toBe(201);
    for (const e of new Set([on.a, on.b])) {
      const ids = await listed(e);
      expect(ids).not.toContain(ownRule.id);
      // The emulator clock did not move: the other organization's rule is still there.
      expect(ids).toContain(globalRule.id);
    }
  });
});
