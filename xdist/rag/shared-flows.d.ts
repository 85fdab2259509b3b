import type { RagService, RagServiceDeps } from './service.js';
/** Completes (or fails) a job that is due, if it is still processing and its document still there. */
export declare function finishSharedJob(service: RagService, deps: RagServiceDeps, orgId: string, jobId: string): Promise<void>;
/** Deletes a document everywhere before the call answers; jobs still indexing it fail (and are refunded). */
export declare function deleteSharedDocument(service: RagService, deps: RagServiceDeps, orgId: string, documentId: string): Promise<void>;
