/**
 * Several in-process emulators over one real Redis: ws-token expiry on the consuming instance's clock, and a
 * reset through one instance that the others follow (their cached organizations go, their sockets close).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { openWs, refusedUpgrade } from '../support/ws.js';
import { startRedis, type TestRedis } from '../support/redis.js';

let redis: TestRedis;
let a: Emulator;
let b: Emulator;
let bWs: string;

const START = Date.parse('2030-01-01T00:30:00Z');

async function start(id: string): Promise<Emulator> {
  const clock = new Clock({ mode: 'frozen', startAt: START });
  return createEmulator(
    { store: redis.url, instanceId: id, demoCorpus: false, workers: 0, logLevel: 'silent' },
    { clock },
  );
}

beforeAll(async () => {
  redis = await startRedis();
  a = await start('in-a');
  b = await start('in-b');
  const { baseUrl } = await b.listen(0);
  bWs = baseUrl.replace('http', 'ws');
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
});

async function mint(on: Emulator, key: string): Promise<string> {
  const res = await request(on.app)
    .post('/v1/auth/ws-token')
    .set('Authorization', `Bearer ${key}`)
    .send({ scopes: ['tts:speak'] });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

describe('in-process instances over one Redis', () => {
  it('a ws-token minted on A expires on the clock of the instance that consumes it', async () => {
    const token = await mint(a, a.demo.keys.live);
    await b.part('clock').advance(60_000);
    const refused = await refusedUpgrade(`${bWs}/tts/realtime`, [token]);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text).detail).toContain('expired');
  });

  it("a reset through A empties the shared organizations for B and closes B's sockets with 1012", async () => {
    const org = await request(a.app).post('/_emulator/orgs').send({ name: 'to be reset' });
    expect(org.status).toBe(201);
    expect(b.part('orgs').getOrg(org.body.id)).toBeDefined();

    const ws = await openWs(`${bWs}/tts/realtime`, [], { Authorization: `Bearer ${b.demo.keys.live}` });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const reset = await request(a.app).post('/_emulator/reset').send({});
    expect(reset.status).toBe(200);
    expect(await closed).toBe(1012);

    const deadline = Date.now() + 5000;
    while (b.part('orgs').getOrg(org.body.id) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(b.part('orgs').getOrg(org.body.id)).toBeUndefined();
    // The demo keys come back for everyone: A re-created them, B hears of them.
    const ok = await request(b.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', `Bearer ${a.demo.keys.live}`)
      .send({ scopes: ['tts:speak'] });
    expect(ok.status).toBe(201);
  });
});
