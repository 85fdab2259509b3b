/** The state store of one emulator: which implementation, and the shared slice wired to the local structures. */
import type { WsTokenStore } from '../auth/ws-tokens.js';
import type { EmulatorConfig } from '../config.js';
import type { RateLimiter } from '../metering/rate-limit.js';
import type { Clock } from '../core/clock.js';
import { SharedState, type SharedStateTargets } from './shared-state.js';
import type { SharedRag } from './shared-rag.js';
import { type StateStore } from './state-store.js';
import { type WorkQueue } from './work-queue.js';
export type { WorkItem, WorkQueue } from './work-queue.js';
export { StoreUnavailableError, type InstanceInfo, type StateStore } from './state-store.js';
export declare function createStateStore(config: Pick<EmulatorConfig, 'store' | 'instanceId'>): StateStore;
/**
 * The seed of ids and generated secrets. With a shared store the instance id goes into it, so two
 * instances with the same seed never mint the same id, key or token; with the memory store it is the seed
 * itself and every id stays exactly as before (tests depend on the sequence).
 */
export declare function streamSeed(seed: string, store: StateStore): string;
/** Shares the state of docs/scaling.md (organizations, keys, tokens, windows, billing, jobs, webhooks, faults, clock, journal...) through a Redis store; null with the memory store. */
export declare function shareState(store: StateStore, parts: SharedStateTargets & {
    wsTokens: WsTokenStore;
    rateLimiter: RateLimiter;
}): SharedState | null;
/**
 * The due-work queue of an emulator (work-queue.ts): shared through Redis once shareState() ran for the
 * store, otherwise timers on the emulator's Clock. One per store, whoever asks first (STT jobs, RAG...).
 */
export declare function workQueueFor(store: StateStore, clock: Clock): WorkQueue;
/** The shared slice wired to a store by shareState(), or undefined with the memory store. */
export declare function sharedStateOf(store: StateStore): SharedState | undefined;
/** The shared RAG state of a store, for the RAG area to attach to (built after shareState): null in memory. */
export declare function sharedRag(store: StateStore): SharedRag | null;
/** Tells a Redis store the URL this instance serves, for its heartbeat (health `instances`). */
export declare function announce(store: StateStore, baseUrl: string): void;
/** Waits for the writes issued so far to reach the shared store (nothing to wait for with the memory store). */
export declare function storeSettled(store: StateStore): Promise<void>;
