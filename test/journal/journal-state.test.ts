/**
 * The journal state's contract (src/journal/journal-state.contract.ts) against both implementations: this
 * process's memory, and Redis (a real redis-server) with two stores on one URL acting as two instances.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { Journal } from '../../src/journal/journal.js';
import {
  ids,
  journalStateContract,
  record,
  WIDE,
  type JournalBounds,
  type JournalSide,
} from '../../src/journal/journal-state.contract.js';
import type { JournalState } from '../../src/journal/journal-state.js';
import { MemoryJournal } from '../../src/journal/memory-journal.js';
import { RedisJournal } from '../../src/journal/redis-journal.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { startRedis, type TestRedis } from '../support/redis.js';

describe('the journal state in memory', () => {
  journalStateContract(async (bounds) => {
    const state = new MemoryJournal(bounds);
    const side: JournalSide = { state, journal: new Journal(new Clock(), state) };
    return { a: side, b: side, join: async () => side, close: async () => {} };
  });
});

/** One instance over Redis: a store of its own on `url`, its journal state, and the Journal in front of it. */
async function redisSide(
  url: string,
  id: string,
  bounds: JournalBounds,
  stores: RedisStore[],
): Promise<JournalSide> {
  const store = new RedisStore(url, id);
  stores.push(store);
  await store.open();
  const state: JournalState = new RedisJournal(store, bounds);
  await state.open?.();
  return { state, journal: new Journal(new Clock(), state) };
}

describe('the journal state over Redis, two instances', () => {
  let redis: TestRedis;
  let instances = 0;
  const skewStores: RedisStore[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(skewStores.map((s) => s.close()));
    await redis?.stop();
  });

  journalStateContract(async (bounds: JournalBounds) => {
    const stores: RedisStore[] = [];
    const instance = () => redisSide(redis.url, `journal-${++instances}`, bounds, stores);
    const a = await instance();
    const b = await instance();
    // Each case starts from an empty journal (the cases share one Redis), once b has heard of it: the
    // clear's event drops what b has queued, which would otherwise take the case's first entries with it.
    const heard = new Promise<void>((resolve) =>
      stores[1].onMessage((m) => m.type === 'journal.cleared' && resolve()),
    );
    await a.state.clear();
    await heard;
    return {
      a,
      b,
      join: instance,
      close: async () => void (await Promise.all(stores.map((s) => s.close()))),
    };
  });

  it('lists an entry answered through B just before a read through A, though B’s process clock runs 5 ms ahead of A’s (decisions J-H1)', async () => {
    const a = await redisSide(redis.url, 'skew-a', WIDE, skewStores);
    const b = await redisSide(redis.url, 'skew-b', WIDE, skewStores);
    // `performance.timeOrigin` is fixed per process at its start; two instances' differ by a few ms.
    const origin = performance.timeOrigin;
    for (let round = 0; round < 5; round++) {
      const ahead = vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(origin + 5);
      const entry = record(b, { scope: 'skew' });
      ahead.mockRestore();
      expect(ids(await a.state.list({ scope: 'skew' })), `round ${round}`).toContain(entry.request_id);
    }
  });
});
