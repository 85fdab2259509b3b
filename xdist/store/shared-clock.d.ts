import type { Clock, ClockMode, ClockReplica } from '../core/clock.js';
import type { RedisStore } from './redis-store.js';
export declare class SharedClock implements ClockReplica {
    private readonly store;
    private readonly clock;
    /** The last state taken: an older one (a message overtaken by a later change) is ignored. */
    private seq;
    /** States are taken one after another: firing timers is async. */
    private chain;
    constructor(store: RedisStore, clock: Clock);
    private get redis();
    private get key();
    /** At start (and after a reconnection): the clock in Redis, or this instance's when there is none yet. */
    load(): Promise<void>;
    set(options: {
        mode?: ClockMode;
        now?: number;
        timeScale?: number;
    }): Promise<void>;
    advance(ms: number): Promise<void>;
    /** A reset put this instance's clock back to its start options: that becomes the shared clock. */
    restored(): void;
    /** Changes the clock in Redis (502 before anything changes while it is down), then here. */
    private change;
    private run;
    private take;
    private receive;
}
