import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

describe('rate limits on /v1', () => {
  let t: TestEmulator;
  let clock: Clock;
  beforeEach(async () => {
    clock = new Clock({ mode: 'frozen', startAt: Date.parse('2026-05-05T12:00:00Z') });
    t = await buildEmulator(
      { seed: 'rate-tests', rateLimits: { test: { limit: 3, windowSeconds: 60 } } },
      { clock },
    );
  });
  afterEach(() => t.emulator.close());

  const mint = (key: string) =>
    request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', `Bearer ${key}`)
      .send({ scopes: ['tts:speak'] });

  it('counts down on every response and refuses with all four headers, then recovers when the window resets', async () => {
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await mint(t.keys.test);
      expect(res.status).toBe(201);
      expect(Number(res.headers['ratelimit-limit'])).toBe(3);
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
      remaining.push(Number(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual([2, 1, 0]);

    const refused = await mint(t.keys.test);
    expectProblem(refused, 429, 'rate_limited');
    for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']) {
      expect(refused.headers[h], h).toMatch(/^\d+$/);
    }
    expect(Number(refused.headers['retry-after'])).toBe(Number(refused.headers['ratelimit-reset']));

    // The window follows the emulator clock.
    await clock.advance(Number(refused.headers['retry-after']) * 1000);
    const again = await mint(t.keys.test);
    expect(again.status).toBe(201);
    expect(Number(again.headers['ratelimit-remaining'])).toBe(2);
  });

  it('limits each key separately; live keys have their own default', async () => {
    for (let i = 0; i < 3; i++) await mint(t.keys.test);
    expect((await mint(t.keys.test)).status).toBe(429);
    const live = await mint(t.keys.live);
    expect(live.status).toBe(201);
    expect(Number(live.headers['ratelimit-limit'])).toBe(600);
  });

  it('changes the default limits per environment from the admin API', async () => {
    const before = await request(t.app).get('/_emulator/rate-limits');
    expect(before.body.test).toEqual({ limit: 3, window_seconds: 60 });
    const changed = await request(t.app)
      .patch('/_emulator/rate-limits')
      .send({ live: { limit: 2, window_seconds: 30 } });
    expect(changed.body.live).toEqual({ limit: 2, window_seconds: 30 });
    expect((await mint(t.keys.live)).status).toBe(201);
    expect((await mint(t.keys.live)).status).toBe(201);
    expectProblem(await mint(t.keys.live), 429, 'rate_limited');
    expectProblem(
      await request(t.app)
        .patch('/_emulator/rate-limits')
        .send({ live: { limit: 0, window_seconds: 1 } }),
      422,
      'validation_failed',
    );
  });

  it('takes a per-key override from the admin API', async () => {
    const set = await request(t.app)
      .put(`/_emulator/keys/${t.keyIds.live}/rate-limit`)
      .send({ limit: 1, window_seconds: 10 });
    expect(set.body).toEqual({ limit: 1, window_seconds: 10 });
    expect((await mint(t.keys.live)).status).toBe(201);
    expectProblem(await mint(t.keys.live), 429, 'rate_limited');
    await request(t.app).delete(`/_emulator/keys/${t.keyIds.live}/rate-limit`);
    expect((await mint(t.keys.live)).status).toBe(201);
  });

  it('refuses WebSocket upgrades past the limit before the upgrade', async () => {
    const { baseUrl } = await t.emulator.listen(0);
    for (let i = 0; i < 3; i++) await mint(t.keys.test);
    const res = await fetch(`${baseUrl}/stt/realtime`, {
      headers: {
        Authorization: `Bearer ${t.keys.test}`,
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    }).catch((err: Error) => err);
    // fetch refuses to upgrade, but the emulator answers the upgrade with a 429 problem first.
    if (!(res instanceof Error)) {
      expect(res.status).toBe(429);
      expectProblem(
        { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() },
        429,
        'rate_limited',
      );
    }
  });
});

describe('billing admin', () => {
  let t: TestEmulator;
  beforeEach(async () => {
    t = await buildEmulator({ seed: 'billing-admin' });
  });
  afterEach(() => t.emulator.close());

  it('creates an organization with credits and shows its balance, quotas and usage', async () => {
    const org = await request(t.app).post('/_emulator/orgs').send({ name: 'Acme', credits: 42 });
    expect(org.status).toBe(201);
    expect(org.body.credits.balance).toBe(42);
    const billing = await request(t.app).get(`/_emulator/orgs/${org.body.id}/billing`);
    expect(billing.body.balance.balance).toBe(42);
    expect(billing.body.test_quotas.map((q: any) => q.product).sort()).toEqual([
      'rag_search',
      'rag_upload',
      'stt',
      'tts',
    ]);
    const patched = await request(t.app)
      .patch(`/_emulator/orgs/${org.body.id}/billing`)
      .send({ add_credits: 8, test_quotas: { tts: 10 } });
    expect(patched.body.balance.balance).toBe(50);
    expect(patched.body.test_quotas.find((q: any) => q.product === 'tts').quota).toBe(10);
    const usage = await request(t.app).get(`/_emulator/orgs/${org.body.id}/usage`);
    expect(usage.body).toMatchObject({ entries: [], totals: {} });
  });

  it('validates prices and keeps the tier order', async () => {
    const ok = await request(t.app)
      .patch('/_emulator/prices')
      .send({ rag_search: { retrieve: 2 } });
    expect(ok.body.rag_search.retrieve).toBe(2);
    expectProblem(
      await request(t.app)
        .patch('/_emulator/prices')
        .send({ tts: { fast: 1 } }),
      422,
      'validation_failed',
    );
    expectProblem(
      await request(t.app).patch('/_emulator/prices').send({ stt: -1 }),
      422,
      'validation_failed',
    );
    expectProblem(
      await request(t.app).patch('/_emulator/prices').send({ video: 1 }),
      422,
      'validation_failed',
    );
  });

  it('404s on an unknown organization', async () => {
    expectProblem(await request(t.app).get('/_emulator/orgs/org_nope/usage'), 404, 'not_found');
  });
});

describe('clock admin', () => {
  let t: TestEmulator;
  beforeEach(async () => {
    t = await buildEmulator({ seed: 'clock-admin' });
  });
  afterEach(() => t.emulator.close());

  it('freezes, sets and advances the clock, firing what became due', async () => {
    const frozen = await request(t.app)
      .post('/_emulator/clock')
      .send({ mode: 'frozen', now: '2030-01-01T00:00:00Z' });
    expect(frozen.body).toMatchObject({ mode: 'frozen', now: '2030-01-01T00:00:00.000Z' });
    const fired: number[] = [];
    t.emulator.part('clock').setTimeout(() => fired.push(t.emulator.part('clock').now()), 5_000);
    const advanced = await request(t.app).post('/_emulator/clock/advance').send({ seconds: 10 });
    expect(advanced.body.now).toBe('2030-01-01T00:00:10.000Z');
    expect(fired).toEqual([Date.parse('2030-01-01T00:00:05Z')]);
    expectProblem(
      await request(t.app).post('/_emulator/clock/advance').send({ seconds: -1 }),
      422,
      'validation_failed',
    );
    expectProblem(
      await request(t.app).post('/_emulator/clock').send({ mode: 'warp' }),
      422,
      'validation_failed',
    );
  });
});
