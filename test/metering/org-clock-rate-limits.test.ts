/**
 * Issue 24, test clocks: a key's rate window runs on its organization's clock. The window, RateLimit-Reset and
 * Retry-After are counted on that clock, and it reopens when that clock (not the emulator's) passes the window.
 * Memory, and Redis with the hits split between two instances.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/app/emulator.js';
import { bearer } from '../support/emulator.js';
import {
  advanceOrg,
  GLOBAL_START,
  globalNow,
  orgWithKeys,
  ownClock,
  storeCases,
  type Instances,
  type OrgWithKeys,
} from '../support/org-clocks.js';
import { expectProblem } from '../support/problem.js';

const WINDOW_S = 60;
const LIMIT = 2;
/** 10 s into a 60 s window of its clock: its window resets in 50 s. */
const OWN_START = '2030-01-01T00:00:10.000Z';
/** Seconds left in the window each clock is in (windows are aligned to multiples of their length). */
const leftIn = (iso: string) => WINDOW_S - ((Date.parse(iso) / 1000) % WINDOW_S);

function hit(on: Emulator, org: OrgWithKeys) {
  return request(on.app)
    .post('/v1/auth/ws-token')
    .set('Authorization', bearer(org.test.key))
    .send({ scopes: ['tts:speak'] });
}

describe.each(storeCases())('rate windows on the organization clock, %s', (_name, start) => {
  let on: Instances;
  let own: OrgWithKeys;
  let other: OrgWithKeys;

  beforeAll(async () => {
    on = await start({
      seed: 'org-clock-rate',
      rateLimits: { test: { limit: LIMIT, windowSeconds: WINDOW_S } },
    });
    own = await orgWithKeys(on.a, 'Own clock', ['tts:speak']);
    other = await orgWithKeys(on.a, 'Global clock', ['tts:speak']);
    await ownClock(on, own.id, OWN_START);
  }, 60_000);
  afterAll(() => on.stop());

  it('counts the window on its own clock: reset headers and Retry-After from that clock, the other on the emulator clock', async () => {
    const first = await hit(on.a, own);
    expect(first.status).toBe(201);
    expect(Number(first.headers['ratelimit-reset'])).toBe(leftIn(OWN_START));
    expect((await hit(on.b, own)).status).toBe(201);
    const refused = await hit(on.a, own);
    expectProblem(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBe(leftIn(OWN_START));
    expect(Number(refused.headers['ratelimit-remaining'])).toBe(0);

    const others = await hit(on.b, other);
    expect(others.status).toBe(201);
    expect(Number(others.headers['ratelimit-reset'])).toBe(leftIn(GLOBAL_START));
  });

  it('the emulator clock passing the window leaves its window closed; its own clock passing it reopens it', async () => {
    await on.a.part('clock').advance(WINDOW_S * 1000);
    await expect.poll(() => globalNow(on.b)).not.toBe(GLOBAL_START);
    expectProblem(await hit(on.b, own), 429, 'rate_limited');

    await advanceOrg(on, own.id, leftIn(OWN_START) * 1000);
    const again = await hit(on.b, own);
    expect(again.status).toBe(201);
    expect(Number(again.headers['ratelimit-remaining'])).toBe(LIMIT - 1);
    expect(Number(again.headers['ratelimit-reset'])).toBe(WINDOW_S);
  });
});
