/**
 * The Lua scripts of the shared webhook queue (src/webhooks/redis-scripts.ts) against a real Redis: one
 * winner when claims race, no write without the lease, the attempts kept (50, any bytes), the list limit,
 * redelivery, reading, and taking back a lease. Deliveries are kept in their organization's hash.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_CLAIM,
  WEBHOOK_ENQUEUE,
  WEBHOOK_FINISH,
  WEBHOOK_READ,
  WEBHOOK_RECLAIM,
  WEBHOOK_REDELIVER,
} from '../../src/webhooks/redis-scripts.js';
import { startRedis, type TestRedis } from '../support/redis.js';

type Run = (...args: (string | number)[]) => Promise<any>;
interface Scripts {
  enqueue: Run;
  claim: Run;
  finish: Run;
  redeliver: Run;
  reclaim: Run;
  read: Run;
}

const PREFIX = 't:';
const SUFFIX = ':deliveries';
const ORG = 'org_a';
const HASH = `${PREFIX}${ORG}${SUFFIX}`;
const K = Object.fromEntries(['orgOf', 'order', 'seq', 'due', 'leases', 'orgs'].map((n) => [n, `t:${n}`]));
let redis: TestRedis;
let client: Redis & Scripts;
const channel = 't:events';

function enqueue(id: string, due = 1000, limit = 1000, body = '{"id":"evt_1"}') {
  return client.enqueue(
    ...[HASH, K.order, K.seq, K.due, K.orgOf, K.orgs],
    ...[id, ORG, '{"id":"' + id + '"}', body, due, limit, channel, '{}', PREFIX, SUFFIX],
  );
}
function claim(now: number, max: number, holder: string): Promise<string[]> {
  return client.claim(K.due, K.leases, K.orgOf, now, max, holder, PREFIX, SUFFIX);
}
function finish(
  member: string,
  holder: string,
  attempt: object,
  status = 'failed',
  next = '',
  due: number | '' = '',
) {
  const id = member.slice(0, member.lastIndexOf('|'));
  const series = member.slice(member.lastIndexOf('|') + 1);
  return client.finish(
    ...[HASH, K.leases, K.due, K.order, K.orgOf],
    ...[member, holder, id, series, JSON.stringify(attempt), status, next, due, 50, channel, '{"data":'],
  ) as Promise<[string, string] | null>;
}
function redeliver(id: string, due: number) {
  return client.redeliver(K.orgOf, K.due, K.order, id, due, channel, '{"data":', PREFIX, SUFFIX) as Promise<
    [string, string, string, string] | null
  >;
}

beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url) as Redis & Scripts;
  client.defineCommand('enqueue', { numberOfKeys: 6, lua: WEBHOOK_ENQUEUE });
  client.defineCommand('claim', { numberOfKeys: 3, lua: WEBHOOK_CLAIM });
  client.defineCommand('finish', { numberOfKeys: 5, lua: WEBHOOK_FINISH });
  client.defineCommand('redeliver', { numberOfKeys: 3, lua: WEBHOOK_REDELIVER });
  client.defineCommand('reclaim', { numberOfKeys: 2, lua: WEBHOOK_RECLAIM });
  client.defineCommand('read', { numberOfKeys: 2, lua: WEBHOOK_READ });
});
beforeEach(async () => {
  await client.flushdb();
});
afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

describe('shared webhook queue scripts', () => {
  it('racing claims: each due attempt goes to exactly one holder; nothing due later is taken', async () => {
    for (let i = 0; i < 20; i++) await enqueue(`d${i}`, 1000);
    await enqueue('later', 5000);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => claim(2000, 5, `h${i}`)));
    // Seven fields per attempt taken, the last its due time (its retry counts from it, decisions W4).
    const members = results.flatMap((flat) => flat.filter((_, i) => i % 7 === 0));
    expect(new Set(results.flatMap((flat) => flat.filter((_, i) => i % 7 === 6)))).toEqual(new Set(['1000']));
    expect(members.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `d${i}|1`).sort());
    expect(await client.zrange(K.due, 0, -1)).toEqual(['later|1']);
    expect(await client.hlen(K.leases)).toBe(20);
  });

  it('an outcome is written only by the lease holder, and the retry is queued with its due time', async () => {
    await enqueue('d1');
    await claim(1000, 10, 'A#1');
    expect(await finish('d1|1', 'B#2', { attempt: 1, series: 1 })).toBeNull();
    const done = await finish(
      'd1|1',
      'A#1',
      { attempt: 1, series: 1 },
      'pending',
      '2030-01-01T00:00:10.000Z',
      11000,
    );
    expect(done).toEqual(['1|pending|2030-01-01T00:00:10.000Z', '{"attempt":1,"series":1}']);
    expect(await client.zscore(K.due, 'd1|1')).toBe('11000');
    // The lease is spent: a second write for the same attempt is refused.
    expect(await finish('d1|1', 'A#1', { attempt: 1, series: 1 })).toBeNull();
  });

  it('keeps the 50 newest attempts, newline-free JSON of any content, in order', async () => {
    await enqueue('d1');
    const odd = 'نص\u2028"quoted"\\\n/end';
    let last: [string, string] | null = null;
    for (let n = 1; n <= 55; n++) {
      await client.zadd(K.due, 0, 'd1|1');
      await claim(0, 1, 'A#1');
      last = await finish('d1|1', 'A#1', { attempt: n, series: 1, requestBody: odd }, 'pending', 'x', '');
    }
    const lines = last![1].split('\n').map((l) => JSON.parse(l) as { attempt: number; requestBody: string });
    expect(lines.map((a) => a.attempt)).toEqual(Array.from({ length: 50 }, (_, i) => i + 6));
    expect(lines[0].requestBody).toBe(odd);
  });

  it('the list keeps its limit; a settled delivery pushed out is deleted, a pending one kept until it settles', async () => {
    await enqueue('old-pending', 1000, 2);
    await enqueue('old-settled', 1000, 2);
    await claim(1000, 10, 'A#1');
    await finish('old-settled|1', 'A#1', { attempt: 1, series: 1 }, 'delivered');
    await enqueue('new1', 1000, 2);
    await enqueue('new2', 1000, 2);
    expect(await client.zrange(K.order, 0, -1)).toEqual(['new1', 'new2']);
    expect(await client.hexists(HASH, 'base:old-settled')).toBe(0);
    expect(await client.hexists(K.orgOf, 'old-settled')).toBe(0);
    expect(await client.hexists(HASH, 'base:old-pending')).toBe(1);
    await finish('old-pending|1', 'A#1', { attempt: 1, series: 1 }, 'delivered');
    expect(await client.hexists(HASH, 'base:old-pending')).toBe(0);
    expect(await client.hexists(K.orgOf, 'old-pending')).toBe(0);
  });

  it('redelivery starts a new series and drops the old queued retry; an old-series outcome leaves the status alone', async () => {
    await enqueue('d1');
    await claim(1000, 10, 'A#1');
    await finish('d1|1', 'A#1', { attempt: 1, series: 1 }, 'pending', 'next', 11000);
    await client.zadd(K.due, 11000, 'd1|1');
    const [base, body, state, attempts] = (await redeliver('d1', 2000))!;
    expect([base, body, state, attempts]).toEqual([
      '{"id":"d1"}',
      '{"id":"evt_1"}',
      '2|pending|',
      '{"attempt":1,"series":1}',
    ]);
    expect(await client.zrange(K.due, 0, -1, 'WITHSCORES')).toEqual(['d1|2', '2000']);
    expect(await redeliver('nope', 2000)).toBeNull();
  });

  it('reads listed deliveries whole or by their fixed fields and state, and nothing of one no longer listed', async () => {
    await enqueue('d1');
    await enqueue('d2', 1000, 1);
    expect(await client.read(K.orgOf, K.order, PREFIX, SUFFIX, '1', 'd2', 'd1')).toEqual([
      '{"id":"d2"}',
      '{"id":"evt_1"}',
      '1|pending|',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(await client.read(K.orgOf, K.order, PREFIX, SUFFIX, '0', 'd2')).toEqual([
      '{"id":"d2"}',
      '',
      '1|pending|',
      '',
    ]);
  });

  it('a lease is taken back only from the holder named', async () => {
    await enqueue('d1');
    await claim(1000, 10, 'A#1');
    expect(await client.reclaim(K.leases, K.due, 'd1|1', 'B#2', 3000)).toBe(0);
    expect(await client.reclaim(K.leases, K.due, 'd1|1', 'A#1', 3000)).toBe(1);
    expect(await client.zscore(K.due, 'd1|1')).toBe('3000');
    expect(await client.hlen(K.leases)).toBe(0);
  });
});
