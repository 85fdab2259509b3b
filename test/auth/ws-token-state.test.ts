/**
 * One contract, both implementations of WsTokenState (src/auth/ws-token-state.contract.ts): in memory, and
 * over a real Redis where each instance is its own RedisStore on the same URL.
 */
import { describe } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { RedisWsTokenState } from '../../src/auth/redis-ws-tokens.js';
import { MemoryWsTokenState, type WsTokenState } from '../../src/auth/ws-token-state.js';
import { wsTokenStateContract } from '../../src/auth/ws-token-state.contract.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { RedisInstances } from '../support/redis-instances.js';

/** The contract's tokens expire at 00:01 (one at 23:59 the day before, expired). */
const clock = () => new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
/** Every organization of the contract follows that one clock. */
const clocks = () => {
  const c = clock();
  return { for: () => c, global: c };
};

describe('WsTokenState in memory', () => {
  wsTokenStateContract(() => {
    // One process: every instance is the same state.
    const state = new MemoryWsTokenState(clocks());
    return {
      instance: async () => state,
      reset: async (s) => s.reset(),
      sync: async () => {},
      close: async () => {},
    };
  });
});

describe('WsTokenState in Redis', () => {
  let redis: TestRedis | undefined;
  wsTokenStateContract(() => {
    const instances = new RedisInstances<WsTokenState>(
      async () => (redis ??= await startRedis()).url,
      (store) => new RedisWsTokenState(store, clocks()),
    );
    return {
      instance: () => instances.open(),
      reset: (state) => instances.reset(state),
      sync: () => instances.sync(),
      close: async () => {
        await instances.close();
        await redis?.stop();
      },
    };
  });
});
