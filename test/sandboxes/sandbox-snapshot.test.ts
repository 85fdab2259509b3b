/**
 * A sandbox in a snapshot (issue 25, docs/decisions.md SN-P5): its organization's `sandboxes` section holds its
 * record and its clock; loading it through one instance gives every instance the sandbox with its clock at the
 * saved time, and its reset afterwards brings back its own state (the same keys, from its seed).
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { storeCases, type Instances } from '../support/org-clocks.js';
import { sectionErrors } from '../support/state-section-schema.js';
import { createSandbox, type SandboxBody } from './helpers.js';

const START = '2031-02-03T04:05:06.000Z';

describe.each(storeCases())('a sandbox saved and loaded (%s)', (_name, start) => {
  let on: Instances | undefined;
  afterEach(async () => {
    await on?.stop();
    on = undefined;
  });

  const view = async (id: string) => {
    const res = await request(on!.b.app).get(`/_emulator/sandboxes/${id}`);
    expect(res.status, res.text).toBe(200);
    return res.body as SandboxBody;
  };

  it('comes back for every instance with its clock at the saved time, and its reset makes the same keys again', async () => {
    on = await start({ seed: 'sandbox-snapshot' });
    const s = await createSandbox(on.a.app, { clock: { mode: 'frozen', now: START } });
    await request(on.a.app)
      .post(`/_emulator/sandboxes/${s.id}/clock/advance`)
      .send({ seconds: 90 })
      .expect(200);
    const saved = (await on.a.state.exportOrg(s.org_id)).sandboxes as { sandbox: { seed?: string } };
    expect(saved).toMatchObject({
      sandbox: { id: s.id, org_id: s.org_id },
      clock: { mode: 'frozen', virtual: Date.parse(START) + 90_000 },
    });
    expect(sectionErrors('StateOrgSandboxes', saved)).toBeNull();
    // A whole export holds the sandbox once: with its organization, none in `shared`.
    expect((await on.a.state.export()).shared.sandboxes).toBeUndefined();

    // A whole reset removes the sandbox everywhere; the load (the sandboxes section alone) brings it back.
    await request(on.a.app).post('/_emulator/reset').expect(200);
    await request(on.b.app).get(`/_emulator/sandboxes/${s.id}`).expect(404);
    await on.a.state.importOrg(s.org_id, { sandboxes: JSON.parse(JSON.stringify(saved)) });
    await on.a.store.settled();
    await expect
      .poll(async () => (await request(on!.b.app).get(`/_emulator/sandboxes/${s.id}/clock`)).body.now)
      .toBe(new Date(Date.parse(START) + 90_000).toISOString());
    expect(await on.b.state.exportOrg(s.org_id)).toEqual({ sandboxes: saved });

    // Its reset rebuilds the organization from the record: the saved keys, its clock back at its start.
    const reset = await request(on.b.app).post(`/_emulator/sandboxes/${s.id}/reset`).send();
    expect(reset.status, reset.text).toBe(200);
    const after = await view(s.id);
    expect(after.keys.live.id).toBe(s.keys.live.id);
    expect(after.keys.test.id).toBe(s.keys.test.id);
    expect(after.clock?.now).toBe(START);
    const live = await request(on.a.app)
      .get('/v1/rag/documents')
      .set('Authorization', `Bearer ${s.keys.live.key}`);
    expect(live.status, live.text).not.toBe(401);
  });

  it('without secrets the seed is left out; loaded so, it is derived from the emulator seed and the id (the same keys with the same --seed)', async () => {
    on = await start({ seed: 'sandbox-snapshot' });
    const s = await createSandbox(on.a.app);
    const withSeed = (await on.a.state.exportOrg(s.org_id)).sandboxes as { sandbox: { seed?: string } };
    const without = (await on.a.state.exportOrg(s.org_id, { secrets: false })).sandboxes as {
      sandbox: { seed?: string };
      clock: null;
    };
    expect(without.sandbox.seed).toBeUndefined();
    expect(without.clock).toBeNull();
    expect(sectionErrors('StateOrgSandboxes', without)).toBeNull();

    await request(on.a.app).post('/_emulator/reset').expect(200);
    await on.b.state.importOrg(s.org_id, { sandboxes: without });
    await on.b.store.settled();
    expect((await on.a.state.exportOrg(s.org_id)).sandboxes).toEqual(withSeed);
    await request(on.a.app).post(`/_emulator/sandboxes/${s.id}/reset`).send().expect(200);
    expect((await view(s.id)).keys.live.id).toBe(s.keys.live.id);
  });
});
