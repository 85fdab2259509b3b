/**
 * RAG state in Redis (issue 17): tenants, documents with their extracted text, and indexing jobs. Each
 * instance keeps its RagStore and BM25 index as a cache of the shared documents. Every change to an org's
 * documents or jobs runs in one Lua script (scripts-rag.ts) that moves the org's version and publishes
 * `rag.changed`; every RAG read (search, list, get) first reads the version (one round trip) and reloads the
 * org when it moved, adding to or removing from the index only the documents that changed. So a document
 * deleted before another instance answered is never served, even if the event has not arrived yet; the
 * event only starts the reload early, off the request path.
 *
 * The demo corpus is per instance: every instance builds the same one from the seed at boot and it is never
 * written to Redis; deleting one of its documents leaves a tombstone in the org's documents, which every
 * instance (and one started later) applies. Tenants are one hash, kept in each instance's TenantManager by
 * `rag.tenant` events. Reset: every `rag` key but the version counter (rag:seq) is deleted, atomically with
 * the others (SharedState.reset).
 */
import type { ChainableCommander } from 'ioredis';
import type { Clock } from '../core/clock.js';
import type { PreparedText } from '../rag/engine/prepare.js';
import type { RagDocumentRecord, RagJobRecord, RagReplica, RagStore } from '../rag/store.js';
import type { Tenant, TenantManager, TenantReplica } from '../rag/tenants.js';
import type { RedisStore } from './redis-store.js';
import type { WorkQueue } from './work-queue.js';
/** What the RAG area hands over (src/rag/index.ts). */
export interface RagTargets {
    store: RagStore;
    tenants: TenantManager;
    clock: Clock;
    /** Resolves once the demo corpus is in the index: a reload waits for it. */
    ready(): Promise<void>;
    /** Runs a due job's completion (RagService.finishShared). */
    finish(orgId: string, jobId: string): Promise<void>;
    /** Another instance reset the emulator: drop the RAG caches and build the boot state again. */
    remoteReset(): void;
}
export declare class SharedRag implements RagReplica, TenantReplica {
    private readonly store;
    private readonly work;
    private targets;
    private defined;
    /** Reloads are numbered as sent; one applies only if no later one has (replies come in order on one connection). */
    private sent;
    private readonly applied;
    /** Stored documents this instance put into each org's index (the demo corpus is not among them). */
    private readonly indexed;
    constructor(store: RedisStore, work: WorkQueue);
    attach(targets: RagTargets): void;
    private get redis();
    private orgKeys;
    private get k();
    /** The first ARGV of every script: org, channel, and the `rag.changed` event up to its version. */
    private head;
    /** At open: the scripts, then the tenants into the local copy. */
    load(): Promise<void>;
    private loadTenants;
    /** The fixed keys a reset deletes; clear() adds the per-org ones. */
    keyNames(): string[];
    /** Queues the deletion of every org's RAG keys into a reset's transaction. */
    clear(tx: ChainableCommander): void;
    assertWritable(): void;
    created(tenant: Tenant): void;
    changed(tenant: Tenant): void;
    accept(orgId: string, doc: RagDocumentRecord, prepared: PreparedText, job: RagJobRecord): Promise<void>;
    jobUpdated(orgId: string, job: RagJobRecord): void;
    finish(orgId: string, job: RagJobRecord, doc: RagDocumentRecord): Promise<boolean>;
    delete(orgId: string, doc: RagDocumentRecord, failing: RagJobRecord[]): Promise<string[] | null>;
    text(orgId: string, documentId: string): Promise<PreparedText | null>;
    /**
     * The job's completion goes through the shared due-work queue: run by the accepting instance while it is
     * alive, by another one if it dies. Everything it needs (document, extracted text, job) is in Redis.
     */
    schedule(orgId: string, job: RagJobRecord, dueInMs: number): void;
    sync(orgId: string): Promise<void>;
    /** Reads the org's documents and jobs, and the text of documents ready there but not in the local index yet. */
    private reload;
    private receive;
}
