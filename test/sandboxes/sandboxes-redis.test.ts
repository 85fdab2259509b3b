/**
 * Sandboxes over one Redis with two in-process emulators (issue 24 item 6): a sandbox made through A is
 * known through B (its keys, its clock) as soon as A has answered; its clock, reset and delete through either
 * instance act for both.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { expectProblem } from '../support/problem.js';
import { closed, openWs, within } from '../support/ws.js';
import { balanceOf, createSandbox, ledgerOf, v1 } from './helpers.js';

const T0 = Date.parse('2030-01-01T00:30:00Z');
const START = '2031-06-01T00:00:00.000Z';
let redis: TestRedis;
let a: Emulator;
let b: Emulator;
let bWs: string;

async function start(id: string): Promise<Emulator> {
  return createEmulator(
    { store: redis.url, instanceId: id, seed: 'sandbox-redis', demoCorpus: false, logLevel: 'silent' },
    { clock: new Clock({ mode: 'frozen', startAt: T0 }) },
  );
}

beforeAll(async () => {
  redis = await startRedis();
  a = await start('sbx-a');
  b = await start('sbx-b');
  const { baseUrl } = await b.listen(0, '127.0.0.1');
  bWs = baseUrl.replace('http', 'ws');
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
});

const clockThrough = async (on: Emulator, id: string) =>
  (await request(on.app).get(`/_emulator/sandboxes/${id}/clock`)).body as { now: string; mode: string };

describe('sandboxes over Redis, two instances', () => {
  it('a sandbox made through A is known through B, keys and clock included, when A answers', async () => {
    const s = await createSandbox(a.app, { credits: 20, clock: { mode: 'frozen', now: START } });
    const got = await request(b.app).get(`/_emulator/sandboxes/${s.id}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body).toMatchObject({ id: s.id, org_id: s.org_id, clock: { mode: 'frozen', now: START } });
    expect(b.part('clocks').own(s.org_id)?.isoNow()).toBe(START);
    expect(await b.part('sandboxLookup').orgOf(s.id)).toBe(s.org_id);
    expect(b.part('sandboxLookup').sandboxOf(s.org_id)).toBe(s.id);
    expect((await v1(b.app, s.keys.live.key, 'get', '/v1/rag/documents')).status).toBe(200);
    expect(await balanceOf(b.app, s.org_id)).toBe(20);
    const listed = await request(b.app).get('/_emulator/sandboxes');
    expect((listed.body.sandboxes as { id: string }[]).map((x) => x.id)).toContain(s.id);
  });

  it("one sandbox's clock moves through either instance for both, and nothing else moves", async () => {
    const s = await createSandbox(a.app, { clock: { mode: 'frozen', now: START } });
    const other = await createSandbox(b.app, { clock: { mode: 'frozen', now: START } });
    const advanced = await request(b.app)
      .post(`/_emulator/sandboxes/${s.id}/clock/advance`)
      .send({ seconds: 86_400 });
    expect(advanced.status, advanced.text).toBe(200);
    const day = new Date(Date.parse(START) + 86_400_000).toISOString();
    expect((await clockThrough(a, s.id)).now).toBe(day);
    expect((await clockThrough(b, s.id)).now).toBe(day);
    expect((await clockThrough(a, other.id)).now).toBe(START);
    expect(a.part('clock').now()).toBe(T0);
    expect(b.part('clock').now()).toBe(T0);
    const back = await request(a.app).post(`/_emulator/sandboxes/${s.id}/clock`).send({ now: START });
    expectProblem(back, 422, 'invalid_clock_change');
  });

  // Found by the fresh-machine check (its container is slow): B answered an advance before A had taken the new
  // time from its message, and a read through A right after saw the old one. A change now waits for every other
  // instance to take it, as a sandbox's creation does. Here A's messages about clocks arrive 200 ms late.
  it("a clock moved through B is read through A right after B answers, A's messages arriving late", async () => {
    const s = await createSandbox(a.app, { clock: { mode: 'frozen', now: START } });
    const store = a.store as unknown as { dispatch(text: string): void };
    const dispatch = store.dispatch.bind(store);
    store.dispatch = (text) => {
      if (text.includes('"type":"clock.changed"')) setTimeout(() => dispatch(text), 200);
      else dispatch(text);
    };
    try {
      for (const [on, body] of [
        [b, { seconds: 60 }],
        [b, { seconds: 3_600 }],
      ] as const) {
        const before = Date.parse((await clockThrough(on, s.id)).now);
        const advanced = await request(on.app).post(`/_emulator/sandboxes/${s.id}/clock/advance`).send(body);
        expect(advanced.status, advanced.text).toBe(200);
        expect((await clockThrough(a, s.id)).now).toBe(new Date(before + body.seconds * 1000).toISOString());
      }
    } finally {
      store.dispatch = dispatch;
    }
  });

  it('a clock set through A on a sandbox without one runs on B too, before A answers (issue 37)', async () => {
    const s = await createSandbox(a.app);
    const set = await request(a.app).post(`/_emulator/sandboxes/${s.id}/clock`).send({ now: START });
    expect(set.status, set.text).toBe(200);
    expect(b.part('clocks').own(s.org_id)?.isoNow()).toBe(START);
    expect((await request(b.app).get(`/_emulator/sandboxes/${s.id}`)).body).toMatchObject({
      clock: { mode: 'frozen', now: START },
      options: { clock: { mode: 'frozen', now: START, time_scale: 1 } },
    });
    const advanced = await request(b.app)
      .post(`/_emulator/sandboxes/${s.id}/clock/advance`)
      .send({ seconds: 60 });
    expect(advanced.status, advanced.text).toBe(200);
    const minute = new Date(Date.parse(START) + 60_000).toISOString();
    expect((await clockThrough(a, s.id)).now).toBe(minute);
    expect(a.part('clock').now()).toBe(T0);
    // Its start is in the shared record: a reset through B returns it there for both.
    await request(b.app).post(`/_emulator/sandboxes/${s.id}/reset`);
    expect((await clockThrough(a, s.id)).now).toBe(START);
  });

  it('two instances giving one sandbox a clock at once make one clock', async () => {
    const s = await createSandbox(a.app);
    const later = new Date(Date.parse(START) + 5_000).toISOString();
    const [viaA, viaB] = await Promise.all([
      request(a.app).post(`/_emulator/sandboxes/${s.id}/clock/advance`).send({ seconds: 10 }),
      request(b.app).post(`/_emulator/sandboxes/${s.id}/clock`).send({ now: later }),
    ]);
    expect(viaA.status, viaA.text).toBe(200);
    expect(viaB.status, viaB.text).toBe(200);
    const throughA = await clockThrough(a, s.id);
    expect(await clockThrough(b, s.id)).toEqual(throughA);
    const record = (await request(a.app).get(`/_emulator/sandboxes/${s.id}`)).body.options.clock;
    expect((await request(b.app).get(`/_emulator/sandboxes/${s.id}`)).body.options.clock).toEqual(record);
  });

  it('a reset through B puts back what was spent through A, the clock at its start, for both', async () => {
    const s = await createSandbox(a.app, { credits: 30, clock: { mode: 'frozen', now: START } });
    const search = await v1(a.app, s.keys.live.key, 'post', '/v1/rag/search').send({ query: 'x' });
    expect(search.status, search.text).toBe(200);
    expect(await balanceOf(a.app, s.org_id)).toBeLessThan(30);
    await request(a.app).post(`/_emulator/sandboxes/${s.id}/clock/advance`).send({ seconds: 600 });

    const reset = await request(b.app).post(`/_emulator/sandboxes/${s.id}/reset`);
    expect(reset.status, reset.text).toBe(200);
    for (const on of [a, b]) {
      expect(await balanceOf(on.app, s.org_id)).toBe(30);
      expect(await ledgerOf(on.app, s.org_id)).toEqual([]);
      expect((await clockThrough(on, s.id)).now).toBe(START);
      expect((await v1(on.app, s.keys.live.key, 'get', '/v1/rag/documents')).status).toBe(200);
    }
  });

  it("a reset through A closes the sandbox's socket on B with 1012 and leaves the others open", async () => {
    const s = await createSandbox(a.app);
    const other = await createSandbox(a.app);
    const ws = await openWs(`${bWs}/stt/realtime`, [], { Authorization: `Bearer ${s.keys.live.key}` });
    const otherWs = await openWs(`${bWs}/stt/realtime`, [], {
      Authorization: `Bearer ${other.keys.live.key}`,
    });
    const closing = closed(ws);
    expect((await request(a.app).post(`/_emulator/sandboxes/${s.id}/reset`)).status).toBe(200);
    expect(await within(closing, 5_000, 'the close on B')).toEqual({
      code: 1012,
      reason: 'the sandbox was reset',
    });
    expect(otherWs.readyState).toBe(otherWs.OPEN);
    otherWs.terminate();
  });

  it("a delete through A closes the sandbox's socket on B with 4410 and removes it for both", async () => {
    const s = await createSandbox(a.app, { clock: { mode: 'frozen', now: START } });
    const ws = await openWs(`${bWs}/stt/realtime`, [], { Authorization: `Bearer ${s.keys.live.key}` });
    const closing = closed(ws);
    expect((await request(a.app).delete(`/_emulator/sandboxes/${s.id}`)).status).toBe(204);
    expect(await within(closing, 5_000, 'the close on B')).toMatchObject({ code: 4410 });
    for (const on of [a, b]) {
      expectProblem(await request(on.app).get(`/_emulator/sandboxes/${s.id}`), 404, 'not_found');
      expect(on.part('clocks').own(s.org_id)).toBeUndefined();
      expectProblem(await v1(on.app, s.keys.live.key, 'get', '/v1/rag/documents'), 401, 'invalid_api_key');
    }
  });

  it('an instance started later knows every sandbox and runs its clock from Redis', async () => {
    const s = await createSandbox(a.app, { clock: { mode: 'frozen', now: START } });
    await request(a.app).post(`/_emulator/sandboxes/${s.id}/clock/advance`).send({ seconds: 3600 });
    const c = await start('sbx-c');
    try {
      const hour = new Date(Date.parse(START) + 3_600_000).toISOString();
      expect((await clockThrough(c, s.id)).now).toBe(hour);
      expect((await v1(c.app, s.keys.live.key, 'get', '/v1/rag/documents')).status).toBe(200);
      expect(
        c
          .part('sandboxes')
          .list()
          .map((x) => x.id),
      ).toEqual(
        a
          .part('sandboxes')
          .list()
          .map((x) => x.id),
      );
    } finally {
      await c.close();
    }
  });

  it('a whole reset through A removes every sandbox for B too', async () => {
    const s = await createSandbox(b.app, { clock: { mode: 'frozen' } });
    const res = await request(a.app).post('/_emulator/reset').send({ keep_clock: true });
    expect(res.status, res.text).toBe(200);
    expect((await request(a.app).get('/_emulator/sandboxes')).body.sandboxes).toEqual([]);
    expectProblem(await request(b.app).get(`/_emulator/sandboxes/${s.id}`), 404, 'not_found');
    expect(b.part('sandboxes').list()).toEqual([]);
    expect(b.part('clocks').own(s.org_id)).toBeUndefined();
  });
});
