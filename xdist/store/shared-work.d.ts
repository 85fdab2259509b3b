import type { Clock } from '../core/clock.js';
import { type RedisStore } from './redis-store.js';
import type { ScheduleOptions, WorkHandler, WorkQueue } from './work-queue.js';
export declare class SharedWork implements WorkQueue {
    private readonly store;
    private readonly clock;
    readonly shared = true;
    private readonly handlers;
    /** Items whose handler runs here now: their leases are renewed. */
    private readonly running;
    private wake;
    private tick;
    private pumping;
    private again;
    constructor(store: RedisStore, clock: Clock);
    private get redis();
    private get k();
    /** The keys a reset deletes. */
    keyNames(): string[];
    /** Once the store is open and the handlers are registered: claims what is due, then wakes when needed. */
    start(): void;
    handle<P>(kind: string, handler: WorkHandler<P>): void;
    schedule<P>(kind: string, id: string, payload: P, dueAt: number, options?: ScheduleOptions): void;
    cancel(kind: string, id: string): void;
    private forget;
    private onTick;
    /** Claims due items until none is left, starting each one's handler; then sets the wake-up for the next. */
    private pump;
    private run;
    /** A wake-up on the emulator Clock at `dueAt` (the earliest one wins); due now: claim at once. */
    private arm;
    private receive;
}
