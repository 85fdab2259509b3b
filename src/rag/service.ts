/**
 * The RAG rules: entitlement and tenant gate, upload (limits, type from the bytes, scan, extraction),
 * indexing jobs over clock time, documents, search with answer and analyze, and billing.
 */
import type { Principal } from '../auth/principal.js';
import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import type { FaultRule } from '../faults/store.js';
import type { EmulatorConfig } from '../config.js';
import type { UploadedFile } from '../http/context.js';
import { jobFailError } from '../faults/stage.js';
import { ApiError, type AnyApiError } from '../http/errors.js';
import { toProblem } from '../http/problem.js';
import type { Metering, RagMode } from '../metering/index.js';
import type { OrgStore } from '../orgs/store.js';
import type { WebhookEngine } from '../webhooks/index.js';
import { movable, TaskError, TaskLimitError, type WorkerPool } from '../workers/pool.js';
// The engine's modules by name, not its index: that one also exports extraction (csv-parse, htmlparser2, pdfjs),
// which runs on the worker threads only.
import { analyze } from './engine/analyze.js';
import { composeAnswer } from './engine/answer.js';
import type { InspectedDocument } from './engine/inspect.js';
import type { PreparedText } from './engine/prepare.js';
import type { SearchHit } from './engine/search-index.js';
import { indexInput } from './index-input.js';
import { deleteSharedDocument, finishSharedJob } from './shared-flows.js';
import type { DocumentErrorCode } from './engine/errors.js';
import type { DocumentLimits } from './engine/limits.js';
import { answerLanguage } from './engine/sentences.js';
import { parseMetadata } from './metadata.js';
export { chunkId, indexInput } from './index-input.js';
import { rewriteQuery } from './rewrite.js';
import type { OrgRagState, RagDocumentRecord, RagJobRecord, RagStore } from './store.js';
import type { TenantManager } from './tenants.js';

export interface RagSearchInput {
  query: string;
  mode: RagMode;
  top_k: number;
  min_score?: number;
  detail: 'minimal' | 'full';
  document_ids?: string[];
  language?: string;
  file_type?: string;
  metadata_filters?: Record<string, unknown>;
  enable_rewrite_search_query: boolean;
  rewrite_search_query_instructions?: string;
}

export interface RagUploadInput {
  title: string;
  metadata?: string;
}

export interface RagSearchResultItem {
  document_id: string;
  score: number;
  chunk_id?: string;
  text?: string;
}

export interface RagSearchOutput {
  mode: RagMode;
  answer?: string | null;
  results: RagSearchResultItem[];
  search_time_ms: number;
  request_id: string;
}

export interface RagServiceDeps {
  clock: Clock;
  ids: IdFactory;
  orgs: OrgStore;
  metering: Metering;
  webhooks: WebhookEngine;
  tenants: TenantManager;
  store: RagStore;
  config: EmulatorConfig['rag'];
  /** Extraction runs here, off the event loop and inside the pool's ceilings. */
  workers: Pick<WorkerPool, 'run' | 'options'>;
}

export class RagService {
  constructor(private readonly deps: RagServiceDeps) {}

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
    const now = this.deps.clock.isoNow();
    const replica = this.deps.store.replica;
    const state = this.deps.store.org(principal.orgId);
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
      prepared,
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
      timer: null,
    };
    // With a shared store the document, its text and job are stored first (502 while it is down, before anything changes).
    if (replica) await replica.accept(principal.orgId, document, prepared, job);
    else {
      state.documents.set(document.documentId, document);
      state.jobs.set(job.jobId, job);
    }
    job.usageEntryId = this.deps.metering.record(principal, {
      product: 'rag_upload',
      quantity: size,
      requestId,
      jobId: job.jobId,
    }).id;
    if (fault?.kind === 'job_fail') job.injectedFailure = jobFailError(fault, 'indexing_failed', 'indexing');
    // A stuck job (fault `job_stuck`) is never scheduled: it stays `processing`.
    if (replica) {
      replica.jobUpdated(principal.orgId, job);
      if (fault?.kind !== 'job_stuck') replica.schedule(principal.orgId, job, this.indexingMs(size));
    } else if (fault?.kind !== 'job_stuck') {
      job.timer = this.deps.clock.setTimeout(() => this.finishJob(principal.orgId, job.jobId), this.indexingMs(size), `rag index ${job.jobId}`);
    }
    return { document, job };
  }

  /** Type sniff, scan and extraction on the worker pool; every rejection is a 422 with its code. */
  private async inspect(bytes: Uint8Array, fileName: string | undefined, signal: AbortSignal | undefined): Promise<InspectedDocument> {
    // Moved, not cloned: the upload's own buffer, or a copy when multer's buffer shares its memory.
    const { bytes: moved, transferList } = movable(bytes);
    try {
      return await this.deps.workers.run('rag.inspect', { bytes: moved, fileName, limits: documentLimits(this.deps.config) }, { signal, transferList });
    } catch (err) {
      if (err instanceof TaskLimitError) {
        const detail =
          err.limit === 'memory'
            ? `reading the document needs more than the worker memory ceiling of ${this.deps.workers.options.memoryMb} MiB (workerMemoryMb, --worker-memory-mb)`
            : `reading the document takes longer than the task time budget of ${this.deps.workers.options.timeMs} ms (taskTimeoutMs, --task-timeout-ms)`;
        throw new ApiError('document_too_complex', detail);
      }
      if (err instanceof TaskError) {
        if (err.errorName === 'DocumentError' && err.code !== undefined) throw new ApiError(err.code as DocumentErrorCode, err.message);
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

  private finishJob(orgId: string, jobId: string): void {
    const state = this.deps.store.org(orgId);
    const job = state.jobs.get(jobId);
    const doc = job === undefined ? undefined : state.documents.get(job.documentId);
    if (job?.status !== 'processing' || doc === undefined) return;
    job.timer = null;
    if (job.injectedFailure) {
      this.failJob(orgId, state, job, job.injectedFailure);
      return;
    }
    if (state.failNextJobs > 0) {
      state.failNextJobs--;
      this.failJob(orgId, state, job, new ApiError('indexing_failed', 'the tenant failed to index the document (fault injected with fail_next_jobs)'));
      return;
    }
    try {
      if (doc.prepared === null) throw new Error('the extracted text is gone');
      this.indexDocument(state, doc, doc.prepared, langOrNull(doc.prepared.language));
    } catch (err) {
      this.failJob(orgId, state, job, new ApiError('indexing_failed', `indexing failed: ${err instanceof Error ? err.message : String(err)}`));
      return;
    }
    const now = this.deps.clock.isoNow();
    Object.assign(job, { status: 'completed', updatedAt: now, completedAt: now });
    this.observeStorage(orgId, state, doc.environment);
    this.emitJobEvent(orgId, job, doc);
  }

  /** Puts a document into the org's index and marks it ready (jobs and the boot corpus). */
  indexDocument(state: OrgRagState, doc: RagDocumentRecord, prepared: PreparedText, language: string | null): void {
    state.index.addDocument(indexInput(doc, prepared, language));
    Object.assign(doc, { status: 'ready', chunkCount: prepared.chunks.length, language, prepared: null, updatedAt: this.deps.clock.isoNow() });
  }

  failJob(orgId: string, state: OrgRagState, job: RagJobRecord, error: AnyApiError): void {
    const now = this.deps.clock.isoNow();
    job.timer?.cancel();
    const problem = toProblem(error, job.requestId);
    Object.assign(job, { status: 'failed', updatedAt: now, completedAt: now, error: problem, timer: null });
    const doc = state.documents.get(job.documentId);
    if (doc !== undefined) Object.assign(doc, { status: 'failed', prepared: null, updatedAt: now });
    // Spec, billing: a failed indexing job is refunded.
    if (job.usageEntryId !== null) this.deps.metering.refundQuietly(orgId, job.usageEntryId);
    this.emitJobEvent(orgId, job, doc);
  }

  emitJobEvent(orgId: string, job: RagJobRecord, doc: RagDocumentRecord | undefined): void {
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
      { livemode: job.livemode },
    );
  }

  observeStorage(orgId: string, state: OrgRagState, environment: RagDocumentRecord['environment']): void {
    this.deps.metering.observeStorage(orgId, state.storedBytes(environment), environment);
  }

  // ---- documents ----------------------------------------------------------------------------------------

  listDocuments(orgId: string, limit: number): RagDocumentRecord[] {
    const docs = [...(this.deps.store.peek(orgId)?.documents.values() ?? [])];
    // Newest first; insertion order breaks ties of equal clock times.
    return docs.reverse().sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).slice(0, limit);
  }

  getDocument(orgId: string, documentId: string): RagDocumentRecord {
    const doc = this.deps.store.peek(orgId)?.documents.get(documentId);
    if (doc === undefined) throw new ApiError('document_not_found', `no document ${documentId} in this organization`);
    return doc;
  }

  /** With a shared store: the org's documents and jobs brought up to date first (undefined with the memory store). */
  fresh(orgId: string): Promise<void> | undefined {
    return this.deps.store.replica?.sync(orgId);
  }

  /** A job's completion with a shared store, on whichever instance runs it (shared-flows.ts). */
  finishShared(orgId: string, jobId: string): Promise<void> {
    return finishSharedJob(this, this.deps, orgId, jobId);
  }

  /** Removes the document from search and from stored bytes; a job still indexing it fails (and is refunded). */
  deleteDocument(orgId: string, documentId: string): void | Promise<void> {
    if (this.deps.store.replica) return deleteSharedDocument(this, this.deps, orgId, documentId);
    const doc = this.getDocument(orgId, documentId);
    const state = this.deps.store.org(orgId);
    for (const job of state.jobs.values()) {
      if (job.documentId === documentId && job.status === 'processing') {
        this.failJob(orgId, state, job, new ApiError('document_not_found', `document ${documentId} was deleted before indexing completed`));
      }
    }
    const wasStored = doc.status === 'ready';
    state.documents.delete(documentId);
    state.index.removeDocument(documentId);
    if (wasStored) this.observeStorage(orgId, state, doc.environment);
  }

  getJob(orgId: string, jobId: string): RagJobRecord {
    const job = this.deps.store.peek(orgId)?.jobs.get(jobId);
    if (job === undefined) throw new ApiError('job_not_found', `no RAG job ${jobId} in this organization`);
    return job;
  }

  // ---- search -------------------------------------------------------------------------------------------

  async search(principal: Principal, input: RagSearchInput, requestId: string, signal: () => AbortSignal): Promise<RagSearchOutput> {
    const mode = input.mode;
    const held = this.deps.metering.precheck(principal, 'rag_search', 1, mode);
    if (held) await held;
    // With a shared store: one round trip for the org's version, a reload if it moved. Nothing with the memory store.
    const fresh = this.deps.store.replica?.sync(principal.orgId);
    if (fresh) await fresh;
    const started = this.deps.clock.now();
    const state = this.deps.store.org(principal.orgId);
    const rewrite = input.enable_rewrite_search_query ? rewriteQuery(input.query, input.rewrite_search_query_instructions) : undefined;
    const query = rewrite?.query ?? input.query;
    const hits = state.index.search({
      query,
      topK: input.top_k,
      minScore: input.min_score,
      documentIds: input.document_ids,
      language: input.language,
      fileType: input.file_type,
      metadataFilters: input.metadata_filters,
    });
    // The answer speaks the language of the question as asked, not of the expanded query.
    const language = answerLanguage(input.query, input.language);
    let answer: string | undefined;
    if (mode === 'answer') {
      answer = composeAnswer(query, hits, { language }).answer;
    } else if (mode === 'analyze') {
      const analysis = analyze(query, hits, { language });
      // Spec, Limits: analyze takes 5-30 s; waited on the injectable clock (--time-scale, clock/advance).
      await this.deps.clock.sleep(analysis.workSeconds * 1000, signal(), `rag analyze ${requestId}`);
      answer = analysis.answer;
    }
    this.deps.metering.record(principal, { product: 'rag_search', quantity: 1, mode, requestId });
    state.logSearch({
      request_id: requestId,
      time: this.deps.clock.isoNow(),
      mode,
      query: input.query,
      rewritten_query: rewrite?.query ?? null,
      instructions: input.rewrite_search_query_instructions ?? null,
      results: hits.length,
    });
    return {
      mode,
      ...(answer === undefined ? {} : { answer }),
      results: hits.map((h) => resultItem(h, input.detail)),
      search_time_ms: Math.max(0, this.deps.clock.now() - started),
      request_id: requestId,
    };
  }
}

function resultItem(hit: SearchHit, detail: 'minimal' | 'full'): RagSearchResultItem {
  if (detail === 'minimal') return { document_id: hit.documentId, score: hit.score };
  return { document_id: hit.documentId, score: hit.score, chunk_id: hit.chunkId, text: hit.text };
}

export function langOrNull(lang: string): string | null {
  return lang === 'und' ? null : lang;
}

/** The content limits of extraction, from the `rag` config. */
export function documentLimits(config: EmulatorConfig['rag']): DocumentLimits {
  const { maxTextBytes, maxPdfPages, maxPdfDecodedBytes, maxArchiveBytes, maxArchiveRatio, maxArchiveEntries } = config;
  return { maxTextBytes, maxPdfPages, maxPdfDecodedBytes, maxArchiveBytes, maxArchiveRatio, maxArchiveEntries };
}
