/**
 * The fault stage of the /v1 pipeline. It runs after validation (so rules can match the RAG `mode`) and
 * before the handler, so an injected error never reaches the handler and is never billed.
 */
import type { IncomingMessage } from 'node:http';
import type { Principal } from '../auth/principal.js';
import type { OperationContext, Stage } from '../http/context.js';
import { CustomApiError, type AnyApiError, type ErrorCode } from '../http/errors.js';
import type { Metering } from '../metering/index.js';
import type { FaultHit, FaultRule, FaultStore, FaultTarget } from './store.js';
/** The longest a `hang` holds a request when the client never gives up (wall time). */
export declare const HANG_LIMIT_MS: number;
export declare function targetOf(ctx: OperationContext): FaultTarget;
/** The error an `error` rule answers with: its status and code, with the spec's headers for 429 and 409. */
export declare function injectedError(hit: FaultHit, metering: Metering, principal?: Pick<Principal, 'keyId' | 'environment'>): CustomApiError;
/**
 * The error a `job_fail` rule fails a job with: the rule's code and detail; without a code, the area's own
 * failure code (`transcription_failed`, `indexing_failed`). The status is the rule's, else the code's.
 */
export declare function jobFailError(rule: Pick<FaultRule, 'id' | 'code' | 'detail' | 'status'>, areaCode: ErrorCode, what: string): AnyApiError;
export declare function faultStage(faults: FaultStore, metering: Metering): Stage;
/** Carries out a request fault that matched: waits, throws the injected error, or takes the connection. */
export declare function applyRequestFault(hit: FaultHit, faults: FaultStore, metering: Metering, req: IncomingMessage, signal: AbortSignal, principal?: Pick<Principal, 'keyId' | 'environment'>): Promise<void>;
export declare function resetConnection(req: IncomingMessage): void;
/** Thrown after a fault took the connection away: there is no one left to answer. */
export declare class FaultAbort extends Error {
    constructor();
}
