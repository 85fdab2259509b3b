/**
 * One contract, both implementations of OrgState (src/orgs/org-state.contract.ts): in memory, and over a real
 * Redis where each instance is its own RedisStore on the same URL.
 */
import { describe } from 'vitest';
import { MemoryOrgState } from '../../src/orgs/memory-orgs.js';
import type { OrgState } from '../../src/orgs/org-state.js';
import { orgStateContract } from '../../src/orgs/org-state.contract.js';
import { RedisOrgState } from '../../src/orgs/redis-orgs.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { RedisInstances } from '../support/redis-instances.js';

describe('OrgState in memory', () => {
  orgStateContract(() => {
    // One process: every instance is the same state.
    const state = new MemoryOrgState();
    return {
      instance: async () => state,
      reset: async (s) => s.reset(),
      sync: async () => {},
      close: async () => {},
    };
  });
});

describe('OrgState in Redis', () => {
  let redis: TestRedis | undefined;
  orgStateContract(() => {
    const instances = new RedisInstances<OrgState>(
      async () => (redis ??= await startRedis()).url,
      (store) => new RedisOrgState(store),
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
