/**
 * One organization's RAG state as JSON data: what `perOrg.export` gives, the same from the memory state and
 * the Redis one (issue 23 item 2; snapshots load it): its tenant as last written, its documents (the demo
 * corpus among them) with the text extracted at upload, and its indexing jobs, each with its due time.
 *
 * Not exported, on purpose: the search index, which is derived from the documents' text (a loader indexes
 * them again, as every Redis instance does from the text it reads); the term counts stored beside the text
 * in Redis, derived from it the same way; the uploaded bytes, which no state keeps past their extraction; the
 * per-instance parts (`fail_next_jobs`, the search log), which differ between instances.
 */
import { jsonData } from '../core/json-data.js';
import { CustomApiError } from '../core/errors.js';
import type { RagDocumentRecord, RagJobRecord } from './store.js';
import type { Tenant } from './tenants.js';

/** A job's injected failure as JSON. */
export interface StoredFailure {
  status: number;
  code: string;
  title: string;
  detail?: string;
}

/** A job as JSON: how Redis stores it, and an export holds it. */
export type StoredJob = Omit<RagJobRecord, 'injectedFailure'> & { injectedFailure?: StoredFailure };

export interface ExportedText {
  /** The language detected at extraction, while the document is indexing (a ready one has it as `language`). */
  language?: string;
  /** The chunks' text, in order: chunk n is `<document_id>:<n>` in search results. */
  chunks: string[];
}

export type ExportedDocument = RagDocumentRecord & { text: ExportedText | null };

export interface RagOrgExport {
  /** As last written: its current state follows from it and the clock (tenants.ts). Absent when none. */
  tenant?: Omit<Tenant, 'rev'>;
  /**
   * By creation time, then in the order they were stored (which the document list shows for equal times; a
   * load stores them in this order).
   */
  documents: ExportedDocument[];
  /** By creation time, then id. */
  jobs: StoredJob[];
}

/** A document with its extracted text (`chunks`: none kept, as for a failed one). */
export function exportedDocument(
  doc: RagDocumentRecord,
  chunks: string[] | undefined,
  language: string | undefined,
): ExportedDocument {
  if (chunks === undefined) return { ...doc, text: null };
  return { ...doc, text: doc.status === 'indexing' ? { language, chunks } : { chunks } };
}

/**
 * The export of the parts an implementation holds for one organization (`documents` in the order they were
 * stored); undefined when it holds none.
 */
export function orgExport(
  tenant: Tenant | undefined,
  documents: ExportedDocument[],
  jobs: readonly StoredJob[],
): RagOrgExport | undefined {
  if (tenant === undefined && documents.length === 0 && jobs.length === 0) return undefined;
  const out: RagOrgExport = {
    // Stable: equal creation times keep the order they were stored in.
    documents: [...documents].sort((a, b) => byCreation(a.createdAt, '', b.createdAt, '')),
    jobs: [...jobs].sort((a, b) => byCreation(a.createdAt, a.jobId, b.createdAt, b.jobId)),
  };
  if (tenant !== undefined) {
    const { rev: _rev, ...written } = tenant;
    out.tenant = written;
  }
  // JSON data as Redis holds it: no undefined member, nothing shared with the state (but the strings).
  return jsonData(out) as RagOrgExport;
}

function byCreation(at1: string, id1: string, at2: string, id2: string): number {
  if (at1 !== at2) return at1 < at2 ? -1 : 1;
  return id1 < id2 ? -1 : id1 > id2 ? 1 : 0;
}

export function storedJob(job: RagJobRecord): StoredJob {
  const { injectedFailure, ...rest } = job;
  if (injectedFailure === undefined) return rest;
  const { status, code, title, detail } = injectedFailure;
  return { ...rest, injectedFailure: { status, code, title, detail } };
}

export function jobRecord(stored: StoredJob): RagJobRecord {
  const { injectedFailure, ...rest } = stored;
  const job: RagJobRecord = { ...rest };
  if (injectedFailure !== undefined) {
    const f = injectedFailure;
    job.injectedFailure = new CustomApiError(f.status, f.code, f.title, f.detail);
  }
  return job;
}
