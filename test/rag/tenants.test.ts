/** RAG tenant lifecycle over clock time: entitlement, provisioning, idle and resume, admin forcing. */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createKey, createOrg } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { buildRagEmulator, putTenant, search, type RagTest } from './helpers.js';

let t: RagTest;
afterEach(async () => t.emulator.close());

async function newOrg(entitled: boolean): Promise<{ orgId: string; key: string }> {
  const org = await createOrg(t.app, { name: 'Tenant Co', rag_entitled: entitled });
  const key = await createKey(t.app, org.id, { scopes: ['rag:query'] });
  return { orgId: org.id, key: key.key };
}

describe('RAG entitlement', () => {
  it('answers 403 rag_not_entitled on every RAG endpoint without the entitlement, before reading the body', async () => {
    t = await buildRagEmulator();
    const { key } = await newOrg(false);
    const auth = { Authorization: `Bearer ${key}` };
    expectProblem(await search(t, key, { query: 'x' }), 403, 'rag_not_entitled');
    expectProblem(await search(t, key, { top_k: 1000 }), 403, 'rag_not_entitled');
    expectProblem(await request(t.app).get('/v1/rag/documents').set(auth), 403, 'rag_not_entitled');
    expectProblem(await request(t.app).get('/v1/rag/documents/doc_x').set(auth), 403, 'rag_not_entitled');
    expectProblem(await request(t.app).delete('/v1/rag/documents/doc_x').set(auth), 403, 'rag_not_entitled');
    expectProblem(await request(t.app).get('/v1/rag/jobs/ragjob_x').set(auth), 403, 'rag_not_entitled');
    expectProblem(
      await request(t.app)
        .post('/v1/rag/documents')
        .set(auth)
        .attach('file', Buffer.from('hello'), 'a.txt')
        .field('title', 'a'),
      403,
      'rag_not_entitled',
    );
    const admin = await request(t.app).get(`/_emulator/orgs/${(await createOrg(t.app)).id}/rag`);
    expect(admin.body).toMatchObject({ rag_entitled: false, tenant: null });
  });

  it('revoking the entitlement answers 403 again and keeps the data; granting again resumes the tenant', async () => {
    t = await buildRagEmulator();
    await request(t.app).patch(`/_emulator/orgs/${t.orgId}`).send({ rag_entitled: false }).expect(200);
    expectProblem(await search(t, t.keys.live, { query: 'إجازة' }), 403, 'rag_not_entitled');
    await request(t.app).patch(`/_emulator/orgs/${t.orgId}`).send({ rag_entitled: true }).expect(200);
    const res = expectProblem(await search(t, t.keys.live, { query: 'إجازة' }), 409, 'rag_provisioning');
    expect(res.detail).toContain('resuming');
    await t.clock.advance(10_000);
    const ok = await search(t, t.keys.live, { query: 'إجازة' }).expect(200);
    expect((ok.body as { results: unknown[] }).results.length).toBeGreaterThan(0);
  });
});

describe('RAG tenant provisioning', () => {
  it('goes not_provisioned (5 s) → provisioning (20 s) → ready after the grant, with Retry-After to the next state', async () => {
    t = await buildRagEmulator();
    const { orgId, key } = await newOrg(false);
    await request(t.app).patch(`/_emulator/orgs/${orgId}`).send({ rag_entitled: true }).expect(200);

    let res = await search(t, key, { query: 'hello' });
    expectProblem(res, 409, 'rag_not_provisioned');
    expect(res.headers['retry-after']).toBe('5');
    await t.clock.advance(3_000);
    res = await search(t, key, { query: 'hello' });
    expectProblem(res, 409, 'rag_not_provisioned');
    expect(res.headers['retry-after']).toBe('2');

    await t.clock.advance(2_000);
    res = await search(t, key, { query: 'hello' });
    expectProblem(res, 409, 'rag_provisioning');
    expect(res.headers['retry-after']).toBe('20');
    await t.clock.advance(19_500);
    res = await search(t, key, { query: 'hello' });
    expectProblem(res, 409, 'rag_provisioning');
    expect(res.headers['retry-after']).toBe('1');

    await t.clock.advance(500);
    res = await search(t, key, { query: 'hello' }).expect(200);
    expect(res.body).toMatchObject({ mode: 'retrieve', results: [] });
    // 409 answers are never billed; the successful query is.
    const entries = await t.emulator.part('metering').entries({ orgId, product: 'rag_search' });
    expect(entries).toHaveLength(1);
  });

  it('a tenant created already entitled (POST /_emulator/orgs) provisions too; the admin view shows the schedule', async () => {
    t = await buildRagEmulator();
    const { orgId } = await newOrg(true);
    const view = await request(t.app).get(`/_emulator/orgs/${orgId}/rag`).expect(200);
    expect(view.body).toMatchObject({
      rag_entitled: true,
      tenant: {
        state: 'not_provisioned',
        next_state: 'provisioning',
        next_state_at: '2025-03-01T09:00:05.000Z',
        durations: {
          not_provisioned_seconds: 5,
          provisioning_seconds: 20,
          idle_after_seconds: 900,
          resume_seconds: 10,
        },
      },
    });
    await t.clock.advance(25_000);
    const ready = await request(t.app).get(`/_emulator/orgs/${orgId}/rag`).expect(200);
    expect(ready.body.tenant).toMatchObject({
      state: 'ready',
      next_state: 'idle',
      next_state_at: '2025-03-01T09:15:25.000Z',
    });
  });

  it('durations come from the rag config', async () => {
    t = await buildRagEmulator({ rag: { notProvisionedSeconds: 1, provisioningSeconds: 2 } });
    const { key } = await newOrg(true);
    expect((await search(t, key, { query: 'x' })).headers['retry-after']).toBe('1');
    await t.clock.advance(1_000);
    expect((await search(t, key, { query: 'x' })).headers['retry-after']).toBe('2');
    await t.clock.advance(2_000);
    await search(t, key, { query: 'x' }).expect(200);
  });
});

describe('RAG tenant idle and resume', () => {
  it('goes idle after 15 minutes without RAG calls; the next call answers 409 rag_provisioning while it resumes (10 s)', async () => {
    t = await buildRagEmulator();
    await search(t, t.keys.live, { query: 'VPN' }).expect(200);
    await t.clock.advance(14 * 60_000);
    // Activity pushes the idle time back.
    await search(t, t.keys.live, { query: 'VPN' }).expect(200);
    await t.clock.advance(14 * 60_000);
    await search(t, t.keys.live, { query: 'VPN' }).expect(200);

    await t.clock.advance(15 * 60_000);
    expect((await request(t.app).get(`/_emulator/orgs/${t.orgId}/rag`)).body.tenant.state).toBe('idle');
    const res = await search(t, t.keys.live, { query: 'VPN' });
    const problem = expectProblem(res, 409, 'rag_provisioning');
    expect(problem.detail).toContain('resuming from idle');
    expect(res.headers['retry-after']).toBe('10');
    const view = await request(t.app).get(`/_emulator/orgs/${t.orgId}/rag`);
    expect(view.body.tenant).toMatchObject({ state: 'provisioning', resuming: true, next_state: 'ready' });

    await t.clock.advance(4_000);
    expect((await search(t, t.keys.live, { query: 'VPN' })).headers['retry-after']).toBe('6');
    await t.clock.advance(6_000);
    const ok = await search(t, t.keys.live, { query: 'VPN' }).expect(200);
    expect((ok.body as { results: unknown[] }).results.length).toBeGreaterThan(0);
  });

  it('the idle time is configurable per organization', async () => {
    t = await buildRagEmulator();
    await putTenant(t, t.orgId, { idle_after_seconds: 60, resume_seconds: 3 });
    await t.clock.advance(61_000);
    const res = await search(t, t.keys.live, { query: 'VPN' });
    expectProblem(res, 409, 'rag_provisioning');
    expect(res.headers['retry-after']).toBe('3');
  });
});

describe('RAG admin forcing', () => {
  it('forces each state; the lifecycle continues from it unless held', async () => {
    t = await buildRagEmulator();
    let view = await putTenant(t, t.orgId, { state: 'not_provisioned' });
    expect(view.tenant).toMatchObject({ state: 'not_provisioned', hold: false });
    expectProblem(await search(t, t.keys.live, { query: 'x' }), 409, 'rag_not_provisioned');

    view = await putTenant(t, t.orgId, { state: 'provisioning', provisioning_seconds: 7 });
    expect(view.tenant).toMatchObject({ state: 'provisioning', next_state: 'ready' });
    expect((await search(t, t.keys.live, { query: 'x' })).headers['retry-after']).toBe('7');
    await t.clock.advance(7_000);
    await search(t, t.keys.live, { query: 'x' }).expect(200);

    view = await putTenant(t, t.orgId, { state: 'idle' });
    expect(view.tenant).toMatchObject({ state: 'idle', next_state: null });
    expectProblem(await search(t, t.keys.live, { query: 'x' }), 409, 'rag_provisioning');

    view = await putTenant(t, t.orgId, { state: 'ready' });
    expect(view.tenant.state).toBe('ready');
    await search(t, t.keys.live, { query: 'x' }).expect(200);
  });

  it('a held state stays until changed, and a held 409 still advertises Retry-After', async () => {
    t = await buildRagEmulator();
    await putTenant(t, t.orgId, { state: 'provisioning', hold: true });
    await t.clock.advance(3_600_000);
    const res = await search(t, t.keys.live, { query: 'x' });
    expectProblem(res, 409, 'rag_provisioning');
    expect(res.headers['retry-after']).toBe('20');
    await putTenant(t, t.orgId, { hold: false, state: 'ready' });
    await search(t, t.keys.live, { query: 'x' }).expect(200);
  });

  it('rejects an unknown state (422) and an unknown organization (404)', async () => {
    t = await buildRagEmulator();
    expectProblem(
      await request(t.app).put(`/_emulator/orgs/${t.orgId}/rag`).send({ state: 'sleeping' }),
      422,
      'validation_failed',
    );
    expectProblem(
      await request(t.app).put('/_emulator/orgs/org_nope/rag').send({ state: 'ready' }),
      404,
      'not_found',
    );
  });

  it('the demo tenant is ready at boot and after a reset', async () => {
    t = await buildRagEmulator();
    await putTenant(t, t.orgId, { state: 'not_provisioned', hold: true });
    await request(t.app).post('/_emulator/reset').expect(200);
    const view = await request(t.app).get(`/_emulator/orgs/${t.orgId}/rag`).expect(200);
    expect(view.body).toMatchObject({
      tenant: { state: 'ready', hold: false },
      documents: 61,
      pending_jobs: 0,
    });
  });
});
