/**
 * The records of the RAG state, keyed by organization: documents, indexing jobs and one SearchIndex per org
 * (rag-state.ts has the operations, memory-rag.ts and redis-rag.ts keep them). Nothing is shared between
 * organizations, so another org's ids are simply not found and no search can reach another org's text.
 */
import type { SearchLogEntry } from '../contract/admin-types.js';
import type { AnyApiError } from '../core/errors.js';
import type { Problem } from '../http/problem.js';
import type { Environment } from '../metering/types.js';
import type { DocumentType } from './engine/detect.js';
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
  /**
   * When its completion is (or was) due on the emulator clock; null when none is scheduled (a `job_stuck`
   * fault). Kept with the job so that an export carries a job in flight with its due time.
   */
  dueAt: string | null;
  /** Set by a `job_fail` fault: the job fails with this detail when it would have completed. */
  injectedFailure?: AnyApiError;
}

/** What the admin search log shows is the document's (`RagSearchLogEntry`). */
export type { SearchLogEntry } from '../contract/admin-types.js';

const SEARCH_LOG_LIMIT = 50;

/**
 * One organization's documents, jobs and index as this instance holds them (with Redis, a cache brought up to
 * date by every read), and its per-instance parts: the admin's `fail_next_jobs` count and the search log.
 */
export class OrgRagState {
  readonly documents = new Map<string, RagDocumentRecord>();
  readonly jobs = new Map<string, RagJobRecord>();
  readonly index = new SearchIndex();
  readonly searches: SearchLogEntry[] = [];
  /** Remaining indexing jobs to fail on purpose (admin fault). */
  failNextJobs = 0;

  /** Bytes of the indexed documents uploaded in an environment (what storage metering observes). */
  storedBytes(environment: Environment): number {
    let total = 0;
    for (const d of this.documents.values())
      if (d.status === 'ready' && d.environment === environment) total += d.sizeBytes;
    return total;
  }

  logSearch(entry: SearchLogEntry): void {
    this.searches.push(entry);
    if (this.searches.length > SEARCH_LOG_LIMIT) this.searches.shift();
  }
}
