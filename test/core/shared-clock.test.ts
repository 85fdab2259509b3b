/**
 * Issue 17, the clock: two emulator processes (the built CLI) over one real Redis share the emulator clock.
 * A set or an advance through A's admin API applies on B (and fires B's own timers: test/stt/shared-jobs.test.ts
 * has a job accepted on B completing when the clock is advanced through A); an instance started later takes
 * the shared clock; a reset on one puts the clock back on every instance.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { killAll } from '../support/cli.js';
import { buildEmulator } from '../support/emulator.js';
import {
  startInstance,
  startRedis,
  type StoreInstance as Instance,
  type TestRedis,
} from '../support/redis.js';

interface ClockState {
  mode: string;
  now: string;
  now_ms: number;
  time_scale: number;
}

let redis: TestRedis;
let config: string;
let a: Instance;
let b: Instance;

const START = '2031-03-01T00:00:00.000Z';

async function clockOf(on: Instance): Promise<ClockState> {
  return (await (await fetch(`${on.admin}/clock`)).json()) as ClockState;
}

async function post(on: Instance, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${on.admin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

beforeAll(async () => {
  redis = await startRedis();
  const dir = mkdtempSync(join(tmpdir(), 'svc-shared-clock-'));
  config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({}));
  [a, b] = await Promise.all([startInstance(redis, 'A', config), startInstance(redis, 'B', config)]);
});

afterAll(async () => {
  await killAll();
  await redis?.stop();
});

describe('the clock shared by two instances over one Redis', () => {
  it('a clock frozen and set on A reads the same on B; advanced on B, it moves on A', async () => {
    const set = await post(a, '/clock', { mode: 'frozen', now: START });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ mode: 'frozen', now: START });
    await expect.poll(async () => (await clockOf(b)).now).toBe(START);
    expect((await clockOf(b)).mode).toBe('frozen');

    const advanced = await post(b, '/clock/advance', { seconds: 90 });
    expect(advanced.status).toBe(200);
    expect(advanced.body.now).toBe('2031-03-01T00:01:30.000Z');
    await expect.poll(async () => (await clockOf(a)).now).toBe('2031-03-01T00:01:30.000Z');
  });

  it('two advances at once through A and B both count (one atomic change each in Redis)', async () => {
    const before = (await clockOf(a)).now_ms;
    const [x, y] = await Promise.all([
      post(a, '/clock/advance', { seconds: 10 }),
      post(b, '/clock/advance', { seconds: 20 }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    await expect.poll(async () => (await clockOf(a)).now_ms).toBe(before + 30_000);
    await expect.poll(async () => (await clockOf(b)).now_ms).toBe(before + 30_000);
  });

  it('a scaled clock set on B runs at the same pace from the same anchor on A', async () => {
    const set = await post(b, '/clock', { mode: 'scaled', time_scale: 0.5, now: START });
    expect(set.status).toBe(200);
    await expect.poll(async () => (await clockOf(a)).mode).toBe('scaled');
    const [onA, onB] = await Promise.all([clockOf(a), clockOf(b)]);
    expect(onA.time_scale).toBe(0.5);
    // Both read the time from one anchor: apart only by the wall time between the two reads (at 2× pace).
    expect(Math.abs(onA.now_ms - onB.now_ms)).toBeLessThan(2_000);
    expect(onA.now_ms).toBeGreaterThanOrEqual(Date.parse(START));
  });

  it('an instance started later takes the shared clock', async () => {
    expect((await post(a, '/clock', { mode: 'frozen', now: '2032-01-01T00:00:00.000Z' })).status).toBe(200);
    const c = await startInstance(redis, 'C', config);
    expect(await clockOf(c)).toMatchObject({ mode: 'frozen', now: '2032-01-01T00:00:00.000Z' });
    c.run.child.kill('SIGKILL');
    await c.run.exited;
  });

  it('a reset on B puts the clock back to the start options on A too; keep_clock keeps it everywhere', async () => {
    expect((await post(a, '/clock', { mode: 'frozen', now: '2033-01-01T00:00:00.000Z' })).status).toBe(200);
    await expect.poll(async () => (await clockOf(b)).now).toBe('2033-01-01T00:00:00.000Z');
    expect((await post(b, '/reset', { keep_clock: true })).status).toBe(200);
    expect((await clockOf(a)).now).toBe('2033-01-01T00:00:00.000Z');

    expect((await post(b, '/reset', {})).status).toBe(200);
    // Without --clock-start the start options are the wall clock, running.
    await expect.poll(async () => (await clockOf(a)).mode).toBe('real');
    expect(Math.abs((await clockOf(a)).now_ms - Date.now())).toBeLessThan(60_000);
  });
});

describe('the shared clock while Redis is down', () => {
  it('set and advance answer 502 upstream_error and change nothing', async () => {
    const own = await startRedis();
    const t = await buildEmulator({
      store: own.url,
      instanceId: 'clock-solo',
      demoCorpus: false,
      workers: 0,
    });
    try {
      expect(
        (await request(t.app).post('/_emulator/clock').send({ mode: 'frozen', now: START })).status,
      ).toBe(200);
      await own.stop();
      await expect.poll(() => t.emulator.store.status()).toBe('unreachable');
      for (const call of [
        request(t.app).post('/_emulator/clock/advance').send({ seconds: 60 }),
        request(t.app).post('/_emulator/clock').send({ now: '2035-01-01T00:00:00Z' }),
      ]) {
        const res = await call;
        expect(res.status).toBe(502);
        expect(res.body.code).toBe('upstream_error');
      }
      expect((await request(t.app).get('/_emulator/clock')).body).toMatchObject({
        mode: 'frozen',
        now: START,
      });
    } finally {
      await t.emulator.close();
      await own.stop();
    }
  });
});
