/**
 * The flush barrier (src/store/barrier.ts) between instances of one Redis store: a barrier returns once every
 * live instance waited for the effects of the answers it sent and ran its flush for the topic, with the
 * flush's writes in Redis; an instance in the registry that never answers (gone without leaving it) is
 * waited for no longer than BARRIER_WAIT_MS.
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
  it("returns once every instance's flush is written, its own included", async () => {
    const [a, b, c] = await Promise.all([instance('bar-a'), instance('bar-b'), instance('bar-c')]);
    const flushed: string[] = [];
    for (const store of [a, b, c])
      store.barriers.onFlush('topic', () => {
        flushed.push(store.instanceId);
        // Written without waiting, as the journal sends its batch: the barrier's answer follows it.
        void store.redis.rpush('barrier-test:written', store.instanceId);
      });
    await a.barriers.barrier('topic');
    expect(flushed.sort()).toEqual(['bar-a', 'bar-b', 'bar-c']);
    expect((await a.redis.lrange('barrier-test:written', 0, -1)).sort()).toEqual(['bar-a', 'bar-b', 'bar-c']);
    await a.barriers.barrier('another topic');
    expect(flushed).toHaveLength(3);
  });

  it('waits for the answers another instance has sent and not yet written the effects of', async () => {
    const [a, b] = await Promise.all([instance('bar-e'), instance('bar-f')]);
    const order: string[] = [];
    b.barriers.onFlush('answers-topic', () => void order.push('flushed'));
    // An answer sent by B whose request's end (its charge, its journal entry) has not run yet.
    const done = b.barriers.answers.ended();
    const raised = a.barriers.barrier('answers-topic').then(() => order.push('read'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual([]);
    order.push('answer written');
    done();
    await raised;
    expect(order).toEqual(['answer written', 'flushed', 'read']);
  });

  it('is shared by the reads raised in one turn', async () => {
    const [a] = await Promise.all([instance('bar-g'), instance('bar-h')]);
    let flushes = 0;
    a.barriers.onFlush('shared-topic', () => void flushes++);
    await Promise.all([a.barriers.barrier('shared-topic'), a.barriers.barrier('shared-topic')]);
    expect(flushes).toBe(1);
    await a.barriers.barrier('shared-topic');
    expect(flushes).toBe(2);
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
