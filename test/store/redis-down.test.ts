/**
 * What a client sees while the shared store is down (docs/scaling.md): /v1 answers 502 `upstream_error`
 * problem+json at once (no hang, nothing changed), admin changes to shared state the same, health still
 * answers and says `unreachable`; after Redis is back the instance serves again.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../support/redis.js';
import { buildEmulator, bearer, type TestEmulator } from '../support/emulator.js';

let redis: TestRedis;
let t: TestEmulator;

beforeAll(async () => {
  redis = await startRedis();
  t = await buildEmulator({ store: redis.url, instanceId: 'solo', demoCorpus: false, workers: 0 });
});
afterAll(async () => {
  await t?.emulator.close();
  await redis?.stop();
});

describe('Redis down during operation', () => {
  it('serves while Redis is up, then answers 502 upstream_error while it is down', async () => {
    const ok = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(t.keys.live))
      .send({ scopes: ['tts:speak'] });
    expect(ok.status).toBe(201);

    await redis.stop();
    const deadline = Date.now() + 10_000;
    while (t.emulator.store.status() === 'ok' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(t.emulator.store.status()).toBe('unreachable');

    const down = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(t.keys.live))
      .send({ scopes: ['tts:speak'] });
    expect(down.status).toBe(502);
    expect(down.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(down.body.code).toBe('upstream_error');
    expect(down.body.detail).toContain(`shared state store ${redis.url} is unreachable`);

    const keys = t.emulator.part('orgs').listKeys(t.orgId).length;
    const create = await request(t.app)
      .post(`/_emulator/orgs/${t.orgId}/keys`)
      .send({ environment: 'live', scopes: ['tts:speak'] });
    expect(create.status).toBe(502);
    expect(create.body.code).toBe('upstream_error');
    expect(t.emulator.part('orgs').listKeys(t.orgId)).toHaveLength(keys);

    // Fault rules are shared too: no change while the store is down, on any of the three changes.
    const rules = t.emulator.part('faults').list().length;
    const fault = await request(t.app).post('/_emulator/faults').send({ kind: 'error', status: 500 });
    expect(fault.status).toBe(502);
    expect(fault.body.code).toBe('upstream_error');
    expect((await request(t.app).delete('/_emulator/faults')).status).toBe(502);
    expect(t.emulator.part('faults').list()).toHaveLength(rules);

    const health = await request(t.app).get('/_emulator/health');
    expect(health.status).toBe(200);
    expect(health.body.store).toEqual({
      kind: 'redis',
      location: redis.url,
      status: 'unreachable',
      outbox: 0,
    });
    expect(health.body.instances.map((i: { id: string }) => i.id)).toEqual(['solo']);
  });

  it('serves again once Redis is back (the client reconnects on its own)', async () => {
    redis = await startRedis(redis.port);
    const deadline = Date.now() + 10_000;
    while (t.emulator.store.status() !== 'ok' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(t.emulator.store.status()).toBe('ok');
    const ok = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(t.keys.live))
      .send({ scopes: ['tts:speak'] });
    expect(ok.status).toBe(201);
  });
});
