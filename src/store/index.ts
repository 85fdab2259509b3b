/** The state store of one emulator: which implementation, and the shared slice wired to the local structures. */
import type { EmulatorConfig } from '../app/config.js';
import { MemoryStore } from './memory-store.js';
import { RedisStore } from './redis-store.js';
import { SharedState, type SharedStateTargets } from './shared-state.js';
import { generateInstanceId, type StateStore } from './state-store.js';
import { MemoryWorkQueue, type LaneClocks, type WorkQueue } from './work-queue.js';

export type { LaneClocks, WorkItem, WorkQueue } from './work-queue.js';
export { StoreUnavailableError, type InstanceInfo, type StateStore } from './state-store.js';

export function createStateStore(config: Pick<EmulatorConfig, 'store' | 'instanceId'>): StateStore {
  const id = config.instanceId ?? generateInstanceId();
  return config.store === 'memory' ? new MemoryStore(id) : new RedisStore(config.store, id);
}

/**
 * The seed of ids and generated secrets. With a shared store the instance id goes into it, so two
 * instances with the same seed never mint the same id, key or token; with the memory store it is the seed
 * itself and every id stays exactly as before (tests depend on the sequence).
 */
export function streamSeed(seed: string, store: StateStore): string {
  return store.shared ? `${seed}@${store.instanceId}` : seed;
}

/** Shares what docs/scaling.md lists and no area owns yet (the due-work queue) through a Redis store; null with the memory store. */
export function shareState(store: StateStore, parts: SharedStateTargets): SharedState | null {
  if (!(store instanceof RedisStore)) return null;
  const shared = new SharedState(store, parts);
  sharedByStore.set(store, shared);
  return shared;
}

const sharedByStore = new WeakMap<StateStore, SharedState>();
const memoryQueues = new WeakMap<StateStore, WorkQueue>();

/**
 * The due-work queue of an emulator (work-queue.ts): shared through Redis once shareState() ran for the
 * store, otherwise timers on the clocks. One per store, whoever asks first (STT jobs, RAG...); an item of an
 * organization is due on that organization's clock (`clocks.for(org)`), in a lane of its own per clock.
 */
export function workQueueFor(store: StateStore, clocks: LaneClocks): WorkQueue {
  const shared = sharedByStore.get(store);
  if (shared) {
    shared.work.follow(clocks);
    return shared.work;
  }
  let queue = memoryQueues.get(store);
  if (!queue) memoryQueues.set(store, (queue = new MemoryWorkQueue(clocks)));
  return queue;
}

/** Tells a Redis store the URL this instance serves, for its heartbeat (health `instances`). */
export function announce(store: StateStore, baseUrl: string): void {
  if (store instanceof RedisStore) store.announce(baseUrl);
}

/** Waits for the writes issued so far to reach the shared store (nothing to wait for with the memory store). */
export async function storeSettled(store: Pick<StateStore, 'settled'>): Promise<void> {
  const pending = store.settled();
  if (pending) await pending;
}
