/**
 * The clock state's contract (src/clock/clock-state.contract.ts) against both implementations: in memory, and
 * over a real Redis with two or three stores in this process acting as instances.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { clockStateContract } from '../../src/clock/clock-state.contract.js';
import type { ClockAnchorState } from '../../src/core/clock-state.js';
import { createClockState } from '../../src/clock/state.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { startRedis, type TestRedis } from '../support/redis.js';

describe('the clock state in memory', () => {
  clockStateContract((wallNow) => {
    // One process, one store: every instance of it is the same clock state.
    const store = new MemoryStore('memory');
    let state: ClockAnchorState | undefined;
    return {
      join: async (start) => (state ??= createClockState(store, start, { wallNow })),
      close: async () => {},
    };
  });
});

describe('the clock state over Redis', () => {
  let redis: TestRedis;
  let n = 0;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  clockStateContract((wallNow) => {
    const stores: RedisStore[] = [];
    return {
      async join(start) {
        const store = new RedisStore(redis.url, `clock-${++n}`);
        await store.open();
        stores.push(store);
        const state = createClockState(store, start, { wallNow });
        await state.open?.();
        return state;
      },
      async close() {
        await stores[0]?.redis.flushdb();
        await Promise.all(stores.splice(0).map((s) => s.close()));
      },
    };
  });
});
