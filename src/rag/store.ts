/**
 * RAG state, keyed by organization: documents, indexing jobs and one SearchIndex per org. Nothing is
 * shared between organizations, so another org's ids are simply not found and no search can reach
 * another org's text.
 */
import type { ClockTimer } from '../core/clock.js';
import type { AnyApiError } from '../http/errors.js';
import type { Problem } from '../http/problem.js';
import type { Environment } from '../metering/types.js';
import type { DocumentType } from './engine/detect.js';
import type { PreparedText } from './engine/prepare.js';
import { SearchIndex } from './engine/search-index.js';

export type DocumentStatus = 'indexing' | 'ready' | 'failed';
export type JobStatus = 'processing' | 'completed' | 'failed';

export interface RagDocumentRecord {
  documentId: string;
  title: string;
  fileName: string | null;
  fileType: DocumentType;
  sizeBytes: number;
  language: string | null;
  status: DocumentStatus;
  chunkCount: number;
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  /** Environment of the key that uploaded it: storage is metered per environment. */
  environment: Environment;
  /** Chunks and term counts from the extraction, kept until indexing (then the index holds them). */
  prepared: PreparedText | null;
  /** A demo-corpus document: every instance builds it from the seed at boot (never written to a shared store). */
  builtin?: boolean;
}

export interface RagJobRecord {
  jobId: string;
  documentId: string;
  status: JobStatus;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  error: Problem | null;
  requestId: string;
  livemode: boolean;
  /** Ledger entry of the upload, refunded when the job fails. */
  usageEntryId: string | null;
  timer: ClockTimer | null;
  /** Set by a `job_fail` fault: the job fails with this detail when it would have completed. */
  injectedFailure?: AnyApiError;
}

/** What the admin search log shows: the query as sent and as searched (after the optional rewrite). */
export interface SearchLogEntry {
  request_id: string;
  time: string;
  mode: string;
  query: string;
  rewritten_query: string | null;
  instructions: string | null;
  results: number;
}

const SEARCH_LOG_LIMIT = 50;

export class OrgRagState {
  readonly documents = new Map<string, RagDocumentRecord>();
  readonly jobs = new Map<string, RagJobRecord>();
  readonly index = new SearchIndex();
  readonly searches: SearchLogEntry[] = [];
  /** Remaining indexing jobs to fail on purpose (admin fault). */
  failNextJobs = 0;
  /** With a shared store: the org's version in the store that documents, jobs and index reflect. */
  sharedVersion = 0;

  /** Bytes of the indexed documents uploaded in an environment (what storage metering observes). */
  storedBytes(environment: Environment): number {
    let total = 0;
    for (const d of this.documents.values()) if (d.status === 'ready' && d.environment === environment) total += d.sizeBytes;
    return total;
  }

  logSearch(entry: SearchLogEntry): void {
    this.searches.push(entry);
    if (this.searches.length > SEARCH_LOG_LIMIT) this.searches.shift();
  }
}

/**
 * RAG documents, jobs and extracted text in a shared store (src/rag/redis-rag.ts); null with the memory
 * store, where nothing here is called and no RAG path awaits anything new. Writes answer 502 `upstream_error`
 * before anything changes while the store is down.
 */
export interface RagReplica {
  /** 502 `upstream_error` while the shared store is down (before a change). */
  assertWritable(): void;
  /** Brings the org's documents, jobs and index up to the shared version (one round trip when nothing moved). */
  sync(orgId: string): Promise<void>;
  /** A new upload: its document, extracted text and job are in the store once this resolves. */
  accept(orgId: string, doc: RagDocumentRecord, prepared: PreparedText, job: RagJobRecord): Promise<void>;
  /** The job's record changed locally before anyone else could see it (its ledger entry): a tracked write. */
  jobUpdated(orgId: string, job: RagJobRecord): void;
  /** Writes a job's outcome if it is still processing and its document still there; false when it is not. */
  finish(orgId: string, job: RagJobRecord, doc: RagDocumentRecord): Promise<boolean>;
  /** Deletes a document and fails the given jobs still processing; null when it was already gone, else the ids of the jobs failed. */
  delete(orgId: string, doc: RagDocumentRecord, failing: RagJobRecord[]): Promise<string[] | null>;
  /** A document's extracted text as stored at upload. */
  text(orgId: string, documentId: string): Promise<PreparedText | null>;
  /** Runs the job's completion when it is due, on this instance or (with a shared work queue) any other. */
  schedule(orgId: string, job: RagJobRecord, dueInMs: number): void;
}

export class RagStore {
  private orgs = new Map<string, OrgRagState>();
  /** Set when the emulator runs over a shared store. */
  replica: RagReplica | null = null;

  /** The org's state, created on first use. */
  org(orgId: string): OrgRagState {
    let s = this.orgs.get(orgId);
    if (s === undefined) this.orgs.set(orgId, (s = new OrgRagState()));
    return s;
  }

  peek(orgId: string): OrgRagState | undefined {
    return this.orgs.get(orgId);
  }

  reset(): void {
    for (const s of this.orgs.values()) for (const j of s.jobs.values()) j.timer?.cancel();
    this.orgs.clear();
  }
}
