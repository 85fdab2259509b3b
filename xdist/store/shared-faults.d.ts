/**
 * Fault rules in Redis (issue 17): a rule added, removed or cleared through any instance's admin API is
 * written and published; each instance keeps its FaultStore as a local copy updated from the events
 * channel, so the request path stays a synchronous lookup. A counted rule (`times`) keeps its count in
 * Redis, and firing it takes one atomically (redis-scripts.ts FAULT_CLAIM): it fires at most `times` times
 * across all instances. Rules from the configuration file and the boot scenario stay per instance
 * (FaultStore.addLocally), since every instance reads them.
 */
import type { FaultReplica, FaultRule, FaultStore } from '../faults/store.js';
import type { RedisStore } from './redis-store.js';
export declare class SharedFaults implements FaultReplica {
    private readonly store;
    private readonly faults;
    constructor(store: RedisStore, faults: FaultStore);
    private get k();
    /** The keys a reset deletes. */
    keyNames(): string[];
    /** The shared rules into the local copy, with their shared counts. */
    load(): Promise<void>;
    assertWritable(): void;
    added(rule: FaultRule): void;
    removed(id: string): void;
    cleared(): void;
    claim(id: string): Promise<number>;
    private receive;
}
