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
export class PipelineRequestState implements RequestState {
  principal: Principal | null = null;
  private controller: AbortController | undefined;
  private clientGone = false;

  constructor(
    readonly requestId: string,
    readonly journal: JournalEntry,
    readonly startedAt: number,
  ) {}

  // Made on first use: most requests never read their signal, and an AbortController costs microseconds.
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.clientGone) this.controller.abort(new Error('client disconnected'));
    }
    return this.controller.signal;
  }

  setPrincipal(principal: Principal): void {
    this.principal = principal;
    const journal = this.journal;
    journal.org_id = principal.orgId;
    journal.key_id = principal.keyId;
    journal.key = principal.keyDisplay;
    journal.environment = principal.environment;
  }

  /** The client went away before the response was complete: the signal aborts, now or when first made. */
  clientDisconnected(): void {
    this.clientGone = true;
    this.controller?.abort(new Error('client disconnected'));
  }
}

export function requestState(res: Response): RequestState {
  return res.locals.svc as RequestState;
}
