import type { InstanceInfo, StateStore } from './state-store.js';
/**
 * The embedded default: state stays in this process's own structures (OrgStore, WsTokenStore,
 * RateLimiter...), exactly as before the seam existed. Nothing to connect, nothing pending, one instance.
 */
export declare class MemoryStore implements StateStore {
    readonly instanceId: string;
    readonly kind: "memory";
    readonly shared = false;
    readonly description = "memory";
    private readonly startedAt;
    constructor(instanceId: string);
    open(): Promise<void>;
    close(): Promise<void>;
    status(): 'ok';
    settled(): undefined;
    instances(self: {
        baseUrl: string | null;
    }): InstanceInfo[];
}
