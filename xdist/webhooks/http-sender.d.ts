import type { AttemptOutcome, AttemptPlan } from './attempt.js';
type Request = Pick<AttemptPlan, 'url' | 'headers' | 'body'>;
/**
 * The default sender: node:http(s) with keep-alive agents. Measured about 5x the throughput of the global
 * fetch on loopback, mostly from fewer allocations per request (no AbortSignal/web-stream plumbing).
 * The acknowledgment deadline is a wall-time timer: it is a network timeout, not emulator time.
 */
export declare class HttpSender {
    private readonly agents;
    private readonly inFlight;
    constructor(maxSockets: number);
    send(plan: Request, timeoutMs: number): Promise<AttemptOutcome>;
    /** Ends every request in flight (emulator reset). */
    abortAll(): void;
    private sendOnce;
}
export {};
