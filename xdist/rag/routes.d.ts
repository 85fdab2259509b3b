import type { FaultStore } from '../faults/store.js';
import { type OperationHandler, type Stage } from '../http/context.js';
import type { RagService } from './service.js';
import type { RagDocumentRecord, RagJobRecord } from './store.js';
export declare function documentView(d: RagDocumentRecord): Record<string, unknown>;
export declare function jobView(j: RagJobRecord): Record<string, unknown>;
/**
 * The RAG gate as a pipeline stage: entitlement (403) and tenant readiness (409) come right after
 * authentication and rate limits, before a possibly large body is read, and nothing is billed.
 */
export declare function ragGateStage(service: RagService): Stage;
export declare function ragRoutes(service: RagService, faults?: FaultStore, settled?: () => Promise<void> | undefined): Record<string, OperationHandler>;
