/**
 * The one clock behind every time-dependent rule (ws-token lifetime, rate windows, jobs, provisioning,
 * webhook retries, billing periods, analyze latency). Nothing else in the emulator reads Date.now() or
 * calls setTimeout for behaviour a test may want to control.
 *
 * Modes:
 * - `real`: clock time moves with the wall clock.
 * - `scaled`: a clock wait of W seconds takes W × timeScale wall seconds (`--time-scale 0.01` makes a
 *   30-second wait take 0.3 s), so clock time runs 1 / timeScale times faster than wall time.
 * - `frozen`: clock time stands still until it is set or advanced.
 */
export type ClockMode = 'real' | 'scaled' | 'frozen';
export interface ClockState {
    mode: ClockMode;
    now: string;
    nowMs: number;
    timeScale: number;
    pendingTimers: number;
}
/**
 * The clock's whole state as a shared store keeps it: the mode, the scale, and one anchor (a clock time and
 * the wall time at which the clock read it). Every instance computes the time from it locally.
 */
export interface ClockAnchor {
    mode: ClockMode;
    timeScale: number;
    virtual: number;
    wall: number;
}
/**
 * The shared clock (src/store/shared-clock.ts): the admin API's set and advance go through it, so they
 * apply on every instance. Unset with the memory store.
 */
export interface ClockReplica {
    set(options: {
        mode?: ClockMode;
        now?: number;
        timeScale?: number;
    }): Promise<void>;
    advance(ms: number): Promise<void>;
    /** The clock was put back to its start state (a reset): the others follow. */
    restored(): void;
}
export interface ClockTimer {
    readonly id: number;
    readonly dueAt: number;
    readonly label: string;
    cancel(): void;
}
export interface ClockOptions {
    mode?: ClockMode;
    /** Real seconds per clock second (`--time-scale`); only used in `scaled` mode. */
    timeScale?: number;
    /** Start time in epoch milliseconds (defaults to the wall clock). */
    startAt?: number;
    /** The wall clock, injectable for the clock's own tests. */
    wallNow?: () => number;
}
export declare class Clock {
    private mode;
    private timeScale;
    private anchorWall;
    private anchorVirtual;
    private readonly wallNow;
    private timers;
    private nextId;
    private seq;
    private wallTimer;
    private firing;
    private disposed;
    /** Set while the clock is shared between instances. */
    replica: ClockReplica | undefined;
    constructor(options?: ClockOptions);
    /** Current clock time in epoch milliseconds. */
    now(): number;
    nowSeconds(): number;
    isoNow(): string;
    state(): ClockState;
    /** Runs `fn` once `delayMs` of clock time has passed. Errors thrown by `fn` are swallowed and logged. */
    setTimeout(fn: () => unknown, delayMs: number, label?: string): ClockTimer;
    /** Resolves after `ms` of clock time; rejects with the signal's reason when aborted. */
    sleep(ms: number, signal?: AbortSignal, label?: string): Promise<void>;
    /** Stops time at the current instant, or at `atMs` when given. */
    freeze(atMs?: number): void;
    /**
     * Sets the mode, the time, or the scale. Moving time forward with `set` fires what became due, in
     * order, exactly like `advance`; moving it backwards never fires anything.
     */
    set(options: {
        mode?: ClockMode;
        now?: number;
        timeScale?: number;
    }): Promise<void>;
    /**
     * Moves clock time forward by `ms`, firing every timer that became due in due order, each with the
     * clock set to its due time. Timers scheduled by those callbacks within the window fire too.
     */
    advance(ms: number): Promise<void>;
    /** The state a shared store keeps (ClockAnchor). */
    anchor(): ClockAnchor;
    /**
     * Takes a state set through another instance: if it puts the time forward, the timers that became due
     * fire first, in order, as with `advance`; then the clock runs from the given anchor.
     */
    follow(state: ClockAnchor): Promise<void>;
    /** Cancels every pending timer and stops the wall-clock driver. */
    dispose(): void;
    /**
     * Puts the clock back to a given state (an emulator reset back to its start options) without firing
     * anything: pending timers are dropped first.
     */
    restore(state: {
        mode: ClockMode;
        timeScale: number;
        now: number;
    }): void;
    /** Drops all pending timers (used by a full emulator reset) but keeps the clock running. */
    clearTimers(): void;
    private setAnchor;
    private insert;
    private run;
    private reschedule;
    private fireDue;
}
