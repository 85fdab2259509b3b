import type { Clock } from '../core/clock.js';
import type { AdminHandler } from './admin-context.js';
export declare function clockView(clock: Clock): {
    mode: import("../core/clock.js").ClockMode;
    now: string;
    now_ms: number;
    time_scale: number;
    pending_timers: number;
};
/** With a shared store, set and advance go through the shared clock (src/store/shared-clock.ts) and apply on every instance. */
export declare const clockAdminHandlers: Record<string, AdminHandler>;
