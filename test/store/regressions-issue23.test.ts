/**
 * Issue 23's two defects, as a new user met them with three instances over one Redis:
 * - after concurrent billable requests split over A, B and C, every instance must read the same balance;
 * - an instance started later must report the shared balance, not the one from its config.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll } from '../support/cli.js';
import {
  adminCall,
  startInstance,
  startRedis,
  type StoreInstance as Instance,
  type TestRedis,
} from '../support/redis.js';

let redis: TestRedis;
let config: string;
let a: Instance;
let b: Instance;
let c: Instance;

const admin = adminCall;

interface Balance {
  balance: number;
}

/** The balance of an organization as each of the three admin views gives it. */
async function balances(
  on: Instance,
  orgId: string,
): Promise<{ billing: number; usage: number; org: number }> {
  // The organization view first: it is the one read that reloads nothing before answering.
  const org = await admin<{ credits: Balance }>(on, 'GET', `/orgs/${orgId}`);
  const billing = await admin<{ balance: Balance }>(on, 'GET', `/orgs/${orgId}/billing`);
  const usage = await admin<{ balance: Balance }>(on, 'GET', `/orgs/${orgId}/usage?limit=1`);
  expect([billing.status, usage.status, org.status]).toEqual([200, 200, 200]);
  return {
    billing: billing.body.balance.balance,
    usage: usage.body.balance.balance,
    org: org.body.credits.balance,
  };
}

async function speak(on: Instance, key: string): Promise<number> {
  const res = await fetch(`${on.base}/tts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text: 'مرحب', voice: 'ar-SA-noura' }),
  });
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  redis = await startRedis();
  const dir = mkdtempSync(join(tmpdir(), 'svc-issue23-'));
  config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      rateLimits: { live: { limit: 10_000, windowSeconds: 60 }, test: { limit: 10_000, windowSeconds: 60 } },
      prices: { tts: { fast: 0.5, standard: 1, high: 2 } },
    }),
  );
  [a, b, c] = await Promise.all(['A', 'B', 'C'].map((id) => startInstance(redis, id, config)));
}, 60_000);

afterAll(async () => {
  await killAll();
  await redis?.stop();
});

describe('issue 23 regressions: one truth for balances over Redis', () => {
  it('40 concurrent 4-credit clips over A, B and C on 40 credits: 10 served, and every instance then reads a balance of 0', async () => {
    const org = await admin<{ id: string }>(a, 'POST', '/orgs', { name: 'Three', credits: 40 });
    expect(org.status).toBe(201);
    const key = await admin<{ key: string }>(a, 'POST', `/orgs/${org.body.id}/keys`, {
      environment: 'live',
      scopes: ['tts:speak'],
    });
    const on = [a, b, c];
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => speak(on[i % 3], key.body.key)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    for (const instance of on)
      expect(await balances(instance, org.body.id)).toEqual({ billing: 0, usage: 0, org: 0 });
  });

  it('an instance started later reports the shared balance, not the one of its config', async () => {
    const demo = 'org_demo';
    const set = await admin(a, 'PATCH', `/orgs/${demo}/billing`, { balance: 555 });
    expect(set.status).toBe(200);
    const late = await startInstance(redis, 'D', config);
    expect(await balances(late, demo)).toEqual({ billing: 555, usage: 555, org: 555 });
    expect(await balances(b, demo)).toEqual({ billing: 555, usage: 555, org: 555 });
  });
});
