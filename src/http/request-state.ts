import type { Response } from 'express';
import type { Principal } from '../auth/principal.js';
import type { JournalEntry } from './journal.js';

/** Per-request state shared by the stages, kept on `res.locals`. */
export interface RequestState {
  requestId: string;
  journal: JournalEntry;
  startedAt: number;
  /** Aborted when the client goes away before the response is complete (made when first read). */
  readonly signal: AbortSignal;
  principal: Principal | null;
  setPrincipal(principal: Principal): void;
}

export function requestState(res: Response): RequestState {
  return res.locals.svc as RequestState;
}
