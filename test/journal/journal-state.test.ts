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

describe('the journal state over Redis, two instances', () => {
  let redis: TestRedis;
  let instances = 0;

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  journalStateContract(async (bounds: JournalBounds) => {
    const stores: RedisStore[] = [];
    const instance = async (): Promise<JournalSide> => {
      const store = new RedisStore(redis.url, `journal-${++instances}`);
      stores.push(store);
      await store.open();
      const state: JournalState = new RedisJournal(store, bounds);
      await state.open?.();
      return { state, journal: new Journal(new Clock(), state) };
    };
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
});

describe('the journal over Redis, instances whose process clocks differ (decisions J-H1)', () => {
  let redis: TestRedis;
  const stores: RedisStore[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await redis?.stop();
  });

  it('lists an entry answered through B just before a read through A, though B’s process clock runs 5 ms ahead of A’s', async () => {
    const instance = async (id: string): Promise<JournalSide> => {
      const store = new RedisStore(redis.url, id);
      stores.push(store);
      await store.open();
      const state: JournalState = new RedisJournal(store, WIDE);
      await state.open?.();
      return { state, journal: new Journal(new Clock(), state) };
    };
    const [a, b] = [await instance('skew-a'), await instance('skew-b')];
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
