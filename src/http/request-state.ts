import type { Response } from 'express';
import type { Principal } from '../auth/principal.js';
import type { JournalEntry } from '../journal/journal.js';

/** Per-request state shared by the stages, kept on `res.locals`. */
export interface RequestState {
  readonly requestId: string;
  readonly journal: JournalEntry;
  readonly startedAt: number;
  /** Aborted when the client goes away before the response is complete (made when first read). */
  readonly signal: AbortSignal;
  principal: Principal | null;
  setPrincipal(principal: Principal): void;
  /** The handler (or the problem answer) is done with the request: what waits for it runs. */
  handlerSettled(): void;
}

/**
 * How long the end of a request (its journal entry, the release of its reservations, the refund of a 5xx) waits
 * for a handler still running after the response closed. Handlers stop at their signal, which aborts when the
 * client leaves; the bound keeps a handler that never returns from holding credits (wall time: the client's I/O).
 */
export const SETTLE_WAIT_MS = 10_000;

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
  private settled = false;
  private afterSettled: (() => void) | undefined;

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

  handlerSettled(): void {
    this.settled = true;
    const run = this.afterSettled;
    this.afterSettled = undefined;
    run?.();
  }

  /**
   * Runs `end` once the handler has settled: at once when it has (the usual case: a handler returns as it
   * sends), else when it does, or after SETTLE_WAIT_MS. A handler may apply effects after the response has
   * closed (TTS bills a clip once the socket took it all): whatever reads the request's end (the journal, the
   * release of its reservations) then sees them. Node.js 24 emits a response's `close` in the same turn as its
   * `finish`, before the handler's `await` resumes; Node.js 20 emitted it a turn later.
   */
  whenSettled(end: () => void): void {
    if (this.settled) return end();
    const timer = setTimeout(() => this.handlerSettled(), SETTLE_WAIT_MS).unref();
    this.afterSettled = () => {
      clearTimeout(timer);
      end();
    };
  }
}

export function requestState(res: Response): RequestState {
  return res.locals.svc as RequestState;
}
