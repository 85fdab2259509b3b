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
import { type AnyApiError } from '../http/errors.js';
import type { Metering, RagMode } from '../metering/index.js';
import type { OrgStore } from '../orgs/store.js';
import type { WebhookEngine } from '../webhooks/index.js';
import { type WorkerPool } from '../workers/pool.js';
import type { PreparedText } from './engine/prepare.js';
import type { DocumentLimits } from './engine/limits.js';
export { chunkId, indexInput } from './index-input.js';
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
export declare class RagService {
    private readonly deps;
    constructor(deps: RagServiceDeps);
    /** Entitlement (403) then tenant readiness (409); called for every /v1/rag operation before the body is read. */
    admit(principal: Principal): void;
    upload(principal: Principal, input: RagUploadInput, file: UploadedFile, requestId: string, fault?: Pick<FaultRule, 'id' | 'kind' | 'detail' | 'code' | 'status'>, signal?: AbortSignal): Promise<{
        document: RagDocumentRecord;
        job: RagJobRecord;
    }>;
    /** Type sniff, scan and extraction on the worker pool; every rejection is a 422 with its code. */
    private inspect;
    /** Indexing time on the clock: indexBaseSeconds + size / indexBytesPerSecond. */
    indexingMs(sizeBytes: number): number;
    private finishJob;
    /** Puts a document into the org's index and marks it ready (jobs and the boot corpus). */
    indexDocument(state: OrgRagState, doc: RagDocumentRecord, prepared: PreparedText, language: string | null): void;
    failJob(orgId: string, state: OrgRagState, job: RagJobRecord, error: AnyApiError): void;
    private refund;
    emitJobEvent(orgId: string, job: RagJobRecord, doc: RagDocumentRecord | undefined): void;
    observeStorage(orgId: string, state: OrgRagState, environment: RagDocumentRecord['environment']): void;
    listDocuments(orgId: string, limit: number): RagDocumentRecord[];
    getDocument(orgId: string, documentId: string): RagDocumentRecord;
    /** With a shared store: the org's documents and jobs brought up to date first (undefined with the memory store). */
    fresh(orgId: string): Promise<void> | undefined;
    /** A job's completion with a shared store, on whichever instance runs it (shared-flows.ts). */
    finishShared(orgId: string, jobId: string): Promise<void>;
    /** Removes the document from search and from stored bytes; a job still indexing it fails (and is refunded). */
    deleteDocument(orgId: string, documentId: string): void | Promise<void>;
    getJob(orgId: string, jobId: string): RagJobRecord;
    search(principal: Principal, input: RagSearchInput, requestId: string, signal: AbortSignal): Promise<RagSearchOutput>;
}
export declare function langOrNull(lang: string): string | null;
/** The content limits of extraction, from the `rag` config. */
export declare function documentLimits(config: EmulatorConfig['rag']): DocumentLimits;
