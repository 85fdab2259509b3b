/**
 * One organization's state, listed, exported and reset through every area's unit at once (issue 23 item 2:
 * StateUnits over each unit's `perOrg`), with the memory store and with Redis (two instances: the reset goes
 * through one and the other must see it). Organizations A and B get the same kinds of state through the public
 * surface; resetting A empties every unit's part for A and leaves B's export exactly as it was.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { bearer, createKey } from '../support/emulator.js';
import { startRedis, type TestRedis } from '../support/redis.js';

interface Org {
  id: string;
  live: string;
  liveId: string;
}

async function orgWithState(emulator: Emulator, name: string): Promise<Org> {
  const app = emulator.app;
  const created = await request(app).post('/_emulator/orgs').send({ name, credits: 500 });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const live = await createKey(app, id, { scopes: ['tts:speak', 'stt:transcribe', 'rag:query'] });
  // Billing and the journal: a billed clip.
  const clip = await request(app)
    .post('/v1/tts')
    .set('Authorization', bearer(live.key))
    .set('Accept', 'audio/wav')
    .send({ text: `مرحبا ${name}`, voice: 'ar-SA-noura' });
  expect(clip.status).toBe(200);
  // A ws-token, a webhook endpoint (never called: no event is sent to it here), a fault rule for the
  // organization and a rate-limit override on its key.
  expect(
    (
      await request(app)
        .post('/v1/auth/ws-token')
        .set('Authorization', bearer(live.key))
        .send({ scopes: ['tts:speak'] })
    ).status,
  ).toBe(201);
  expect(
    (
      await request(app)
        .post(`/_emulator/orgs/${id}/webhook-endpoints`)
        .send({ url: 'http://127.0.0.1:9/hooks', events: ['invoice.finalized'] })
    ).status,
  ).toBe(201);
  expect(
    (
      await request(app)
        .post('/_emulator/faults')
        .send({ kind: 'error', status: 503, match: { org_id: id, operation: 'rag.search' } })
    ).status,
  ).toBe(201);
  expect(
    (await request(app).put(`/_emulator/keys/${live.id}/rate-limit`).send({ limit: 50, window_seconds: 60 }))
      .status,
  ).toBe(200);
  await emulator.store.settled();
  return { id, live: live.key, liveId: live.id };
}

function perOrgSuite(
  name: string,
  start: () => Promise<{ a: Emulator; b: Emulator; stop(): Promise<void> }>,
) {
  describe(name, () => {
    let a: Emulator;
    let b: Emulator;
    let running: { a: Emulator; b: Emulator; stop(): Promise<void> };
    let orgA: Org;
    let orgB: Org;

    beforeAll(async () => {
      running = await start();
      ({ a, b } = running);
      orgA = await orgWithState(a, 'Alpha');
      orgB = await orgWithState(b, 'Beta');
    }, 60_000);
    afterAll(() => running.stop());

    it('every unit that keeps state per organization lists and exports both, each its own', async () => {
      const units = a.state
        .list()
        .filter((u) => u.perOrg)
        .map((u) => u.name);
      expect(units.length).toBeGreaterThan(5);
      const ids = await a.state.orgIds();
      expect(ids).toEqual(expect.arrayContaining([orgA.id, orgB.id]));
      const exportA = await a.state.exportOrg(orgA.id);
      for (const section of ['orgs', 'billing', 'journal', 'webhook_endpoints', 'faults'])
        expect(Object.keys(exportA)).toContain(section);
      expect(JSON.stringify(exportA)).not.toContain(orgB.id);
      expect(JSON.stringify(exportA)).not.toContain(orgA.live);
      // Another instance exports the same (with Redis, what is in Redis).
      expect(await b.state.exportOrg(orgA.id)).toEqual(exportA);
    });

    it("resetting A removes A from every unit for every instance and leaves B's state as it was", async () => {
      const beforeB = await b.state.exportOrg(orgB.id);
      await a.state.resetOrg(orgA.id);
      await a.store.settled();
      for (const on of [a, b]) {
        expect(await on.state.exportOrg(orgA.id)).toEqual({});
        expect(await on.state.orgIds()).not.toContain(orgA.id);
        expect(await on.state.exportOrg(orgB.id)).toEqual(beforeB);
      }
      // A's key is gone everywhere; B's works on both instances.
      for (const on of [a, b]) {
        const refused = await request(on.app)
          .post('/v1/auth/ws-token')
          .set('Authorization', bearer(orgA.live))
          .send({ scopes: ['tts:speak'] });
        expect(refused.status).toBe(401);
        const served = await request(on.app)
          .post('/v1/auth/ws-token')
          .set('Authorization', bearer(orgB.live))
          .send({ scopes: ['tts:speak'] });
        expect(served.status).toBe(201);
      }
    });
  });
}

perOrgSuite('memory store', async () => {
  const emulator = await createEmulator({ seed: 'per-org', logLevel: 'silent' });
  return { a: emulator, b: emulator, stop: () => emulator.close() };
});

let redis: TestRedis | undefined;
perOrgSuite('Redis store, two instances', async () => {
  redis = await startRedis();
  const options = { seed: 'per-org', logLevel: 'silent' as const, store: redis.url };
  const a = await createEmulator({ ...options, instanceId: 'per-org-a' });
  const b = await createEmulator({ ...options, instanceId: 'per-org-b' });
  return {
    a,
    b,
    stop: async () => {
      await a.close();
      await b.close();
      await redis?.stop();
    },
  };
});
