/**
 * While a load runs, requests wait for it (issue 25): they answer afterwards, with the loaded state; health
 * answers throughout; a second load is refused with 409. Over Redis the other instance holds its requests
 * too, refuses a load of its own, and lets them go when the loading instance is done.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import type { RedisStore, StoreMessage } from '../../src/store/redis-store.js';
import { expectProblem } from '../support/problem.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { openWs } from '../support/ws.js';

const T0 = Date.parse('2031-03-01T10:00:00Z');
/** A whole document with no organization: it loads whatever units exist, and empties the emulator. */
const EMPTY = Buffer.from(
  '{"format":"svc-emulator-state","includes":[],"orgs":{},"scope":{"kind":"emulator"},"version":1}',
);

/** Holds a load inside its onLoaded listeners (the gate is closed there) until `release()`. */
function holdLoads(emulator: Emulator) {
  let held = false;
  let reached!: () => void;
  let release!: () => void;
  const inside = new Promise<void>((resolve) => (reached = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  emulator.state.onLoaded(async () => {
    if (held) return;
    held = true;
    reached();
    await gate;
  });
  return { inside, release };
}

const orgIdsOf = async (emulator: Emulator) =>
  (
    (await request(emulator.app).get('/_emulator/orgs')).body as { organizations: { id: string }[] }
  ).organizations.map((o) => o.id);

function settledFlag(p: Promise<unknown>): { done: boolean } {
  const flag = { done: false };
  void p.then(
    () => (flag.done = true),
    () => (flag.done = true),
  );
  return flag;
}

describe('the load gate, one instance', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator(
      { seed: 'gate', logLevel: 'silent', demoCorpus: false },
      { clock: new Clock({ mode: 'frozen', startAt: T0 }) },
    );
  });
  afterAll(async () => emulator?.close());

  it('requests wait for the load and see the loaded state; health answers; a second load is 409', async () => {
    expect(await orgIdsOf(emulator)).toContain('org_demo');
    const hold = holdLoads(emulator);
    const load = emulator.part('snapshots').load(EMPTY);
    await hold.inside;
    const waiting = request(emulator.app)
      .get('/_emulator/orgs')
      .then((r) => r);
    const flag = settledFlag(waiting);
    const health = await request(emulator.app).get('/_emulator/health');
    expect(health.status).toBe(200);
    expectProblem(await request(emulator.app).put('/_emulator/state').send(EMPTY), 409, 'load_in_progress');
    expect(flag.done, 'the request waits while the load runs').toBe(false);
    hold.release();
    expect((await load).org_ids).toEqual([]);
    const answered = await waiting;
    expect(answered.status).toBe(200);
    expect((answered.body as { organizations: unknown[] }).organizations).toEqual([]);
  });
});

describe('the load gate and WebSocket upgrades', () => {
  let emulator: Emulator;
  let wsUrl: string;
  beforeAll(async () => {
    emulator = await createEmulator(
      { seed: 'gate-ws', logLevel: 'silent', demoCorpus: false },
      { clock: new Clock({ mode: 'frozen', startAt: T0 }) },
    );
    const { baseUrl } = await emulator.listen(0, '127.0.0.1');
    wsUrl = `${baseUrl.replace(/^http/, 'ws')}/stt/realtime`;
  });
  afterAll(async () => emulator?.close());

  it('an upgrade waits for the load like a request, then opens against the loaded state', async () => {
    const doc = await emulator.part('snapshots').saveToBuffer();
    const hold = holdLoads(emulator);
    const load = emulator.part('snapshots').load(doc);
    await hold.inside;
    const opening = openWs(wsUrl, [], { Authorization: `Bearer ${emulator.demo.keys.live}` });
    const flag = settledFlag(opening);
    expect((await request(emulator.app).get('/_emulator/health')).status).toBe(200);
    expect(flag.done, 'the upgrade waits while the load runs').toBe(false);
    hold.release();
    await load;
    const ws = await opening;
    expect(ws.readyState).toBe(ws.OPEN);
    ws.close();
  });
});

describe('the load gate over Redis, two instances', () => {
  let redis: TestRedis;
  let a: Emulator;
  let b: Emulator;
  const start = (id: string) =>
    createEmulator(
      { store: redis.url, instanceId: id, seed: 'gate-redis', logLevel: 'silent', demoCorpus: false },
      { clock: new Clock({ mode: 'frozen', startAt: T0 }) },
    );
  beforeAll(async () => {
    redis = await startRedis();
    a = await start('gate-a');
    b = await start('gate-b');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('an export through B holds what A wrote just before; what A loads, B reads', async () => {
    const made = await request(a.app).post('/_emulator/orgs').send({ name: 'Written through A' });
    expect(made.status, made.text).toBe(201);
    const id = (made.body as { id: string }).id;
    const throughB = JSON.parse((await b.part('snapshots').saveToBuffer()).toString()) as {
      orgs: Record<string, { orgs: { org: { name: string } } }>;
    };
    expect(throughB.orgs[id].orgs.org.name).toBe('Written through A');
    const demo = (await a.part('snapshots').saveToBuffer({ org: 'org_demo' }))
      .toString()
      .replace('"Demo Organization"', '"Loaded through A"');
    expect((await a.part('snapshots').load(Buffer.from(demo))).org_ids).toEqual(['org_demo']);
    const read = await request(b.app).get('/_emulator/orgs/org_demo');
    expect(read.status, read.text).toBe(200);
    expect((read.body as { name: string }).name).toBe('Loaded through A');
  });

  it("B holds its requests and refuses a load while A loads, then answers with A's loaded state", async () => {
    expect(await orgIdsOf(b)).toContain('org_demo');
    const told = new Promise<void>((resolve) =>
      (b.store as RedisStore).onMessage((m: StoreMessage) => {
        if (m.type === 'state.load' && (m.data as { phase: string }).phase === 'begin') resolve();
      }),
    );
    const hold = holdLoads(a);
    const load = a.part('snapshots').load(EMPTY);
    await Promise.all([hold.inside, told]);
    const waiting = request(b.app)
      .get('/_emulator/orgs')
      .then((r) => r);
    const flag = settledFlag(waiting);
    expect((await request(b.app).get('/_emulator/health')).status).toBe(200);
    expectProblem(await request(b.app).put('/_emulator/state').send(EMPTY), 409, 'load_in_progress');
    expect(flag.done, "B's request waits while A loads").toBe(false);
    hold.release();
    await load;
    const answered = await waiting;
    expect((answered.body as { organizations: unknown[] }).organizations).toEqual([]);
  });
});
