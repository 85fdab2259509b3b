import type { Response } from 'express';
import type { Principal } from '../auth/principal.js';
import type { JournalEntry } from './journal.js';
/** Per-request state shared by the stages, kept on `res.locals`. */
export interface RequestState {
    readonly requestId: string;
    readonly journal: JournalEntry;
    readonly startedAt: number;
    /** Aborted when the client goes away before the response is complete (made when first read). */
    readonly signal: AbortSignal;
    principal: Principal | null;
    setPrincipal(principal: Principal): void;
}
/**
 * The pipeline's RequestState. A class, not an object literal: a literal with an accessor made per request
 * held the request's closure (req, res, the journal entry) from where V8 keeps such literals, so every
 * request's objects survived young-generation collections until the next full one (docs/benchmarks.md,
 * "Issue 15, sixth session").
 */
export declare class PipelineRequestState implements RequestState {
    readonly requestId: string;
    readonly journal: JournalEntry;
    readonly startedAt: number;
    principal: Principal | null;
    private controller;
    private clientGone;
    constructor(requestId: string, journal: JournalEntry, startedAt: number);
    get signal(): AbortSignal;
    setPrincipal(principal: Principal): void;
    /** The client went away before the response was complete: the signal aborts, now or when first made. */
    clientDisconnected(): void;
}
export declare function requestState(res: Response): RequestState;
