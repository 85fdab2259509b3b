/**
 * Readiness a CI can wait on (issue 14): boot state in health, `?ready=1` answering 503 until boot work is
 * done, and the demo credentials at `GET /_emulator/demo`.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { BootState } from '../../src/area/area.js';
import { startEmulator } from '../../src/app/library.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

let t: TestEmulator | undefined;
afterEach(async () => {
  await t?.emulator.close();
  t = undefined;
});

describe('health reports boot work', () => {
  it('?ready=1 answers 503 emulator_not_ready naming the pending work while an area is still booting, then 200 with ready: true', async () => {
    t = await buildEmulator({ demoCorpus: false });
    // An area whose boot work the test controls, plugged in the way product areas are.
    let state: BootState = 'indexing';
    t.emulator.register({ name: 'slow-area', bootState: () => ({ slow_work: state }) });

    const probe = await request(t.app).get('/_emulator/health?ready=1');
    expectProblem(probe, 503, 'emulator_not_ready');
    expect(probe.body.detail).toContain('slow_work is indexing');
    expect(probe.body.detail).not.toContain('demo_corpus');
    // Without ?ready=1 health stays a liveness check.
    const live = await request(t.app).get('/_emulator/health');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({
      status: 'ok',
      ready: false,
      boot: { slow_work: 'indexing', demo_corpus: 'disabled' },
    });

    state = 'ready';
    const ready = await request(t.app).get('/_emulator/health?ready=1');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', ready: true, boot: { slow_work: 'ready' } });
  });

  it('a failed boot step keeps ?ready=1 at 503', async () => {
    t = await buildEmulator({ demoCorpus: false });
    t.emulator.register({ name: 'broken-area', bootState: () => ({ broken_work: 'failed' }) });
    const probe = await request(t.app).get('/_emulator/health?ready=true');
    expectProblem(probe, 503, 'emulator_not_ready');
    expect(probe.body.detail).toContain('broken_work is failed');
  });

  it('the demo corpus is reported as indexing or ready, and ready once emulator.ready() resolves', async () => {
    t = await buildEmulator();
    const first = await request(t.app).get('/_emulator/health');
    expect(['indexing', 'ready']).toContain(first.body.boot.demo_corpus);
    await t.emulator.ready();
    const after = await request(t.app).get('/_emulator/health?ready=1');
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ ready: true, boot: { demo_corpus: 'ready' } });
  });
});

describe('GET /_emulator/demo', () => {
  it('returns the demo org id and the full keys, which authenticate', async () => {
    t = await buildEmulator({ demoCorpus: false });
    const res = await request(t.app).get('/_emulator/demo');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      org_id: t.orgId,
      base_url: null,
      admin_url: null,
      keys: t.keys,
      key_ids: t.keyIds,
    });
    const tts = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', `Bearer ${res.body.keys.test}`)
      .send({ scopes: ['tts:speak'] });
    expect(tts.status).toBe(201);
  });

  it('is behind the admin token when one is set (health stays open)', async () => {
    t = await buildEmulator({ demoCorpus: false, adminToken: 'a-long-admin-token' });
    const denied = await request(t.app).get('/_emulator/demo');
    expect(denied.status).toBe(401);
    expect(denied.headers['content-type']).toMatch(/problem\+json/);
    const allowed = await request(t.app).get('/_emulator/demo').set('X-Admin-Token', 'a-long-admin-token');
    expect(allowed.status).toBe(200);
    expect(allowed.body.keys.live).toBe(t.keys.live);
    expect((await request(t.app).get('/_emulator/health?ready=1')).status).toBe(200);
  });
});

describe('the admin client', () => {
  it('reads the demo credentials with their URLs and registers a scenario', async () => {
    const emu = await startEmulator({ port: 0, seed: 'ci-client', demoCorpus: false, logLevel: 'silent' });
    try {
      const demo = await emu.admin.demo();
      expect(demo).toMatchObject({
        org_id: emu.orgId,
        base_url: emu.baseUrl,
        admin_url: emu.adminUrl,
        keys: emu.keys,
      });
      const created = await emu.admin.scenarios.create({
        name: 'client-made',
        description: 'nothing much',
        steps: [{ method: 'GET', path: '/health' }],
      });
      expect(created.name).toBe('client-made');
      expect((await emu.admin.scenarios.apply('client-made')).steps).toHaveLength(1);
    } finally {
      await emu.close();
    }
  });
});
