/**
 * The Redis store (`--store redis://HOST:PORT/DB`): one command connection, one subscriber connection for
 * the events channel, a heartbeat per instance. Commands fail fast while Redis is away (no offline queue),
 * so a request answers 502 `upstream_error` at once instead of hanging (docs/scaling.md).
 */
import type { Redis } from 'ioredis';
import { type InstanceInfo, type StateStore } from './state-store.js';
/** Every key and the channel start with this, so the emulator can share a database with nothing else of its own. */
export declare const KEY_PREFIX = "svc-emulator:";
/** How often an instance says it is alive, and how long it counts as seen (wall time: infrastructure, not emulator time). */
export declare const HEARTBEAT_MS = 1000;
export declare const SEEN_WITHIN_MS = 5000;
/** A change another instance made, as published on the events channel. */
export interface StoreMessage {
    from: string;
    type: string;
    data: any;
}
interface Scripts {
    svcPutNew(k1: string, k2: string, id: string, json: string, indexField: string, channel: string, message: string): Promise<number>;
    svcRevoke(k1: string, id: string, json: string, channel: string, message: string): Promise<string>;
    svcLookupByHash(k1: string, k2: string, k3: string, k4: string, hex: string): Promise<[string, string, string] | null>;
    svcRateHit(k1: string, limit: number, ttlMs: number): Promise<[number, number]>;
    svcFaultClaim(k1: string, k2: string, id: string, channel: string, message: string): Promise<number>;
    svcFaultRemove(k1: string, k2: string, id: string, channel: string, message: string): Promise<number>;
}
export declare class RedisStore implements StateStore {
    private readonly url;
    readonly instanceId: string;
    readonly kind: "redis";
    readonly shared = true;
    readonly description: string;
    readonly channel = "svc-emulator:events";
    /** The Redis connection for commands (from open()); its scripts are the atomic operations of redis-scripts.ts. */
    redis: Redis & Scripts;
    private sub;
    private readonly handlers;
    private readonly resyncs;
    private readonly pending;
    private heartbeat;
    private opened;
    private lastError;
    private readonly startedAt;
    /** What health shows for this instance: set by announce() once the emulator listens. */
    private baseUrl;
    constructor(url: string, instanceId: string);
    /** ioredis is loaded here, on first use: it costs about 100 ms of start-up that the memory store never pays. */
    private createClients;
    key(name: string): string;
    /** Listens to changes published by other instances (this instance's own are skipped). */
    onMessage(handler: (message: StoreMessage) => void): void;
    /** Runs after the subscriber reconnects: events may have been missed, so the caller reloads what it caches. */
    onResync(reload: () => Promise<void>): void;
    message(type: string, data: unknown): string;
    open(): Promise<void>;
    private connect;
    /** The URL this instance serves, told to the others at once (not a second later). */
    announce(baseUrl: string): void;
    private dispatch;
    private beat;
    close(): Promise<void>;
    status(): 'ok' | 'unreachable';
    /** Throws 502 `upstream_error` while Redis is away, before anything changes. */
    assertAvailable(): void;
    /** Runs a command and maps a failure to 502 `upstream_error`. */
    run<T>(command: () => Promise<T>): Promise<T>;
    /** A write whose outcome an answer must wait for (see settled()). */
    track(write: Promise<unknown>): void;
    settled(): Promise<void> | undefined;
    instances(): Promise<InstanceInfo[]>;
}
export {};
