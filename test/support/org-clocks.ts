/**
 * Organizations with a clock of their own (issue 24, test clocks), before the sandboxes API: an organization
 * made through the admin API is given its own clock with `emulator.part('clocks').attach`, on every instance, as a
 * sandbox's would be. The same cases run with the memory store (one emulator) and over Redis (two instances,
 * the clock's state shared under its id).
 */
import request from 'supertest';
import { expect } from 'vitest';
import type { EmulatorOptions } from '../../src/app/config.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import type { Scope } from '../../src/orgs/store.js';
import { createKey } from './emulator.js';
import { startRedis, type TestRedis } from './redis.js';

/** Two instances of one emulator: the same one twice with the memory store. */
export interface Instances {
  a: Emulator;
  b: Emulator;
  stop(): Promise<void>;
}

/** The emulator's own clock in these tests: frozen, so "untouched" can be asserted exactly. */
export const GLOBAL_START = '2026-05-05T12:00:30.000Z';

export type StoreCase = [name: string, start: (options: EmulatorOptions) => Promise<Instances>];

/** The memory store (one emulator), and Redis (two instances). */
export function storeCases(): StoreCase[] {
  let redis: TestRedis | undefined;
  const base = (o: EmulatorOptions): EmulatorOptions => ({
    logLevel: 'silent',
    clockMode: 'frozen',
    clockStart: GLOBAL_START,
    ...o,
  });
  return [
    [
      'memory store',
      async (o) => {
        const emulator = await createEmulator(base(o));
        return { a: emulator, b: emulator, stop: () => emulator.close() };
      },
    ],
    [
      'Redis store, two instances',
      async (o) => {
        redis = await startRedis();
        const options = { ...base(o), store: redis.url };
        const a = await createEmulator({ ...options, instanceId: 'org-clock-a' });
        const b = await createEmulator({ ...options, instanceId: 'org-clock-b' });
        return {
          a,
          b,
          stop: async () => {
            await a.close();
            await b.close();
            await redis?.stop();
          },
        };
      },
    ],
  ];
}

export interface OrgWithKeys {
  id: string;
  live: { id: string; key: string };
  test: { id: string; key: string };
}

/** An organization made through the admin API, with a live and a test key of the given scopes. */
export async function orgWithKeys(
  on: Emulator,
  name: string,
  scopes: Scope[],
  body: Record<string, unknown> = {},
): Promise<OrgWithKeys> {
  const created = await request(on.app)
    .post('/_emulator/orgs')
    .send({ name, ...body });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const live = await createKey(on.app, id, { scopes, environment: 'live' });
  const test = await createKey(on.app, id, { scopes, environment: 'test' });
  await on.store.settled();
  return { id, live, test };
}

/** Gives the organization its own frozen clock at `at`, on every instance (as a sandbox's is). */
export async function ownClock(on: Instances, orgId: string, at: string): Promise<void> {
  for (const emulator of new Set([on.a, on.b])) {
    const clock = emulator.part('clocks').attach(orgId, `sandbox:t_${orgId}:clock`, {
      mode: 'frozen',
      timeScale: 1,
      at: Date.parse(at),
    });
    // With Redis, the second instance takes the time the first wrote.
    await clock.timeState.open?.();
  }
}

/** Advances the organization's own clock through A; resolves once B reads the same time. */
export async function advanceOrg(on: Instances, orgId: string, ms: number): Promise<string> {
  const clock = on.a.part('clocks').own(orgId);
  if (!clock) throw new Error(`${orgId} has no clock of its own`);
  await clock.advance(ms);
  const now = clock.isoNow();
  await expect.poll(() => on.b.part('clocks').for(orgId).isoNow()).toBe(now);
  await on.a.store.settled();
  return now;
}

/** The emulator's clock as GET /_emulator/clock tells it. */
export async function globalNow(on: Emulator): Promise<string> {
  const res = await request(on.app).get('/_emulator/clock');
  expect(res.status).toBe(200);
  return res.body.now as string;
}
