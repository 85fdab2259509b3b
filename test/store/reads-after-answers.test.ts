/**
 * Issue 35, item 5 (regressions): a read through any instance sees the effects of every answer a client
 * already has whole, with no fault at all. Two reads missed them before: the balance read through A right
 * after 40 concurrent 4-credit clips through A, B and C (one instance showed 4 where the others showed 0: TTS
 * bills a clip once the socket took it, after its last byte left), and a journal read through A started right
 * after B answered (the entry is recorded when B's response closes). Three instances of the built CLI over one
 * Redis, many rounds, no wait between the answer and the read.
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
  type StoreInstance,
  type TestRedis,
} from '../support/redis.js';

const CLIP_ROUNDS = 6;
const JOURNAL_ROUNDS = 40;

let redis: TestRedis;
let instances: StoreInstance[];

beforeAll(async () => {
  redis = await startRedis();
  const config = join(mkdtempSync(join(tmpdir(), 'svc-reads-after-answers-')), 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      rateLimits: {
        live: { limit: 100_000, windowSeconds: 60 },
        test: { limit: 100_000, windowSeconds: 60 },
      },
      prices: { tts: { fast: 0.5, standard: 1, high: 2 } },
    }),
  );
  instances = await Promise.all(['A', 'B', 'C'].map((id) => startInstance(redis, id, config)));
}, 60_000);

afterAll(async () => {
  await killAll();
  await redis?.stop();
});

async function orgWithKey(credits: number): Promise<{ orgId: string; key: string }> {
  const [a] = instances;
  const org = await adminCall<{ id: string }>(a, 'POST', '/orgs', { name: 'Reads', credits });
  expect(org.status).toBe(201);
  const key = await adminCall<{ key: string }>(a, 'POST', `/orgs/${org.body.id}/keys`, {
    environment: 'live',
    scopes: ['tts:speak'],
  });
  expect(key.status).toBe(201);
  return { orgId: org.body.id, key: key.body.key };
}

/** A 4-character clip (4 credits at this file's prices), read whole; its status and request id. */
async function speak(on: StoreInstance, key: string): Promise<{ status: number; requestId: string }> {
  const res = await fetch(`${on.base}/tts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text: 'مرحب', voice: 'ar-SA-noura' }),
  });
  await res.arrayBuffer();
  return { status: res.status, requestId: res.headers.get('x-request-id')! };
}

describe('reads after answers, through any instance (issue 35)', () => {
  it(`after 40 concurrent 4-credit clips on 40 credits through A, B and C, the balance and ledger read at once through each show all 10 charges (${CLIP_ROUNDS} rounds)`, async () => {
    for (let round = 0; round < CLIP_ROUNDS; round++) {
      const { orgId, key } = await orgWithKey(40);
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => speak(instances[i % 3], key)));
      const served = results.filter((r) => r.status === 200);
      expect(served, `round ${round}`).toHaveLength(10);
      // No wait: the reads start as soon as the last answer is whole.
      const reads = await Promise.all(
        instances.map((on) =>
          adminCall<{ entries: { request_id: string; status: string }[]; balance: { balance: number } }>(
            on,
            'GET',
            `/orgs/${orgId}/usage?limit=100`,
          ),
        ),
      );
      for (const [i, read] of reads.entries()) {
        const where = `round ${round}, read through ${'ABC'[i]}`;
        expect(read.status, where).toBe(200);
        expect(read.body.balance.balance, where).toBe(0);
        expect(read.body.entries.map((e) => e.request_id).sort(), where).toEqual(
          served.map((r) => r.requestId).sort(),
        );
      }
    }
  }, 120_000);

  it(`a request answered by B is in the journal read through A right after (${JOURNAL_ROUNDS} rounds, one entry and the list)`, async () => {
    const [a, b] = instances;
    const { key } = await orgWithKey(1000);
    for (let round = 0; round < JOURNAL_ROUNDS; round++) {
      const { status, requestId } = await speak(b, key);
      expect(status).toBe(200);
      const [one, list] = await Promise.all([
        fetch(`${a.admin}/requests/${requestId}`),
        adminCall<{ requests: { request_id: string }[] }>(a, 'GET', '/requests?limit=5'),
      ]);
      expect(one.status, `round ${round}: GET /requests/${requestId} through A`).toBe(200);
      await one.arrayBuffer();
      expect(
        list.body.requests.map((e) => e.request_id),
        `round ${round}: GET /requests through A`,
      ).toContain(requestId);
    }
  }, 120_000);
});
