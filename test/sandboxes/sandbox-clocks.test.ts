/**
 * A sandbox's own clock (issue 24 item 3): driven at /_emulator/sandboxes/{id}/clock with the bodies and
 * answers of /_emulator/clock; it moves only its sandbox's time, never back, and a reset returns it to its start.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { createSandbox, v1 } from './helpers.js';

const T0 = Date.parse('2026-05-01T08:00:00Z');
const START = '2030-01-01T00:00:00.000Z';
let t: TestEmulator;

beforeAll(async () => {
  t = await buildEmulator({ seed: 'sandbox-clocks' }, { clock: new Clock({ mode: 'frozen', startAt: T0 }) });
});
afterAll(() => t.emulator.close());

const clockOf = async (id: string) => {
  const res = await request(t.app).get(`/_emulator/sandboxes/${id}/clock`);
  expect(res.status, res.text).toBe(200);
  return res.body as { mode: string; now: string; now_ms: number; time_scale: number };
};
const globalNow = async () => (await request(t.app).get('/_emulator/clock')).body.now as string;

describe('sandbox clocks', () => {
  it('start at the given instant, or at the emulator clock of the creation', async () => {
    const given = await createSandbox(t.app, { clock: { mode: 'frozen', now: START } });
    expect(given.clock).toMatchObject({ mode: 'frozen', now: START, time_scale: 1 });
    expect(given.options.clock).toEqual({ mode: 'frozen', now: START, time_scale: 1 });
    const plain = await createSandbox(t.app, { clock: { mode: 'frozen' } });
    expect(plain.clock?.now).toBe(new Date(T0).toISOString());
    const scaled = await createSandbox(t.app, { clock: { mode: 'scaled', now: START, time_scale: 0.5 } });
    expect(await clockOf(scaled.id)).toMatchObject({ mode: 'scaled', time_scale: 0.5 });
  });

  it('advance and set move one sandbox only: the emulator clock and the other sandboxes keep their time', async () => {
    const a = await createSandbox(t.app, { clock: { mode: 'frozen', now: START } });
    const b = await createSandbox(t.app, { clock: { mode: 'frozen', now: START } });
    const before = await globalNow();

    const advanced = await request(t.app)
      .post(`/_emulator/sandboxes/${a.id}/clock/advance`)
      .send({ seconds: 3 * 86_400 });
    expect(advanced.status, advanced.text).toBe(200);
    expect(advanced.body.now).toBe(new Date(Date.parse(START) + 3 * 86_400_000).toISOString());
    expect(advanced.body.now_ms).toBe(Date.parse(START) + 3 * 86_400_000);

    const later = new Date(Date.parse(START) + 10 * 86_400_000).toISOString();
    const set = await request(t.app).post(`/_emulator/sandboxes/${a.id}/clock`).send({ now: later });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ mode: 'frozen', now: later });

    expect((await clockOf(a.id)).now).toBe(later);
    expect((await clockOf(b.id)).now).toBe(START);
    expect(await globalNow()).toBe(before);
    // The sandbox's view shows its clock too.
    const view = await request(t.app).get(`/_emulator/sandboxes/${a.id}`);
    expect(view.body.clock.now).toBe(later);
  });

  it('never moves back (422 naming now), and a reset returns it to its start', async () => {
    const a = await createSandbox(t.app, { clock: { mode: 'frozen', now: START } });
    await request(t.app).post(`/_emulator/sandboxes/${a.id}/clock/advance`).send({ seconds: 60 });
    const back = await request(t.app)
      .post(`/_emulator/sandboxes/${a.id}/clock`)
      .send({ now: '2029-12-31T00:00:00Z' });
    const problem = expectProblem(back, 422, 'invalid_clock_change');
    expect(problem.detail).toContain('now');
    expect((await clockOf(a.id)).now).toBe(new Date(Date.parse(START) + 60_000).toISOString());
    // Setting the time it already has, or only the mode, is no move back.
    const same = await request(t.app)
      .post(`/_emulator/sandboxes/${a.id}/clock`)
      .send({ mode: 'scaled', time_scale: 2 });
    expect(same.body).toMatchObject({ mode: 'scaled', time_scale: 2 });

    const reset = await request(t.app).post(`/_emulator/sandboxes/${a.id}/reset`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.clock).toMatchObject({ mode: 'frozen', now: START, time_scale: 1 });
    expect(await clockOf(a.id)).toMatchObject({ mode: 'frozen', now: START });
  });

  it('checks the bodies like /clock', async () => {
    const own = await createSandbox(t.app, { clock: { mode: 'frozen' } });
    const bad = await request(t.app)
      .post(`/_emulator/sandboxes/${own.id}/clock/advance`)
      .send({ seconds: -1 });
    expect(expectProblem(bad, 422, 'validation_failed').detail).toContain('seconds');
    const empty = await request(t.app).post(`/_emulator/sandboxes/${own.id}/clock`).send({});
    expectProblem(empty, 422, 'validation_failed');
  });

  it('a whole emulator reset removes every sandbox and its clock', async () => {
    const a = await createSandbox(t.app, { clock: { mode: 'frozen', now: START } });
    expect(t.emulator.part('clocks').own(a.org_id)).toBeDefined();
    const res = await request(t.app).post('/_emulator/reset').send({ keep_clock: true });
    expect(res.status, res.text).toBe(200);
    expect((await request(t.app).get('/_emulator/sandboxes')).body.sandboxes).toEqual([]);
    expect(t.emulator.part('clocks').own(a.org_id)).toBeUndefined();
    expectProblem(await request(t.app).get(`/_emulator/sandboxes/${a.id}`), 404, 'not_found');
  });
});

describe('a sandbox that follows the emulator clock (issue 37)', () => {
  it('has no clock to read (409), until one is set or advanced', async () => {
    const plain = await createSandbox(t.app);
    expect(plain.clock).toBeNull();
    const problem = expectProblem(
      await request(t.app).get(`/_emulator/sandboxes/${plain.id}/clock`),
      409,
      'sandbox_without_clock',
    );
    expect(problem.detail).toContain(`/_emulator/sandboxes/${plain.id}/clock`);
  });

  it('gets its own clock from a set: a copy of the emulator clock, {now} alone keeping its mode', async () => {
    const plain = await createSandbox(t.app);
    const before = await globalNow();
    const set = await request(t.app).post(`/_emulator/sandboxes/${plain.id}/clock`).send({ now: START });
    expect(set.status, set.text).toBe(200);
    // The emulator clock is frozen here, so is the copy; its scale is the emulator clock's.
    expect(set.body).toMatchObject({ mode: 'frozen', now: START, time_scale: 1 });
    expect(await clockOf(plain.id)).toMatchObject({ mode: 'frozen', now: START });
    expect(await globalNow()).toBe(before);

    // Kept as if the sandbox had been created with it: shown in its options, and a reset returns it there.
    const view = (await request(t.app).get(`/_emulator/sandboxes/${plain.id}`)).body;
    expect(view.clock).toMatchObject({ mode: 'frozen', now: START });
    expect(view.options.clock).toEqual({ mode: 'frozen', now: START, time_scale: 1 });
    await request(t.app).post(`/_emulator/sandboxes/${plain.id}/clock/advance`).send({ seconds: 3600 });
    const reset = await request(t.app).post(`/_emulator/sandboxes/${plain.id}/reset`);
    expect(reset.body.clock).toMatchObject({ mode: 'frozen', now: START });
    expect(await globalNow()).toBe(before);
  });

  it("drives its organization's time rules once it has it, and no one else's", async () => {
    const plain = await createSandbox(t.app);
    const other = await createSandbox(t.app);
    await request(t.app).post(`/_emulator/sandboxes/${plain.id}/clock`).send({ now: START });
    // A ws-token lives 60 s of its organization's clock (CLK-A1).
    const expiry = async (key: string) => {
      const res = await v1(t.app, key, 'post', '/v1/auth/ws-token').send({ scopes: ['stt:transcribe'] });
      expect(res.status, res.text).toBe(201);
      return Date.parse((res.body as { expires_at: string }).expires_at);
    };
    expect(await expiry(plain.keys.live.key)).toBe(Date.parse(START) + 60_000);
    expect(await expiry(other.keys.live.key)).toBe(T0 + 60_000);
  });

  it('gets its own clock from an advance, starting at the emulator clock', async () => {
    const plain = await createSandbox(t.app);
    const before = await globalNow();
    const res = await request(t.app)
      .post(`/_emulator/sandboxes/${plain.id}/clock/advance`)
      .send({ seconds: 86_400 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ mode: 'frozen', now: new Date(T0 + 86_400_000).toISOString() });
    expect(await globalNow()).toBe(before);
    // Its start is where the emulator clock stood when it got it.
    const reset = await request(t.app).post(`/_emulator/sandboxes/${plain.id}/reset`);
    expect(reset.body.clock).toMatchObject({ now: new Date(T0).toISOString() });
  });

  it('refuses a now before the emulator clock (the time it had), and stays on the emulator clock', async () => {
    const plain = await createSandbox(t.app);
    const back = await request(t.app)
      .post(`/_emulator/sandboxes/${plain.id}/clock`)
      .send({ now: new Date(T0 - 1000).toISOString() });
    expect(expectProblem(back, 422, 'invalid_clock_change').detail).toContain('now');
    expect((await request(t.app).get(`/_emulator/sandboxes/${plain.id}`)).body.clock).toBeNull();
  });

  it('a set and a create take {now} alone, as /_emulator/clock does', async () => {
    const created = await createSandbox(t.app, { clock: { now: START } });
    expect(created.clock).toMatchObject({ mode: 'frozen', now: START, time_scale: 1 });
    // /_emulator/clock keeps its mode for {now} alone: the same body, the same rule.
    const emu = await request(t.app)
      .post('/_emulator/clock')
      .send({ now: new Date(T0).toISOString() });
    expect(emu.body).toMatchObject({ mode: 'frozen' });
    const later = new Date(Date.parse(START) + 1000).toISOString();
    const set = await request(t.app).post(`/_emulator/sandboxes/${created.id}/clock`).send({ now: later });
    expect(set.body).toMatchObject({ mode: 'frozen', now: later });
  });
});
