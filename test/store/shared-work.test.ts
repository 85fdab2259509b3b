/**
 * Issue 17, the due-work queue over a real Redis (src/store/shared-work.ts), two queues in this process as
 * two instances: an item runs once, on one instance, when the emulator clock reaches its due time; the
 * instance that scheduled it runs it while alive; when it is gone, or dies while running it, another runs it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { SharedWork } from '../../src/store/shared-work.js';
import type { WorkItem } from '../../src/store/work-queue.js';
import { startRedis, type TestRedis } from '../support/redis.js';

const START = Date.parse('2030-06-01T00:00:00Z');

let redis: TestRedis;
const open: RedisStore[] = [];

interface Node {
  store: RedisStore;
  clock: Clock;
  work: SharedWork;
  ran: WorkItem<{ n: number }>[];
}

async function node(id: string, handler?: (item: WorkItem<{ n: number }>) => Promise<void>): Promise<Node> {
  const store = new RedisStore(redis.url, id);
  await store.open();
  open.push(store);
  const clock = new Clock({ mode: 'frozen', startAt: START });
  const work = new SharedWork(store, clock);
  const ran: WorkItem<{ n: number }>[] = [];
  work.handle<{ n: number }>('test.item', async (item) => {
    ran.push(item);
    await handler?.(item);
  });
  work.start();
  return { store, clock, work, ran };
}

async function settle(n: Node): Promise<void> {
  await n.store.settled();
}

beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  const flush = new RedisStore(redis.url, 'flush');
  await flush.open();
  await flush.redis.flushdb();
  await flush.close();
});
afterAll(async () => {
  await redis?.stop();
});

describe('the due-work queue over Redis', () => {
  it('an item runs once, on one of two instances, when the clock reaches its due time (not before)', async () => {
    const [a, b] = await Promise.all([node('wa'), node('wb')]);
    a.work.schedule('test.item', 'x1', { n: 1 }, START + 5_000, { anywhere: true });
    await settle(a);
    await Promise.all([a.clock.advance(4_999), b.clock.advance(4_999)]);
    expect(await a.store.redis.zcard(a.store.key('work:due'))).toBe(1);
    await Promise.all([a.clock.advance(1), b.clock.advance(1)]);
    await expect.poll(() => a.ran.length + b.ran.length).toBe(1);
    await expect.poll(() => a.store.redis.hlen(a.store.key('work:items'))).toBe(0);
    expect([...a.ran, ...b.ran][0]).toMatchObject({
      kind: 'test.item',
      id: 'x1',
      payload: { n: 1 },
      dueAt: START + 5_000,
      attempt: 1,
    });
  });

  it('many items split over two instances: each runs exactly once', async () => {
    const [a, b] = await Promise.all([node('wa'), node('wb')]);
    for (let i = 0; i < 40; i++)
      (i % 2 ? a : b).work.schedule('test.item', `m${i}`, { n: i }, START + 1_000, { anywhere: true });
    await Promise.all([settle(a), settle(b)]);
    await Promise.all([a.clock.advance(1_000), b.clock.advance(1_000)]);
    await expect.poll(() => a.ran.length + b.ran.length).toBe(40);
    const ids = [...a.ran, ...b.ran].map((i) => i.id).sort();
    expect(new Set(ids).size).toBe(40);
  });

  it('the scheduling instance runs its item while alive; once it is gone, the other one does', async () => {
    const [a, b] = await Promise.all([node('wa'), node('wb')]);
    a.work.schedule('test.item', 'p1', { n: 2 }, START + 1_000);
    // Due at the same time and after it in the due set: once B has run this one, it has passed over p1.
    a.work.schedule('test.item', 'q1', { n: 3 }, START + 1_000, { anywhere: true });
    await settle(a);
    // Due on B only (A's clock still stands before the due time): B leaves p1 to A.
    await b.clock.advance(1_000);
    await expect.poll(() => b.ran.map((i) => i.id)).toEqual(['q1']);
    // A closes (its heartbeat leaves the instance set): B's next claim takes the item.
    await a.store.close();
    await expect.poll(() => b.ran.map((i) => i.id), { timeout: 10_000 }).toEqual(['q1', 'p1']);
    expect(a.ran).toHaveLength(0);
  });

  it('an instance that dies while running an item: the other runs it again (attempt 2)', async () => {
    let hang!: () => void;
    const a = await node('wa', () => new Promise<void>((resolve) => (hang = resolve)));
    const b = await node('wb');
    a.work.schedule('test.item', 'd1', { n: 3 }, START + 1_000);
    await settle(a);
    await a.clock.advance(1_000);
    await expect.poll(() => a.ran.length).toBe(1);
    await b.clock.advance(1_000);
    // A "dies" mid-run: its connection is cut and its heartbeat removed, as after SIGKILL once it times out.
    await a.store.redis.zrem(a.store.key('instances'), 'wa');
    a.store.redis.disconnect();
    await expect.poll(() => b.ran.length, { timeout: 10_000 }).toBe(1);
    expect(b.ran[0]).toMatchObject({ id: 'd1', attempt: 2 });
    hang();
  });
});
