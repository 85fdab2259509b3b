/** The factory of SandboxState: the memory or the Redis implementation, chosen once by the store the emulator runs on. */
import type { StateStore } from '../store/index.js';
import { RedisStore } from '../store/redis-store.js';
import { MemorySandboxes } from './memory-sandboxes.js';
import { RedisSandboxes } from './redis-sandboxes.js';
import type { SandboxStateDeps } from './sandbox-org-part.js';
import type { SandboxState } from './sandbox-state.js';

export function createSandboxState(store: StateStore, deps: SandboxStateDeps): SandboxState {
  return store instanceof RedisStore ? new RedisSandboxes(store, deps) : new MemorySandboxes(deps);
}
