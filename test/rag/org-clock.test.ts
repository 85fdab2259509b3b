/**
 * Issue 24 item 3, RAG on an organization's own clock (a sandbox's test clock): tenant provisioning, indexing
 * jobs and analyze follow THAT clock; the emulator's clock and the organizations on it do not move. An indexing
 * job whose organization was reset does nothing when its time comes.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/core/clock.js';
import { createKey, createOrg } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { buildRagEmulator, get, putTenant, search, upload, type RagTest } from './helpers.js';

const ORG_START = Date.parse('2031-06-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

let t: RagTest;
afterEach(async () => t.emulator.close());

/** An organization made through the admin API with a frozen clock of its own at ORG_START, and a live key. */
async function orgWithClock(name: string): Promise<{ orgId: string; key: string; clock: Clock }> {
  const org = await createOrg(t.app, { name });
  const key = await createKey(t.app, org.id, { scopes: ['rag:query'] });
  const clock = t.emulator.part('clocks').attach(org.id, `sandbox:${name}:clock`, {
    mode: 'frozen',
    timeScale: 1,
    at: ORG_START,
  });
  return { orgId: org.id, key: key.key, clock };
}

const globalNow = async () => (await request(t.app).get('/_emulator/clock')).body.now_ms as number;

describe("RAG on an organization's own clock", () => {
  it('tenant provisioning, idle and resume run on the organization clock: the global clock moving does nothing to them', async () => {
    t = await buildRagEmulator();
    const rag = t.emulator.config.rag;
    const a = await orgWithClock('rag-a');
    await request(t.app).patch(`/_emulator/orgs/${a.orgId}`).send({ rag_entitled: true }).expect(200);
    const tenant = (await request(t.app).get(`/_emulator/orgs/${a.orgId}/rag`)).body.tenant;
    expect(tenant).toMatchObject({ state: 'not_provisioned', since: iso(ORG_START) });

    const before = await globalNow();
    await t.clock.advance(3600_000);
    // An hour of the emulator's clock: the tenant is where its own clock left it, Retry-After counted on it.
    let res = await search(t, a.key, { query: 'x' });
    expectProblem(res, 409, 'rag_not_provisioned');
    expect(res.headers['retry-after']).toBe(String(rag.notProvisionedSeconds));
    await a.clock.advance(rag.notProvisionedSeconds * 1000);
    res = await search(t, a.key, { query: 'x' });
    expectProblem(res, 409, 'rag_provisioning');
    expect(res.headers['retry-after']).toBe(String(rag.provisioningSeconds));
    await a.clock.advance(rag.provisioningSeconds * 1000);
    await search(t, a.key, { query: 'x' }).expect(200);
    // Idle after its idle time without calls on its clock (a year of the global one does nothing), then resumes.
    await t.clock.advance(365 * 24 * 3600_000);
    await search(t, a.key, { query: 'x' }).expect(200);
    await a.clock.advance(rag.idleAfterSeconds * 1000);
    res = await search(t, a.key, { query: 'x' });
    expect(expectProblem(res, 409, 'rag_provisioning').detail).toContain('resuming');
    expect(res.headers['retry-after']).toBe(String(rag.resumeSeconds));
    await a.clock.advance(rag.resumeSeconds * 1000);
    await search(t, a.key, { query: 'x' }).expect(200);
    expect(await globalNow()).toBe(before + 3600_000 + 365 * 24 * 3600_000);
  });

  it("an indexing job completes when the organization's clock passes its time, not the global one", async () => {
    t = await buildRagEmulator();
    const rag = t.emulator.config.rag;
    const a = await orgWithClock('rag-b');
    await request(t.app).patch(`/_emulator/orgs/${a.orgId}`).send({ rag_entitled: true }).expect(200);
    await putTenant(t, a.orgId, { state: 'ready' });
    const text = 'hello from a sandbox with a clock of its own';
    const res = await upload(t, a.key, { bytes: text, name: 'a.txt' }).expect(202);
    const jobId = res.body.job.job_id as string;
    const indexingMs = Math.round(
      (rag.indexBaseSeconds + Buffer.byteLength(text) / rag.indexBytesPerSecond) * 1000,
    );
    expect(res.body.job.created_at).toBe(iso(ORG_START));

    const before = await globalNow();
    await t.clock.advance(24 * 3600_000);
    expect((await get(t, a.key, `/v1/rag/jobs/${jobId}`).expect(200)).body.status).toBe('processing');
    await a.clock.advance(indexingMs - 1);
    expect((await get(t, a.key, `/v1/rag/jobs/${jobId}`).expect(200)).body.status).toBe('processing');
    await a.clock.advance(1);
    const job = (await get(t, a.key, `/v1/rag/jobs/${jobId}`).expect(200)).body;
    expect(job).toMatchObject({ status: 'completed', completed_at: iso(ORG_START + indexingMs) });
    expect(await globalNow()).toBe(before + 24 * 3600_000);
  });

  it("analyze waits on the organization's clock", async () => {
    t = await buildRagEmulator();
    const a = await orgWithClock('rag-c');
    await request(t.app).patch(`/_emulator/orgs/${a.orgId}`).send({ rag_entitled: true }).expect(200);
    await putTenant(t, a.orgId, { state: 'ready' });
    await upload(t, a.key, { bytes: 'the hotel VPN needs a token', name: 'vpn.txt' }).expect(202);
    await a.clock.advance(60_000);
    const pending = a.clock.state().pendingTimers;
    let settled = false;
    const done = search(t, a.key, { query: 'VPN', mode: 'analyze' }).then((r) => {
      settled = true;
      return r;
    });
    // The analyze wait is a timer on the organization's clock (awaits turns, no sleep).
    while (a.clock.state().pendingTimers === pending && !settled) await new Promise((r) => setImmediate(r));
    await t.clock.advance(3600_000);
    expect(settled).toBe(false);
    // Spec, Limits: analyze takes 5-30 s.
    await a.clock.advance(30_000);
    const res = await done;
    expect(res.status).toBe(200);
    expect(res.body.search_time_ms).toBeGreaterThanOrEqual(5_000);
    expect(res.body.search_time_ms).toBeLessThanOrEqual(30_000);
  });

  it('an indexing job of an organization that was reset does nothing when its time comes', async () => {
    t = await buildRagEmulator();
    const a = await orgWithClock('rag-d');
    await request(t.app).patch(`/_emulator/orgs/${a.orgId}`).send({ rag_entitled: true }).expect(200);
    await putTenant(t, a.orgId, { state: 'ready' });
    await upload(t, a.key, { bytes: 'gone soon', name: 'x.txt' }).expect(202);
    await t.emulator.state.resetOrg(a.orgId);
    await a.clock.advance(3600_000);
    expect(await t.emulator.state.exportOrg(a.orgId)).toEqual({});
  });
});
