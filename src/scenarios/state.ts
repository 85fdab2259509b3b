/** The factory of ScenariosState: the memory or the Redis implementation, chosen once by the store the emulator runs on. */
import type { StateStore } from '../store/index.js';
import { RedisStore } from '../store/redis-store.js';
import { RedisScenarios } from './redis-scenarios.js';
import { MemoryScenarios, type ScenariosState } from './scenarios-state.js';

/** The scenarios of one emulator: shared through Redis with a Redis store, in this process otherwise. */
export function createScenariosState(store: StateStore): ScenariosState {
  return store instanceof RedisStore ? new RedisScenarios(store) : new MemoryScenarios();
}
