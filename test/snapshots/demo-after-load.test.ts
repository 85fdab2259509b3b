/**
 * After a load, the demo credentials the emulator hands out describe the loaded state (decision ST-D1):
 * GET /_emulator/demo is 404 when the loaded state has no demo organization, or keys not made from this
 * emulator's seed, and answers the keys again once they authenticate (a load of a state that has them).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { expectProblem } from '../support/problem.js';
import { startRedis, type TestRedis } from '../support/redis.js';

const T0 = Date.parse('2031-03-01T10:00:00Z');
const EMPTY = Buffer.from(
  '{"format":"svc-emulator-state","includes":[],"orgs":{},"scope":{"kind":"emulator"},"version":1}',
);
const start = (seed: string) =>
  createEmulator(
    { seed, logLevel: 'silent', demoCorpus: false },
    { clock: new Clock({ mode: 'frozen', startAt: T0 }) },
  );

describe('the demo credentials after a load', () => {
  let emulator: Emulator;
  let other: Emulator;
  beforeAll(async () => {
    emulator = await start('demo-load');
    other = await start('another-seed');
  });
  afterAll(async () => {
    await emulator?.close();
    await other?.close();
  });

  it('absent after a load without the demo organization; back when a load brings its keys', async () => {
    const own = await emulator.part('snapshots').saveToBuffer();
    await emulator.part('snapshots').load(EMPTY);
    const gone = expectProblem(await request(emulator.app).get('/_emulator/demo'), 404, 'not_found');
    expect(gone.detail).toContain('org_demo');

    await emulator.part('snapshots').load(own);
    const back = await request(emulator.app).get('/_emulator/demo');
    expect(back.status, back.text).toBe(200);
    const keys = (back.body as { keys: { live: string } }).keys;
    const usage = await request(emulator.app)
      .get('/v1/rag/documents')
      .set('Authorization', `Bearer ${keys.live}`);
    expect(usage.status, usage.text).toBe(200);
  });

  it("absent after a load of another seed's demo organization: its keys are not this emulator's", async () => {
    await emulator.part('snapshots').load(await other.part('snapshots').saveToBuffer());
    const foreign = expectProblem(await request(emulator.app).get('/_emulator/demo'), 404, 'not_found');
    expect(foreign.detail).toContain('demo live key');
    expect(emulator.demo.absent).toBe(foreign.detail);
  });
});

describe('the demo credentials after a load through another instance (Redis)', () => {
  let redis: TestRedis;
  let a: Emulator;
  let b: Emulator;
  beforeAll(async () => {
    redis = await startRedis();
    const on = (instanceId: string) =>
      createEmulator(
        { seed: 'demo-shared', logLevel: 'silent', demoCorpus: false, store: redis.url, instanceId },
        { clock: new Clock({ mode: 'frozen', startAt: T0 }) },
      );
    a = await on('demo-a');
    b = await on('demo-b');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('B answers 404 once A loaded a state without the demo organization, and the keys again once A loads them back', async () => {
    const own = await a.part('snapshots').saveToBuffer();
    expect((await request(b.app).get('/_emulator/demo')).status).toBe(200);
    await a.part('snapshots').load(EMPTY);
    await expect.poll(async () => (await request(b.app).get('/_emulator/demo')).status).toBe(404);
    expect(b.demo.absent).toContain('org_demo');
    await a.part('snapshots').load(own);
    await expect.poll(async () => (await request(b.app).get('/_emulator/demo')).status).toBe(200);
    expect(b.demo.absent).toBeUndefined();
  });
});
