/**
 * The RAG state in this process (the memory store): maps keyed by organization. Every operation answers at
 * once, so no RAG path awaits anything it did not await before.
 */
import type { PreparedText } from './engine/prepare.js';
import { indexInput } from './index-input.js';
import { exportedDocument, orgExport, storedJob, type RagOrgExport } from './rag-export.js';
import { IndexBuilds } from './index-builds.js';
import {
  checkRagOrg,
  documentOf,
  importedJobs,
  importedTenant,
  pendingDocument,
  preparedNow,
} from './rag-import.js';
import type { RagOrgPart, RagState, TenantRecords } from './rag-state.js';
import { OrgRagState, type RagDocumentRecord, type RagJobRecord } from './store.js';
import type { Tenant } from './tenants.js';

class MemoryTenants implements TenantRecords {
  readonly tenants = new Map<string, Tenant>();

  get(orgId: string): Tenant | undefined {
    return this.tenants.get(orgId);
  }

  create(tenant: Tenant): void {
    if (!this.tenants.has(tenant.orgId)) this.tenants.set(tenant.orgId, tenant);
  }

  save(tenant: Tenant): void {
    this.tenants.set(tenant.orgId, tenant);
  }

  touch(): void {}

  madeElsewhere(): boolean {
    return false;
  }
}

export class MemoryRagState implements RagState {
  readonly name = 'rag';
  readonly tenants = new MemoryTenants();
  private readonly orgs = new Map<string, OrgRagState>();
  /** Extracted text per org and document, kept from the upload until its job ends. */
  private readonly texts = new Map<string, Map<string, PreparedText>>();
  private readonly orgResetListeners: ((orgId: string, jobIds: string[]) => void)[] = [];
  /** Indexes a load left to build (index-builds.ts). */
  private readonly builds = new IndexBuilds();

  readonly perOrg: RagOrgPart = {
    // An organization only read (a search with no documents) holds nothing.
    ids: () =>
      [...new Set([...this.tenants.tenants.keys(), ...this.orgs.keys()])].filter((id) => this.holds(id)),
    reset: (orgId) => {
      const jobIds = [...(this.orgs.get(orgId)?.jobs.values() ?? [])]
        .filter((j) => j.status === 'processing')
        .map((j) => j.jobId);
      this.builds.cancel(orgId);
      this.orgs.delete(orgId);
      this.texts.delete(orgId);
      this.tenants.tenants.delete(orgId);
      for (const listener of this.orgResetListeners) listener(orgId, jobIds);
    },
    export: (orgId) => {
      const org = this.orgs.get(orgId);
      const texts = this.texts.get(orgId);
      // An indexing document's text is kept beside it; a ready one's is in the index (the demo corpus's too).
      const documents = [...(org?.documents.values() ?? [])].map((d) => {
        const prepared = texts?.get(d.documentId);
        if (prepared !== undefined)
          return exportedDocument(
            d,
            prepared.chunks.map((c) => c.text),
            prepared.language,
          );
        const waiting = this.builds.pending(orgId, d.documentId);
        if (waiting !== undefined) return exportedDocument(d, waiting.chunks, undefined);
        return exportedDocument(d, org?.index.documentChunks(d.documentId), undefined);
      });
      const jobs = [...(org?.jobs.values() ?? [])].map(storedJob);
      return orgExport(this.tenants.get(orgId), documents, jobs);
    },
    import: (orgId, data) => this.importOrg(orgId, data as RagOrgExport),
    check: (orgId, data) => checkRagOrg(orgId, data as RagOrgExport),
  };

  /**
   * An indexing document's text goes beside it (counted now), a ready one's to the index build that follows
   * the load (index-builds.ts): the documents and jobs answer at once, a search waits for the build.
   */
  private importOrg(orgId: string, data: RagOrgExport): void {
    const tenant = importedTenant(orgId, data);
    if (tenant !== undefined) this.tenants.save(tenant);
    const org = this.local(orgId);
    for (const job of importedJobs(data)) org.jobs.set(job.jobId, job);
    const pending = [];
    for (const exported of data.documents) {
      const doc = documentOf(exported);
      org.documents.set(doc.documentId, doc);
      const later = pendingDocument(exported);
      if (later !== null) pending.push(later);
      else if (doc.status === 'indexing') {
        const prepared = preparedNow(exported);
        if (prepared !== null) this.textsOf(orgId).set(doc.documentId, prepared);
      }
    }
    this.builds.add(orgId, org.index, pending);
  }

  buildIndexes(): void {
    this.builds.start();
  }

  searchable(orgId: string): OrgRagState | Promise<OrgRagState> {
    const ready = this.builds.ready(orgId);
    return ready === undefined ? this.local(orgId) : ready.then(() => this.local(orgId));
  }

  read(orgId: string): OrgRagState {
    return this.local(orgId);
  }

  local(orgId: string): OrgRagState {
    let org = this.orgs.get(orgId);
    if (org === undefined) this.orgs.set(orgId, (org = new OrgRagState()));
    return org;
  }

  assertWritable(): void {}

  accept(orgId: string, doc: RagDocumentRecord, prepared: PreparedText, job: RagJobRecord): void {
    const org = this.local(orgId);
    org.documents.set(doc.documentId, doc);
    org.jobs.set(job.jobId, job);
    this.textsOf(orgId).set(doc.documentId, prepared);
  }

  saveJob(orgId: string, job: RagJobRecord): void {
    const org = this.local(orgId);
    if (org.jobs.get(job.jobId)?.status === 'processing') org.jobs.set(job.jobId, job);
  }

  text(orgId: string, documentId: string): PreparedText | null {
    return this.texts.get(orgId)?.get(documentId) ?? null;
  }

  finish(
    orgId: string,
    job: RagJobRecord,
    doc: RagDocumentRecord,
    prepared: PreparedText | null,
  ): OrgRagState | null {
    const org = this.local(orgId);
    const storedJob = org.jobs.get(job.jobId);
    const storedDoc = org.documents.get(doc.documentId);
    if (storedJob?.status !== 'processing' || storedDoc === undefined) return null;
    // Indexed first: a document the index refuses leaves every record as it was.
    if (doc.status === 'ready' && prepared !== null)
      org.index.addDocument(indexInput(doc, prepared, doc.language));
    // The records keep their identity: whoever holds one sees the outcome.
    Object.assign(storedJob, job);
    Object.assign(storedDoc, doc);
    this.texts.get(orgId)?.delete(doc.documentId);
    return org;
  }

  remove(
    orgId: string,
    doc: RagDocumentRecord,
    failing: RagJobRecord[],
  ): { org: OrgRagState; failed: string[] } | null {
    const org = this.local(orgId);
    if (!org.documents.has(doc.documentId)) return null;
    const failed: string[] = [];
    for (const job of failing) {
      const stored = org.jobs.get(job.jobId);
      if (stored?.status !== 'processing') continue;
      Object.assign(stored, job);
      failed.push(job.jobId);
    }
    org.documents.delete(doc.documentId);
    this.builds.drop(orgId, doc.documentId);
    org.index.removeDocument(doc.documentId);
    this.texts.get(orgId)?.delete(doc.documentId);
    return { org, failed };
  }

  addBuiltin(orgId: string, doc: RagDocumentRecord, prepared: PreparedText): void {
    const org = this.local(orgId);
    org.documents.set(doc.documentId, doc);
    org.index.addDocument(indexInput(doc, prepared, doc.language));
  }

  /** Nothing is shared in memory: no other instance resets it. */
  onRemoteReset(): void {}

  onOrgReset(listener: (orgId: string, jobIds: string[]) => void): void {
    this.orgResetListeners.push(listener);
  }

  private holds(orgId: string): boolean {
    const org = this.orgs.get(orgId);
    return this.tenants.get(orgId) !== undefined || (org?.documents.size ?? 0) + (org?.jobs.size ?? 0) > 0;
  }

  reset(): void {
    this.builds.cancel();
    this.orgs.clear();
    this.texts.clear();
    this.tenants.tenants.clear();
  }

  private textsOf(orgId: string): Map<string, PreparedText> {
    let texts = this.texts.get(orgId);
    if (texts === undefined) this.texts.set(orgId, (texts = new Map()));
    return texts;
  }
}
