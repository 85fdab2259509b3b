/** The factory of FaultRulesState: the memory or the Redis implementation, chosen once by the store the emulator runs on. */
import type { StateStore } from '../store/index.js';
import { RedisStore } from '../store/redis-store.js';
import { RedisFaultRules } from './redis-fault-rules.js';
import { MemoryFaultRules, type FaultRulesState } from './fault-rules-state.js';

/** The fault rules of one emulator: shared through Redis with a Redis store, in this process otherwise. */
export function createFaultRulesState(store: StateStore): FaultRulesState {
  return store instanceof RedisStore ? new RedisFaultRules(store) : new MemoryFaultRules();
}
