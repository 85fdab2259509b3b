/**
 * The flush barrier (src/store/barrier.ts) between instances of one Redis store: a barrier returns once every
 * other live instance ran its flush for the topic, with the flush's writes in Redis; an instance in the
 * registry that never answers (gone without leaving it) is waited for no longer than BARRIER_WAIT_MS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BARRIER_WAIT_MS } from '../../src/store/barrier.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { startRedis, type TestRedis } from '../support/redis.js';

let redis: TestRedis;
const stores: RedisStore[] = [];

async function instance(id: string): Promise<RedisStore> {
  const store = new RedisStore(redis.url, id);
  stores.push(store);
  await store.open();
  return store;
}

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await redis?.stop();
});

describe('the flush barrier', () => {
  it("returns once every other instance's flush is written, and runs no flush of its own instance", async () => {
    const [a, b, c] = await Promise.all([instance('bar-a'), instance('bar-b'), instance('bar-c')]);
    const flushed: string[] = [];
    for (const store of [a, b, c])
      store.barriers.onFlush('topic', () => {
        flushed.push(store.instanceId);
        // Written without waiting, as the journal sends its batch: the barrier's answer follows it.
        void store.redis.rpush('barrier-test:written', store.instanceId);
      });
    await a.barriers.barrier('topic');
    expect(flushed.sort()).toEqual(['bar-b', 'bar-c']);
    expect((await a.redis.lrange('barrier-test:written', 0, -1)).sort()).toEqual(['bar-b', 'bar-c']);
    await a.barriers.barrier('another topic');
    expect(flushed).toHaveLength(2);
  });

  it('waits at most BARRIER_WAIT_MS for an instance in the registry that never answers', async () => {
    const a = await instance('bar-d');
    await a.redis.zadd(a.key('instances'), Date.now(), 'bar-gone');
    const started = performance.now();
    await a.barriers.barrier('topic');
    expect(performance.now() - started).toBeGreaterThanOrEqual(BARRIER_WAIT_MS - 50);
    await a.redis.zrem(a.key('instances'), 'bar-gone');
  });
});
