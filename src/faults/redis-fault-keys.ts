/** Where the fault rules live in Redis (redis-fault-rules.ts), and the connection with their scripts defined. */
import type { Redis } from 'ioredis';
import type { RedisStore } from '../store/redis-store.js';
import type { FaultScripts } from './redis-fault-scripts.js';

export type FaultKeys = ReturnType<typeof faultKeys>;

export function faultRedis(store: RedisStore): Redis & FaultScripts {
  return store.redis as unknown as Redis & FaultScripts;
}

export function faultKeys(store: RedisStore) {
  return {
    rules: store.key('faults'),
    left: store.key('fault-left'),
    /** The ids of the rules that match one organization, and the organizations that have such a set. */
    org: (orgId: string) => store.key(`faults:org:${orgId}`),
    orgs: store.key('faults:orgs'),
    /** Numbers the rules of an organization added and the organizations' resets (OwnWrites). */
    seq: store.key('faults:seq'),
    /** Each rule's place (id → number), and the counter that numbers them. */
    places: store.key('fault-places'),
    placeSeq: store.key('fault-place'),
  };
}
