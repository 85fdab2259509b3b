import { ApiError } from '../http/errors.js';
export type StoreKind = 'memory' | 'redis';
/** One emulator process as the store sees it (GET /_emulator/health `instances`). */
export interface InstanceInfo {
    id: string;
    pid: number;
    base_url: string | null;
    started_at: string;
    last_seen: string;
}
export interface StateStore {
    readonly kind: StoreKind;
    /** True when other processes can see this store's state (Redis). */
    readonly shared: boolean;
    readonly instanceId: string;
    /** Where the state lives, without credentials: `memory` or `redis://HOST:PORT/DB`. */
    readonly description: string;
    /** Connects (Redis) and starts the heartbeat; idempotent. Rejects with a StoreUnavailableError. */
    open(): Promise<void>;
    close(): Promise<void>;
    /** `ok`, or `unreachable` while a shared store cannot be reached. */
    status(): 'ok' | 'unreachable';
    /**
     * The writes issued so far, settled: callers await it before answering, so a client that hears about a
     * change from one instance finds it on any other. Undefined when nothing is pending (always, in memory).
     */
    settled(): Promise<void> | undefined;
    /** The instances seen in the last few seconds (this one included). */
    instances(self: {
        baseUrl: string | null;
    }): Promise<InstanceInfo[]> | InstanceInfo[];
}
/** The shared store cannot be reached: at start a start-up error, during operation 502 `upstream_error`. */
export declare class StoreUnavailableError extends Error {
    name: string;
}
/** What a client sees while the shared store is down (docs/scaling.md, "While Redis is down"). */
export declare function storeDownError(description: string, cause?: unknown): ApiError;
/** A generated instance id: `i-` and 8 hex characters, new for every process. */
export declare function generateInstanceId(): string;
/** Checks `--store`: `memory` or `redis://HOST:PORT/DB` (port and db optional). Returns a message or null. */
export declare function storeUrlProblem(value: string): string | null;
/** The URL without a password, for logs, health and the readiness line. */
export declare function describeStoreUrl(value: string): string;
