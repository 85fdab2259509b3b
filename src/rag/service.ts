/**
 * The RAG rules: entitlement and tenant gate, upload (limits, type from the bytes, scan, extraction),
 * indexing jobs over clock time, documents, search with answer and analyze, and billing.
 */
import type { Principal } from '../auth/principal.js';
import type { FaultRule } from '../faults/store.js';
import type { UploadedFile } from '../http/context.js';
import { jobFailError } from '../faults/stage.js';
import { ApiError, type AnyApiError } from '../core/errors.js';
import { toProblem } from '../http/problem.js';
import { movable, TaskError, TaskLimitError } from '../workers/pool.js';
// The engine's modules by name, not its index: that one also exports extraction (csv-parse, htmlparser2, pdfjs),
// which runs on the worker threads only.
import type { InspectedDocument } from './engine/inspect.js';
import type { PreparedText } from './engine/prepare.js';
import type { DocumentErrorCode } from './engine/errors.js';
import { parseMetadata } from './metadata.js';
export { chunkId, indexInput } from './index-input.js';
import { andThen as then, type MaybePromise } from '../core/maybe.js';
import type { OrgRagState, RagDocumentRecord, RagJobRecord } from './store.js';

/** The due-work kind of an indexing job's completion; the payload names the org, the item id is the job's. */
export const INDEX_WORK = 'rag.index';

export type {
  RagSearchInput,
  RagUploadInput,
  RagSearchResultItem,
  RagSearchOutput,
  RagServiceDeps,
} from './service-types.js';
export { documentLimits, langOrNull } from './service-helpers.js';
import { documentIn, documentLimits, langOrNull } from './service-helpers.js';
import { searchRag } from './service-search.js';
import type { RagSearchInput, RagUploadInput, RagSearchOutput, RagServiceDeps } from './service-types.js';

export class RagService {
  constructor(private readonly deps: RagServiceDeps) {
    // Idempotent, as the queue asks: an outcome is written only while the job is still processing.
    deps.queue.handle<{ orgId: string }>(INDEX_WORK, async (item) => {
      const done = this.completeJob(item.payload.orgId, item.id);
      if (done) await done;
    });
  }

  // ---- gate -------------------------------------------------------------------------------------------

  /** Entitlement (403) then tenant readiness (409); called for every /v1/rag operation before the body is read. */
  admit(principal: Principal): void {
    const org = this.deps.orgs.getOrg(principal.orgId);
    if (org?.ragEntitled !== true) {
      throw new ApiError(
        'rag_not_entitled',
        `organization ${principal.orgId} has no active RAG entitlement; grant it with PATCH /_emulator/orgs/${principal.orgId} {"rag_entitled": true}`,
      );
    }
    this.deps.tenants.provision(principal.orgId);
    this.deps.tenants.admit(principal.orgId);
  }

  // ---- upload and jobs ----------------------------------------------------------------------------------

  async upload(
    principal: Principal,
    input: RagUploadInput,
    file: UploadedFile,
    requestId: string,
    fault?: Pick<FaultRule, 'id' | 'kind' | 'detail' | 'code' | 'status'>,
    signal?: AbortSignal,
  ): Promise<{ document: RagDocumentRecord; job: RagJobRecord }> {
    const metadata = parseMetadata(input.metadata);
    // The upload's bytes go to the extraction task (moved when they own their memory): read the size first.
    const size = file.buffer.byteLength;
    // Cheap checks first: auth, scopes, rate limit and the RAG gate ran as stages, size at the multipart limit.
    const held = this.deps.metering.precheck(principal, 'rag_upload', size);
    if (held) await held;
    const fileName = file.originalName === '' ? null : file.originalName;
    const { type, prepared } = await this.inspect(file.buffer, fileName ?? undefined, signal);
    // The client left while its document was read: nothing is stored or billed.
    signal?.throwIfAborted();

    // Accepted: from here on the upload has state and is billed.
    const orgId = principal.orgId;
    const clock = this.deps.clocks.for(orgId);
    const now = clock.isoNow();
    // A stuck job (fault `job_stuck`) is never scheduled: it stays `processing`.
    const dueAt = fault?.kind === 'job_stuck' ? null : clock.now() + this.indexingMs(size);
    const document: RagDocumentRecord = {
      documentId: this.deps.ids.next('doc', 16),
      title: input.title,
      fileName,
      fileType: type,
      sizeBytes: size,
      language: null,
      status: 'indexing',
      chunkCount: 0,
      metadata,
      createdAt: now,
      updatedAt: now,
      environment: principal.environment,
    };
    const job: RagJobRecord = {
      jobId: this.deps.ids.next('ragjob', 16),
      documentId: document.documentId,
      status: 'processing',
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      error: null,
      requestId,
      livemode: principal.environment === 'live',
      usageEntryId: null,
      dueAt: dueAt === null ? null : new Date(dueAt).toISOString(),
    };
    // With Redis the document, its text and job are stored first (502 while it is down, before anything changes).
    const accepted = this.deps.state.accept(orgId, document, prepared, job);
    if (accepted) await accepted;
    job.usageEntryId = this.deps.metering.record(principal, {
      product: 'rag_upload',
      quantity: size,
      requestId,
      jobId: job.jobId,
    }).id;
    if (fault?.kind === 'job_fail') job.injectedFailure = jobFailError(fault, 'indexing_failed', 'indexing');
    this.deps.state.saveJob(orgId, job);
    if (dueAt !== null) this.deps.queue.schedule(INDEX_WORK, job.jobId, { orgId }, dueAt, { org: orgId });
    return { document, job };
  }

  /** Type sniff, scan and extraction on the worker pool; every rejection is a 422 with its code. */
  private async inspect(
    bytes: Uint8Array,
    fileName: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<InspectedDocument> {
    // Moved, not cloned: the upload's own buffer, or a copy when multer's buffer shares its memory.
    const { bytes: moved, transferList } = movable(bytes);
    try {
      return await this.deps.workers.run(
        'rag.inspect',
        { bytes: moved, fileName, limits: documentLimits(this.deps.config) },
        { signal, transferList },
      );
    } catch (err) {
      if (err instanceof TaskLimitError) {
        const detail =
          err.limit === 'memory'
            ? `reading the document needs more than the worker memory ceiling of ${this.deps.workers.options.memoryMb} MiB (workerMemoryMb, --worker-memory-mb)`
            : `reading the document takes longer than the task time budget of ${this.deps.workers.options.timeMs} ms (taskTimeoutMs, --task-timeout-ms)`;
        throw new ApiError('document_too_complex', detail);
      }
      if (err instanceof TaskError) {
        if (err.errorName === 'DocumentError' && err.code !== undefined)
          throw new ApiError(err.code as DocumentErrorCode, err.message);
        throw new ApiError('document_unreadable', `the document could not be read: ${err.message}`);
      }
      throw err;
    }
  }

  /** Indexing time on the clock: indexBaseSeconds + size / indexBytesPerSecond. */
  indexingMs(sizeBytes: number): number {
    const { indexBaseSeconds, indexBytesPerSecond } = this.deps.config;
    return Math.round((indexBaseSeconds + sizeBytes / indexBytesPerSecond) * 1000);
  }

  /**
   * A due job's completion, on whichever instance runs it: completed, or failed (injected, or its text gone),
   * if it is still processing and its document still there. Synchronous in memory, unless a load's index build
   * for the org is still running.
   */
  completeJob(orgId: string, jobId: string): MaybePromise<void> {
    // The document joins the index after those a load put back, as it did before the state was saved.
    return then(this.deps.state.searchable(orgId), (org) => {
      const job = org.jobs.get(jobId);
      const doc = job === undefined ? undefined : org.documents.get(job.documentId);
      if (job?.status !== 'processing' || doc === undefined) return;
      if (job.injectedFailure) return this.failJob(orgId, job, doc, job.injectedFailure);
      const local = this.deps.state.local(orgId);
      if (local.failNextJobs > 0) {
        local.failNextJobs--;
        return this.failJob(
          orgId,
          job,
          doc,
          new ApiError(
            'indexing_failed',
            'the tenant failed to index the document (fault injected with fail_next_jobs)',
          ),
        );
      }
      return then(this.deps.state.text(orgId, doc.documentId), (prepared) =>
        prepared === null
          ? this.failJob(
              orgId,
              job,
              doc,
              new ApiError('indexing_failed', 'indexing failed: the extracted text is gone'),
            )
          : this.indexJob(orgId, job, doc, prepared),
      );
    });
  }

  private indexJob(
    orgId: string,
    job: RagJobRecord,
    doc: RagDocumentRecord,
    prepared: PreparedText,
  ): MaybePromise<void> {
    const now = this.deps.clocks.for(orgId).isoNow();
    const language = langOrNull(prepared.language);
    const readyDoc: RagDocumentRecord = {
      ...doc,
      status: 'ready',
      chunkCount: prepared.chunks.length,
      language,
      updatedAt: now,
    };
    const doneJob: RagJobRecord = { ...job, status: 'completed', updatedAt: now, completedAt: now };
    let written: MaybePromise<OrgRagState | null>;
    try {
      written = this.deps.state.finish(orgId, doneJob, readyDoc, prepared);
    } catch (err) {
      // The index refused the document (thrown at once; a store that is down rejects instead, and the queue retries).
      return this.failJob(
        orgId,
        job,
        doc,
        new ApiError(
          'indexing_failed',
          `indexing failed: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
    }
    return then(written, (org) => {
      if (org === null) return;
      this.observeStorage(orgId, org, readyDoc.environment);
      this.emitJobEvent(orgId, doneJob, readyDoc);
    });
  }

  /** Writes the job's failure (if it still processes), then refunds its upload and announces it. */
  private failJob(
    orgId: string,
    job: RagJobRecord,
    doc: RagDocumentRecord,
    error: AnyApiError,
  ): MaybePromise<void> {
    const now = this.deps.clocks.for(orgId).isoNow();
    const failedJob = this.failedJob(job, error, now);
    const failedDoc: RagDocumentRecord = { ...doc, status: 'failed', updatedAt: now };
    return then(this.deps.state.finish(orgId, failedJob, failedDoc, null), (org) => {
      if (org !== null) this.jobFailed(orgId, failedJob, failedDoc);
    });
  }

  private failedJob(job: RagJobRecord, error: AnyApiError, now: string): RagJobRecord {
    return {
      ...job,
      status: 'failed',
      updatedAt: now,
      completedAt: now,
      error: toProblem(error, job.requestId),
    };
  }

  /** Spec, billing: a failed indexing job is refunded. */
  private jobFailed(orgId: string, job: RagJobRecord, doc: RagDocumentRecord): void {
    // The refund is written where the ledger is (Redis: any instance can refund a job another accepted).
    if (job.usageEntryId !== null) this.deps.metering.refundQuietly(orgId, job.usageEntryId);
    this.emitJobEvent(orgId, job, doc);
  }

  private emitJobEvent(orgId: string, job: RagJobRecord, doc: RagDocumentRecord | undefined): void {
    this.deps.webhooks.emit(
      orgId,
      'rag.job.completed',
      {
        job_id: job.jobId,
        document_id: job.documentId,
        status: job.status,
        chunk_count: doc?.chunkCount ?? 0,
        title: doc?.title ?? null,
        file_type: doc?.fileType ?? null,
        size_bytes: doc?.sizeBytes ?? null,
        language: doc?.language ?? null,
        completed_at: job.completedAt,
        error: job.error,
      },
      // Dated when the job completed, as STT's (CJ4): a clock moved meanwhile does not date it later.
      { livemode: job.livemode, at: job.completedAt ?? undefined },
    );
  }

  private observeStorage(
    orgId: string,
    state: OrgRagState,
    environment: RagDocumentRecord['environment'],
  ): void {
    this.deps.metering.observeStorage(orgId, state.storedBytes(environment), environment);
  }

  // ---- documents ----------------------------------------------------------------------------------------

  listDocuments(orgId: string, limit: number): MaybePromise<RagDocumentRecord[]> {
    return then(this.deps.state.read(orgId), (org) => {
      const docs = [...org.documents.values()];
      // Newest first; insertion order breaks ties of equal clock times.
      return docs
        .reverse()
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
        .slice(0, limit);
    });
  }

  getDocument(orgId: string, documentId: string): MaybePromise<RagDocumentRecord> {
    return then(this.deps.state.read(orgId), (org) => documentIn(org, documentId));
  }

  /** Removes the document from search and from stored bytes; a job still indexing it fails (and is refunded). */
  deleteDocument(orgId: string, documentId: string): MaybePromise<void> {
    return then(this.deps.state.read(orgId), (org) => {
      const doc = documentIn(org, documentId);
      const now = this.deps.clocks.for(orgId).isoNow();
      const error = new ApiError(
        'document_not_found',
        `document ${documentId} was deleted before indexing completed`,
      );
      const failing = [...org.jobs.values()]
        .filter((j) => j.documentId === documentId && j.status === 'processing')
        .map((j) => this.failedJob(j, error, now));
      return then(this.deps.state.remove(orgId, doc, failing), (removed) => {
        if (removed === null)
          throw new ApiError('document_not_found', `no document ${documentId} in this organization`);
        const failedDoc: RagDocumentRecord = { ...doc, status: 'failed', updatedAt: now };
        for (const job of failing) {
          if (!removed.failed.includes(job.jobId)) continue;
          this.deps.queue.cancel(INDEX_WORK, job.jobId, orgId);
          this.jobFailed(orgId, job, failedDoc);
        }
        if (doc.status === 'ready') this.observeStorage(orgId, removed.org, doc.environment);
      });
    });
  }

  getJob(orgId: string, jobId: string): MaybePromise<RagJobRecord> {
    return then(this.deps.state.read(orgId), (org) => {
      const job = org.jobs.get(jobId);
      if (job === undefined) throw new ApiError('job_not_found', `no RAG job ${jobId} in this organization`);
      return job;
    });
  }

  // ---- search -------------------------------------------------------------------------------------------

  /** Search, with the answer or analysis its mode asks for (service-search.ts). */
  search(
    principal: Principal,
    input: RagSearchInput,
    requestId: string,
    signal: () => AbortSignal,
  ): Promise<RagSearchOutput> {
    return searchRag(this.deps, principal, input, requestId, signal);
  }
}
