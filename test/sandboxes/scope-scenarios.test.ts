/**
 * Issue 24 item 4, scenarios: `POST /_emulator/scenarios/{name}?sandbox=ID` acts on that sandbox alone. Each
 * built-in scenario that can be scoped changes sandbox A and leaves sandbox B, the demo organization and the
 * emulator's clock, default rate limits and active scenario alone; the one that cannot (a clock move for a
 * sandbox without a clock) is refused whole before any step runs; the sandbox's reset undoes the rest.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { balanceOf, createSandbox, v1, type SandboxBody } from './helpers.js';

type Sandbox = SandboxBody & { keys: { live: { key: string }; test: { key: string } } };

let t: TestEmulator;
let a: Sandbox;
let b: Sandbox;

beforeAll(async () => {
  const clock = new Clock({ mode: 'frozen', startAt: Date.parse('2026-05-01T08:00:00Z') });
  t = await buildEmulator({ seed: 'sandbox-scenarios' }, { clock });
  a = await createSandbox(t.app, { name: 'a', credits: 1000 });
  b = await createSandbox(t.app, { name: 'b', credits: 1000 });
});
afterAll(async () => {
  await t.emulator.close();
});

const admin = () => request(t.app);
const apply = (name: string, sandbox: string) =>
  admin().post(`/_emulator/scenarios/${name}?sandbox=${sandbox}`);
const search = (key: string) => v1(t.app, key, 'post', '/v1/rag/search').send({ query: 'anything' });
const tenantState = async (orgId: string) =>
  ((await admin().get(`/_emulator/orgs/${orgId}/rag`)).body as { tenant: { state: string } }).tenant.state;
/** The global clock's mode, time and scale (its pending timers are the webhook engine's business). */
const globalClock = async () => {
  const { mode, now, time_scale } = (await admin().get('/_emulator/clock')).body as Record<string, unknown>;
  return { mode, now, time_scale };
};
const activeScenario = async () => (await admin().get('/_emulator/health')).body.active_scenario as unknown;

describe('a scenario applied to a sandbox', () => {
  it("exhausted-credits empties the sandbox's balance only, and its reset undoes it", async () => {
    const demoBalance = await balanceOf(t.app, t.orgId);
    const res = await apply('exhausted-credits', a.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'exhausted-credits', sandbox: a.id });
    expect(res.body.steps).toEqual([
      expect.objectContaining({ path: `/orgs/${a.org_id}/billing`, status: 200 }),
    ]);
    expect(await balanceOf(t.app, a.org_id)).toBe(0);
    expect(await balanceOf(t.app, b.org_id)).toBe(1000);
    expect(await balanceOf(t.app, t.orgId)).toBe(demoBalance);
    expectProblem(await search(a.keys.live.key), 429, 'insufficient_credits');
    expect((await search(b.keys.live.key)).status).toBe(200);
    // A sandbox's scenario is not the emulator's.
    expect(await activeScenario()).toBeNull();

    await admin().post(`/_emulator/sandboxes/${a.id}/reset`).expect(200);
    expect(await balanceOf(t.app, a.org_id)).toBe(1000);
  });

  it('upstream-outage and flaky-realtime add fault rules for the sandbox only', async () => {
    for (const name of ['upstream-outage', 'flaky-realtime']) {
      const res = await apply(name, a.id);
      expect(res.status, res.text).toBe(200);
    }
    const rules = (await admin().get('/_emulator/faults')).body.faults as { match: { sandbox?: string } }[];
    expect(rules).toHaveLength(4 + 3);
    for (const rule of rules) expect(rule.match.sandbox).toBe(a.id);
    expect((await admin().get(`/_emulator/faults?sandbox=${a.id}`)).body.faults).toHaveLength(7);

    expectProblem(await search(a.keys.live.key), 504, 'upstream_timeout');
    expect((await search(b.keys.live.key)).status).toBe(200);
    expect((await search(t.keys.live)).status).toBe(200);

    await admin().post(`/_emulator/sandboxes/${a.id}/reset`).expect(200);
    expect((await admin().get('/_emulator/faults')).body.faults).toEqual([]);
    expect((await search(a.keys.live.key)).status).toBe(200);
  });

  it("rag-cold-start restarts the sandbox's RAG tenant only", async () => {
    expect((await apply('rag-cold-start', a.id)).status).toBe(200);
    expect(await tenantState(a.org_id)).toBe('not_provisioned');
    expect(await tenantState(b.org_id)).toBe('ready');
    expectProblem(await search(a.keys.live.key), 409, 'rag_not_provisioned');
    await admin().post(`/_emulator/sandboxes/${a.id}/reset`).expect(200);
    expect(await tenantState(a.org_id)).toBe('ready');
  });

  it("rate-limit-storm sets the limits on the sandbox's keys, not the emulator's defaults", async () => {
    const defaults = (await admin().get('/_emulator/rate-limits')).body as unknown;
    const res = await apply('rate-limit-storm', a.id);
    expect(res.status, res.text).toBe(200);
    expect((await admin().get('/_emulator/rate-limits')).body).toEqual(defaults);
    const limits = async (orgId: string) =>
      (
        (await admin().get(`/_emulator/orgs/${orgId}/billing`)).body.rate_limits as {
          key_id: string;
          limit: number;
        }[]
      ).map((r) => [r.key_id, r.limit]);
    // The scenario's figures: 5 per 10 s for live keys, 2 per 10 s for test keys.
    expect(await limits(a.org_id)).toEqual(
      expect.arrayContaining([
        [a.keys.live.id, 5],
        [a.keys.test.id, 2],
      ]),
    );
    expect(await limits(b.org_id)).toEqual(await limitsAtDefaults(b, defaults));
    await admin().post(`/_emulator/sandboxes/${a.id}/reset`).expect(200);
    expect(await limits(a.org_id)).toEqual(await limitsAtDefaults(a, defaults));
  });

  it('webhook-receiver-down is refused whole for a sandbox without a clock of its own', async () => {
    const clockBefore = await globalClock();
    const res = await apply('webhook-receiver-down', a.id);
    const problem = expectProblem(res, 422, 'scenario_not_scopable');
    expect(problem.detail).toMatch(/step 2 \(POST \/clock\) moves the emulator's clock/);
    // Step 1 did not run either.
    expect((await admin().get(`/_emulator/orgs/${a.org_id}/webhook-endpoints`)).body.endpoints).toEqual([]);
    expect(await globalClock()).toEqual(clockBefore);
  });

  it('webhook-receiver-down runs on the clock of a sandbox that has one, and nowhere else', async () => {
    const c = await createSandbox(t.app, { name: 'c', clock: { mode: 'frozen' } });
    const clockBefore = await globalClock();
    const res = await apply('webhook-receiver-down', c.id);
    expect(res.status, res.text).toBe(200);
    expect((await admin().get(`/_emulator/sandboxes/${c.id}/clock`)).body).toMatchObject({
      mode: 'scaled',
      time_scale: 0.01,
    });
    expect(await globalClock()).toEqual(clockBefore);
    expect((await admin().get(`/_emulator/orgs/${c.org_id}/webhook-endpoints`)).body.endpoints).toHaveLength(
      1,
    );
    expect((await admin().get(`/_emulator/orgs/${b.org_id}/webhook-endpoints`)).body.endpoints).toEqual([]);
    await admin().delete(`/_emulator/sandboxes/${c.id}`).expect(204);
  });

  it('refuses a step on another organization or on the whole emulator, and an unknown sandbox', async () => {
    const scenario = (name: string, steps: unknown[]) =>
      admin().post('/_emulator/scenarios').send({ name, description: 'x', steps }).expect(201);
    await scenario('other-org', [
      { method: 'PATCH', path: `/orgs/${b.org_id}/billing`, body: { balance: 0 } },
    ]);
    await scenario('prices', [{ method: 'PATCH', path: '/prices', body: {} }]);
    const balanceOfB = await balanceOf(t.app, b.org_id);
    const other = expectProblem(await apply('other-org', a.id), 422, 'scenario_not_scopable');
    expect(other.detail).toContain(`acts on organization ${b.org_id}, not the sandbox's`);
    expect(await balanceOf(t.app, b.org_id)).toBe(balanceOfB);
    const whole = expectProblem(await apply('prices', a.id), 422, 'scenario_not_scopable');
    expect(whole.detail).toMatch(/step 1 \(PATCH \/prices\) acts on the whole emulator/);
    expect(expectProblem(await apply('exhausted-credits', 'sbx_nope'), 404, 'not_found').detail).toBe(
      'no sandbox sbx_nope',
    );
  });
});

/** Each of the sandbox's keys at the emulator's default limit for its environment. */
async function limitsAtDefaults(s: Sandbox, defaults: unknown) {
  const d = defaults as Record<'live' | 'test', { limit: number }>;
  return [
    [s.keys.live.id, d.live.limit],
    [s.keys.test.id, d.test.limit],
  ];
}
