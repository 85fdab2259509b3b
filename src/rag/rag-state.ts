/**
 * The RAG area's state (issue 23): tenants, documents with their extracted text, indexing jobs, and each
 * organization's search index, all keyed by organization. Two implementations side by side: memory-rag.ts
 * (the default; every read synchronous) and redis-rag.ts (shared by every instance over one Redis, with the
 * index as a per-instance cache). The service and the tenant rules use only these operations.
 */
import type { MaybePromise } from '../core/maybe.js';
import type { StateStore } from '../store/index.js';
import { RedisStore } from '../store/redis-store.js';
import type { OrgStatePart, StateUnit } from '../store/state-unit.js';
import type { PreparedText } from './engine/prepare.js';
import { MemoryRagState } from './memory-rag.js';
import type { RagOrgExport } from './rag-export.js';
import { RedisRagState } from './redis-rag.js';
import type { OrgRagState, RagDocumentRecord, RagJobRecord } from './store.js';
import type { Tenant } from './tenants.js';

/**
 * One tenant per organization. Read on every RAG call (the gate), so `get` is local in both implementations;
 * the tenant rules (tenants.ts) change the record they got and hand it back to `save`.
 */
export interface TenantRecords {
  get(orgId: string): Tenant | undefined;
  /** A new tenant; an organization that has one (made through any instance) keeps it, here too. */
  create(tenant: Tenant): void;
  /** The tenant changed (a forced state, a phase that moved because of a call). */
  save(tenant: Tenant): void;
  /** A ready tenant was used: its `lastActivityAt` moved (Redis shares it at most once a second of emulator time). */
  touch(tenant: Tenant): void;
  /** True when the tenant was made through another instance: boot leaves it as it is. Never in memory. */
  madeElsewhere(orgId: string): boolean;
}

/** The RAG state's part per organization, its export typed (rag-export.ts). */
export interface RagOrgPart extends OrgStatePart {
  export(orgId: string): MaybePromise<RagOrgExport | undefined>;
}

export interface RagState extends StateUnit {
  readonly tenants: TenantRecords;
  /**
   * Each organization's tenant, documents and jobs: listed, exported (rag-export.ts) and reset for every
   * instance, its index and per-instance parts (`fail_next_jobs`, the search log) with it; the demo corpus is
   * part of the demo organization like any other document, so a reset removes it too.
   */
  readonly perOrg: RagOrgPart;
  /**
   * The organization's documents, jobs and index with every change made before through any instance (Redis:
   * one round trip for the org's version, and a reload of what changed when it moved). A value in memory.
   */
  read(orgId: string): MaybePromise<OrgRagState>;
  /**
   * `read`, once the organization's index holds every document a load put back (issue 25: the index is built
   * after the load answered, index-builds.ts); that organization's build goes first. What a search needs.
   */
  searchable(orgId: string): MaybePromise<OrgRagState>;
  /** Starts the index builds a load left (the area calls it once the load is done); they run in the background. */
  buildIndexes(): void;
  /** What this instance holds for the organization, as it is: its per-instance parts (fault count, search log). */
  local(orgId: string): OrgRagState;
  /** 502 `upstream_error` while a shared store is down, before anything changes (nothing in memory). */
  assertWritable(): void;
  /** A new upload: its document (status `indexing`), extracted text and job (status `processing`). */
  accept(
    orgId: string,
    doc: RagDocumentRecord,
    prepared: PreparedText,
    job: RagJobRecord,
  ): MaybePromise<void>;
  /** The job's record changed before anyone could see it (its ledger entry, an injected failure); kept only while it is processing. */
  saveJob(orgId: string, job: RagJobRecord): void;
  /** A document's extracted text as accepted (kept at least until its job ends); null when it is gone. */
  text(orgId: string, documentId: string): MaybePromise<PreparedText | null>;
  /**
   * A job's outcome with its document's: written only while the job is still processing and its document still
   * there, so a job ends once across instances. A ready document goes into the index with `prepared`; the text
   * is dropped. Resolves to the organization as after the write, or null when nothing was written.
   */
  finish(
    orgId: string,
    job: RagJobRecord,
    doc: RagDocumentRecord,
    prepared: PreparedText | null,
  ): MaybePromise<OrgRagState | null>;
  /**
   * Deletes a document (a demo-corpus one leaves a tombstone) and fails those of `failing` still processing.
   * Null when it was already gone; else the organization as after the delete and the ids of the jobs failed.
   */
  remove(
    orgId: string,
    doc: RagDocumentRecord,
    failing: RagJobRecord[],
  ): MaybePromise<{ org: OrgRagState; failed: string[] } | null>;
  /** A demo-corpus document, ready: built by every instance from the seed, never shared (a tombstone hides it). */
  addBuiltin(orgId: string, doc: RagDocumentRecord, prepared: PreparedText): void;
  /** Another instance reset the emulator and this state dropped what it held: the area builds its boot state again. */
  onRemoteReset(listener: () => void): void;
  /**
   * One organization was reset through this instance (`perOrg.reset`): the ids of its jobs that were still
   * processing, whose due completions the area cancels (the due-work queue is shared between instances).
   */
  onOrgReset(listener: (orgId: string, jobIds: string[]) => void): void;
}

/** The RAG state of an emulator: in Redis when the store is (docs/scaling.md), else in this process. */
export function createRagState(store: StateStore): RagState {
  return store instanceof RedisStore ? new RedisRagState(store) : new MemoryRagState();
}
