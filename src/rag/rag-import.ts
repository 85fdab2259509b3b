/**
 * Putting one organization's RAG export back (issue 25, snapshots): the parts both implementations share. An
 * export holds each document's chunks, not their term counts. A load stores the documents at once and leaves
 * the counting and indexing of the ready ones to a build after it answered (index-builds.ts); an indexing
 * document's text is counted at once, as its job's completion reads it.
 */
import type { StateProblem } from '../store/state-unit.js';
import type { DetectedLanguage } from './engine/language.js';
import { prepareChunks, type PreparedText } from './engine/prepare.js';
import type { PendingDocument } from './index-builds.js';
import { jobRecord, type ExportedDocument, type RagOrgExport } from './rag-export.js';
import type { RagDocumentRecord, RagJobRecord } from './store.js';
import type { Tenant } from './tenants.js';

/** A document without its text, as the state keeps it. */
export function documentOf(exported: ExportedDocument): RagDocumentRecord {
  const { text: _text, ...doc } = exported;
  return doc;
}

/** The language a document's text was counted in: a ready one's own, else the one detected at extraction. */
export function textLanguage(exported: ExportedDocument): DetectedLanguage {
  return (exported.text?.language ?? exported.language ?? 'und') as DetectedLanguage;
}

/** An indexing document's text, counted at once (a job's completion reads it; such documents are few). */
export function preparedNow(exported: ExportedDocument): PreparedText | null {
  if (exported.text === null) return null;
  return prepareChunks(
    exported.text.chunks.map((text, index) => ({ index, text })),
    textLanguage(exported),
  );
}

/** A ready document whose index build a load leaves for later (index-builds.ts). */
export function pendingDocument(exported: ExportedDocument): PendingDocument | null {
  if (exported.status !== 'ready' || exported.text === null) return null;
  return { doc: documentOf(exported), chunks: exported.text.chunks, language: textLanguage(exported) };
}

export function importedJobs(data: RagOrgExport): RagJobRecord[] {
  return data.jobs.map(jobRecord);
}

export function importedTenant(orgId: string, data: RagOrgExport): Tenant | undefined {
  return data.tenant === undefined ? undefined : { ...data.tenant, orgId };
}

/**
 * What the schema cannot say: the tenant is the organization's; ids are unique; a job still processing has
 * its document, still indexing with its text (a delete fails the document's jobs, and a job ends with its
 * document). A finished job whose document is gone is a real state (deleted afterwards).
 */
export function checkRagOrg(orgId: string, data: RagOrgExport): StateProblem | null {
  if (data.tenant !== undefined && data.tenant.orgId !== orgId)
    return { path: '/tenant/orgId', message: `must be the organization's id ${orgId}` };
  const docs = new Map<string, ExportedDocument>();
  for (const [i, d] of data.documents.entries()) {
    if (docs.has(d.documentId)) return { path: `/documents/${i}/documentId`, message: 'is listed twice' };
    docs.set(d.documentId, d);
    if (d.status === 'ready' && d.text === null)
      return { path: `/documents/${i}/text`, message: 'a ready document needs its text (it is searched)' };
    if (d.status === 'ready' && d.text !== null && d.text.chunks.length !== d.chunkCount)
      return {
        path: `/documents/${i}/chunkCount`,
        message: `must be the number of its chunks (${d.text.chunks.length})`,
      };
  }
  const jobs = new Set<string>();
  for (const [i, j] of data.jobs.entries()) {
    if (jobs.has(j.jobId)) return { path: `/jobs/${i}/jobId`, message: 'is listed twice' };
    jobs.add(j.jobId);
    if (j.status !== 'processing') continue;
    const doc = docs.get(j.documentId);
    if (doc?.status !== 'indexing' || doc.text === null)
      return {
        path: `/jobs/${i}/documentId`,
        message: 'a processing job needs its document, indexing and with its text, in this section',
      };
  }
  return null;
}
