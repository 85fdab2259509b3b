/** Every named scenario, applied through the admin API, doing what its description says. */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { openWs } from '../support/ws.js';

let t: TestEmulator;
let clock: Clock;

beforeEach(async () => {
  clock = new Clock({ mode: 'frozen', startAt: Date.parse('2026-09-09T09:00:00Z') });
  t = await buildEmulator({ seed: 'scenario-tests' }, { clock });
  await t.emulator.ready();
});
afterEach(() => t.emulator.close());

const apply = async (name: string) => {
  const res = await request(t.app).post(`/_emulator/scenarios/${name}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { steps: { status: number }[] };
};
const tts = (key = t.keys.live) =>
  request(t.app)
    .post('/v1/tts')
    .set('Authorization', bearer(key))
    .send({ text: 'مرحبا', voice: 'ar-SA-noura' });
const search = () =>
  request(t.app)
    .post('/v1/rag/search')
    .set('Authorization', bearer(t.keys.live))
    .send({ query: 'الإجازة السنوية' });
const mint = () =>
  request(t.app)
    .post('/v1/auth/ws-token')
    .set('Authorization', bearer(t.keys.live))
    .send({ scopes: ['stt:transcribe'] });

describe('scenarios', () => {
  it('lists the six scenarios with descriptions', async () => {
    const res = await request(t.app).get('/_emulator/scenarios');
    expect(res.body.scenarios.map((s: { name: string }) => s.name).sort()).toEqual([
      'exhausted-credits',
      'flaky-realtime',
      'rag-cold-start',
      'rate-limit-storm',
      'upstream-outage',
      'webhook-receiver-down',
    ]);
    expectProblem(await request(t.app).post('/_emulator/scenarios/nope'), 404, 'not_found');
  });

  it('health names the active scenario until a reset; removing its faults does not clear it', async () => {
    expect((await request(t.app).get('/_emulator/health')).body.active_scenario).toBeNull();
    await apply('upstream-outage');
    await clock.advance(1000);
    await apply('rate-limit-storm');
    const health = await request(t.app).get('/_emulator/health');
    expect(health.body.active_scenario).toEqual({
      name: 'rate-limit-storm',
      applied_at: '2026-09-09T09:00:01.000Z',
    });
    expect((await request(t.app).delete('/_emulator/faults')).status).toBe(204);
    expect((await request(t.app).get('/_emulator/health')).body.active_scenario.name).toBe(
      'rate-limit-storm',
    );
    expect((await request(t.app).post('/_emulator/reset')).status).toBe(200);
    expect((await request(t.app).get('/_emulator/health')).body.active_scenario).toBeNull();
  });

  it('rag-cold-start: 409 rag_not_provisioned, then rag_provisioning, then ready, following the clock', async () => {
    await apply('rag-cold-start');
    const first = await search();
    expectProblem(first, 409, 'rag_not_provisioned');
    expect(Number(first.headers['retry-after'])).toBe(5);
    await clock.advance(5_000);
    const second = await search();
    expectProblem(second, 409, 'rag_provisioning');
    await clock.advance(Number(second.headers['retry-after']) * 1000);
    expect((await search()).status).toBe(200);
  });

  it('upstream-outage: product calls fail as upstream errors for two minutes, unbilled; ws-tokens still work', async () => {
    await apply('upstream-outage');
    expectProblem(await tts(), 502, 'upstream_error');
    expectProblem(await search(), 504, 'upstream_timeout');
    expect((await mint()).status).toBe(201);
    const { baseUrl } = await t.emulator.listen(0);
    const ws = await openWs(`${baseUrl.replace('http', 'ws')}/stt/realtime`, [], {
      Authorization: bearer(t.keys.live),
    });
    expect(await new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))).toBe(1011);
    expect(await t.emulator.part('metering').entries({ orgId: t.orgId, status: 'billed' })).toEqual([]);
    await clock.advance(120_000);
    expect((await tts()).status).toBe(200);
  });

  it('exhausted-credits: live keys get 429 insufficient_credits, test keys keep working', async () => {
    await apply('exhausted-credits');
    const refused = await tts();
    expectProblem(refused, 429, 'insufficient_credits');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await tts(t.keys.test)).status).toBe(200);
  });

  it('rate-limit-storm: a test key gets 429 rate_limited with Retry-After within a few calls', async () => {
    await apply('rate-limit-storm');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(t.app)
        .post('/v1/auth/ws-token')
        .set('Authorization', bearer(t.keys.test))
        .send({ scopes: ['tts:speak'] });
      statuses.push(res.status);
      if (res.status === 429) {
        expectProblem(res, 429, 'rate_limited');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toContain(429);
  });

  it('flaky-realtime: ws-token minting is slowed by at least the minimum of its jitter', async () => {
    await apply('flaky-realtime');
    const started = performance.now();
    expect((await mint()).status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    const faults = (await request(t.app).get('/_emulator/faults')).body.faults as {
      kind: string;
      match: { operation?: string };
    }[];
    expect(
      faults
        .filter((f) => f.kind === 'ws_close')
        .map((f) => f.match.operation)
        .sort(),
    ).toEqual(['stt.realtime', 'tts.realtime']);
  });

  it('webhook-receiver-down: deliveries to the dead receiver are retried on the schedule and end failed', async () => {
    await apply('webhook-receiver-down');
    expect(t.emulator.part('clock').state().mode).toBe('scaled');
    await request(t.app).post('/_emulator/clock').send({ mode: 'frozen' });
    // The ping sent at registration fails at once (connection refused); retries follow the clock.
    await request(t.app)
      .get('/_emulator/webhooks/deliveries')
      .query({ event: 'ping', min_attempts: 1, wait: 10 });
    for (const seconds of [10, 60, 300, 900, 1800]) {
      await clock.advance(seconds * 1000);
      await request(t.app)
        .get('/_emulator/webhooks/deliveries')
        .query({ event: 'ping', min_attempts: 1, wait: 1 });
    }
    const failed = await request(t.app)
      .get('/_emulator/webhooks/deliveries')
      .query({ event: 'ping', status: 'failed', wait: 10 });
    expect(failed.body.deliveries).toHaveLength(1);
    expect(failed.body.deliveries[0].attempts).toHaveLength(6);
    expect(
      failed.body.deliveries[0].attempts.every((a: { status_code: number | null }) => a.status_code === null),
    ).toBe(true);
  });
});
