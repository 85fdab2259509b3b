/**
 * Putting one organization's RAG export back (issue 25, snapshots): the parts both implementations share. An
 * export holds each document's chunks, not their term counts; `preparedDocuments` counts them again (the same
 * tokenising as at upload, prepare.ts) in slices that return to the event loop, so a load of thousands of
 * documents never holds it for long. The index is then built from the prepared text as at upload (memory) or
 * as an instance that joins late builds it from what Redis holds (redis-rag.ts, reload).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { StateProblem } from '../store/state-unit.js';
import type { DetectedLanguage } from './engine/language.js';
import { prepareChunks, type PreparedText } from './engine/prepare.js';
import { jobRecord, type ExportedDocument, type RagOrgExport } from './rag-export.js';
import type { RagDocumentRecord, RagJobRecord } from './store.js';
import type { Tenant } from './tenants.js';

/** Tokenising runs this long at most before the event loop gets a turn. */
const SLICE_MS = 8;

export interface ImportedDocument {
  doc: RagDocumentRecord;
  /** Its extracted text with the term counts, or null when none is kept (a failed document). */
  prepared: PreparedText | null;
}

/** A document without its text, as the state keeps it. */
export function documentOf(exported: ExportedDocument): RagDocumentRecord {
  const { text: _text, ...doc } = exported;
  return doc;
}

/**
 * The documents of an export with their text prepared again, in the export's order; `each` (indexing them)
 * runs inside the same slices.
 */
export async function preparedDocuments(
  data: RagOrgExport,
  each?: (imported: ImportedDocument) => void,
): Promise<ImportedDocument[]> {
  const out: ImportedDocument[] = [];
  let sliceStart = performance.now();
  for (const exported of data.documents) {
    const doc = documentOf(exported);
    const text = exported.text;
    // A ready document's language is its own; one still indexing keeps the one detected at extraction.
    const language = (text?.language ?? doc.language ?? 'und') as DetectedLanguage;
    const prepared =
      text === null
        ? null
        : prepareChunks(
            text.chunks.map((t, index) => ({ index, text: t })),
            language,
          );
    out.push({ doc, prepared });
    each?.({ doc, prepared });
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  return out;
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
