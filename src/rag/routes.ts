/** HTTP handlers of /v1/rag (openapi/gateway.yaml, tag `rag`). The rules live in service.ts. */
import { targetOf } from '../faults/stage.js';
import type { FaultStore } from '../faults/store.js';
import { sendJson, type OperationContext, type OperationHandler, type Stage } from '../http/context.js';
import type { RagService, RagSearchInput, RagUploadInput } from './service.js';
import type { RagDocumentRecord, RagJobRecord } from './store.js';

export function documentView(d: RagDocumentRecord): Record<string, unknown> {
  return {
    document_id: d.documentId,
    title: d.title,
    file_name: d.fileName,
    file_type: d.fileType,
    size_bytes: d.sizeBytes,
    language: d.language,
    status: d.status,
    chunk_count: d.chunkCount,
    metadata: d.metadata,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}

export function jobView(j: RagJobRecord): Record<string, unknown> {
  return {
    job_id: j.jobId,
    type: 'index',
    document_id: j.documentId,
    status: j.status,
    created_at: j.createdAt,
    updated_at: j.updatedAt,
    completed_at: j.completedAt,
    error: j.error,
  };
}

/**
 * The RAG gate as a pipeline stage: entitlement (403) and tenant readiness (409) come right after
 * authentication and rate limits, before a possibly large body is read, and nothing is billed.
 */
export function ragGateStage(service: RagService): Stage {
  return (ctx) => {
    if (ctx.operation.operationId.startsWith('rag.')) service.admit(ctx.principal);
  };
}

export function ragRoutes(
  service: RagService,
  faults?: FaultStore,
  settled?: () => Promise<void> | undefined,
): Record<string, OperationHandler> {
  return {
    'rag.search': async (ctx: OperationContext<RagSearchInput>) => {
      let result;
      try {
        // The signal is made only if read (an analyze waits on the clock): a retrieve never needs one.
        result = await service.search(ctx.principal, ctx.body, ctx.requestId, () => ctx.signal);
      } catch (err) {
        // The client left during analyze: nothing to answer and nothing was billed.
        if (ctx.signal.aborted) return;
        throw err;
      }
      sendJson(ctx, 200, result);
    },

    'rag.uploadDocument': async (ctx: OperationContext<RagUploadInput>) => {
      // `file` is required by the schema, so the router has already checked it is present.
      const file = ctx.files.file;
      const fault = (await faults?.take('job', targetOf(ctx))) ?? null;
      if (fault) ctx.journal.fault = fault.journal;
      const { document, job } = await service.upload(
        ctx.principal,
        ctx.body,
        file,
        ctx.requestId,
        fault?.rule,
        ctx.signal,
      );
      // With Redis the job's ledger entry and its completion are in the store before the client hears of the job.
      const pending = settled?.();
      if (pending) await pending;
      sendJson(ctx, 202, { document: documentView(document), job: jobView(job), request_id: ctx.requestId });
    },

    // With Redis each read brings the org up to date first (one round trip); a value at once in memory.
    'rag.listDocuments': async (ctx: OperationContext) => {
      const listed = service.listDocuments(ctx.principal.orgId, Number(ctx.query.limit ?? 100));
      const documents = listed instanceof Promise ? await listed : listed;
      sendJson(ctx, 200, { documents: documents.map(documentView), request_id: ctx.requestId });
    },

    'rag.getDocument': async (ctx: OperationContext) => {
      const found = service.getDocument(ctx.principal.orgId, ctx.params.id);
      sendJson(ctx, 200, documentView(found instanceof Promise ? await found : found));
    },

    'rag.deleteDocument': async (ctx: OperationContext) => {
      const deleted = service.deleteDocument(ctx.principal.orgId, ctx.params.id);
      if (deleted) await deleted;
      ctx.res.status(204).end();
    },

    'rag.getJob': async (ctx: OperationContext) => {
      const found = service.getJob(ctx.principal.orgId, ctx.params.id);
      sendJson(ctx, 200, jobView(found instanceof Promise ? await found : found));
    },
  };
}
