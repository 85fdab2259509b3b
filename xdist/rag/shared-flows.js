/**
 * Job completion and document deletion when RAG state lives in a shared store (issue 17). The shared
 * store is the one source of truth: each flow brings the org up to date, writes its change with one atomic
 * script (which refuses it when another instance got there first), brings the org up to date again (the
 * index follows the shared documents), and only then has its side effects here (refund, webhook, storage).
 */
import { ApiError } from '../http/errors.js';
import { toProblem } from '../http/problem.js';
import { langOrNull } from './service.js';
function replicaOf(deps) {
    const replica = deps.store.replica;
    if (replica === null)
        throw new Error('the RAG shared flows need a shared store');
    return replica;
}
/** Completes (or fails) a job that is due, if it is still processing and its document still there. */
export async function finishSharedJob(service, deps, orgId, jobId) {
    const replica = replicaOf(deps);
    await replica.sync(orgId);
    let state = deps.store.org(orgId);
    const job = state.jobs.get(jobId);
    const doc = job === undefined ? undefined : state.documents.get(job.documentId);
    if (job?.status !== 'processing' || doc === undefined)
        return;
    let failure = job.injectedFailure;
    if (failure === undefined && state.failNextJobs > 0) {
        state.failNextJobs--;
        failure = new ApiError('indexing_failed', 'the tenant failed to index the document (fault injected with fail_next_jobs)');
    }
    const prepared = failure === undefined ? await replica.text(orgId, doc.documentId) : null;
    if (failure === undefined && prepared === null)
        failure = new ApiError('indexing_failed', 'indexing failed: the extracted text is gone');
    const now = deps.clock.isoNow();
    if (failure !== undefined) {
        const failedJob = { ...job, status: 'failed', updatedAt: now, completedAt: now, error: toProblem(failure, job.requestId), timer: null };
        const failedDoc = { ...doc, status: 'failed', prepared: null, updatedAt: now };
        if (!(await replica.finish(orgId, failedJob, failedDoc)))
            return;
        // Refund and webhook, on the local copies (the next sync replaces them with the records as written).
        service.failJob(orgId, state, job, failure);
        await replica.sync(orgId);
        return;
    }
    const language = langOrNull(prepared.language);
    const readyDoc = { ...doc, status: 'ready', chunkCount: prepared.chunks.length, language, prepared: null, updatedAt: now };
    const doneJob = { ...job, status: 'completed', updatedAt: now, completedAt: now, timer: null };
    if (!(await replica.finish(orgId, doneJob, readyDoc)))
        return;
    await replica.sync(orgId);
    state = deps.store.org(orgId);
    service.observeStorage(orgId, state, readyDoc.environment);
    service.emitJobEvent(orgId, doneJob, readyDoc);
}
/** Deletes a document everywhere before the call answers; jobs still indexing it fail (and are refunded). */
export async function deleteSharedDocument(service, deps, orgId, documentId) {
    const replica = replicaOf(deps);
    await replica.sync(orgId);
    const doc = service.getDocument(orgId, documentId);
    let state = deps.store.org(orgId);
    const now = deps.clock.isoNow();
    const error = new ApiError('document_not_found', `document ${documentId} was deleted before indexing completed`);
    const processing = [...state.jobs.values()].filter((j) => j.documentId === documentId && j.status === 'processing');
    const failing = processing.map((j) => ({ ...j, status: 'failed', updatedAt: now, completedAt: now, error: toProblem(error, j.requestId), timer: null }));
    const failed = await replica.delete(orgId, doc, failing);
    if (failed === null)
        throw new ApiError('document_not_found', `no document ${documentId} in this organization`);
    // Refunds and webhooks on the local copies, while they still have the document (the sync replaces them).
    for (const job of processing)
        if (failed.includes(job.jobId))
            service.failJob(orgId, state, job, error);
    await replica.sync(orgId);
    state = deps.store.org(orgId);
    if (doc.status === 'ready')
        service.observeStorage(orgId, state, doc.environment);
}
