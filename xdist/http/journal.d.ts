/**
 * The request journal: every /v1 request and WebSocket session, newest last, bounded in memory by entries
 * and by bytes (each entry's JSON size, estimated: observe/entry-bytes.ts). Credentials appear only in display form, even inside a path;
 * paths are stored without their query string.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from '../core/clock.js';
import type { RequestDetail, ResponseDetail } from '../observe/capture.js';
export interface JournalEntry {
    request_id: string;
    kind: 'http' | 'websocket';
    time: string;
    method: string;
    path: string;
    operation_id: string | null;
    status: number | null;
    code: string | null;
    org_id: string | null;
    key_id: string | null;
    key: string | null;
    environment: 'live' | 'test' | null;
    scope: string | null;
    duration_ms: number | null;
    fault: {
        rule_id: string;
        kind: string;
        explanation: string;
    } | null;
    /** The answer's status is not one the operation documents (an injected fault or scripted STT error chose it). */
    off_contract: boolean;
    websocket: {
        close_code: number | null;
        close_reason: string | null;
        /** Wall-clock epoch ms of the handshake and of the close. */
        opened_at: number | null;
        closed_at: number | null;
        frames_in: number;
        frames_out: number;
        close_stream_sent: boolean;
    } | null;
    /** Wall-clock epoch ms at arrival: what the client really did, whatever the emulator clock says. */
    wall_ms: number;
    /** Rate-limit guidance sent back (`Retry-After`, `RateLimit-Remaining`, `RateLimit-Reset`), when any. */
    retry_after: number | null;
    ratelimit_remaining: number | null;
    ratelimit_reset: number | null;
    request: RequestDetail;
    response: ResponseDetail;
    timings: {
        received_wall_ms: number;
        handler_ms: number | null;
        total_ms: number | null;
    };
    /** Usage ledger entries this request produced (a 202 job's entry joins when the job ends). */
    ledger_entry_ids: string[];
    /** Webhook events this request caused (threshold events, `job.completed` of its job...). */
    webhook_event_ids: string[];
    /** Proxy mode: the exchange went to the upstream gateway; what of it broke openapi/gateway.yaml. */
    proxied?: boolean;
    contract_violations?: {
        where: string;
        rule: string;
        value: unknown;
    }[];
    /** Replay mode: the id of the recorded exchange that answered this request. */
    replayed?: string;
}
export declare const EMPTY_REQUEST: RequestDetail;
export declare const EMPTY_RESPONSE: ResponseDetail;
export interface JournalFilter {
    org_id?: string;
    key_id?: string;
    /** An exact path, a path prefix (`/v1/rag`), or a prefix ending in `*` as in fault rules. */
    path?: string;
    operation_id?: string;
    /** An exact status (`404`) or a class (`4xx`). */
    status?: number | string;
    code?: string;
    fault_rule?: string;
    scope?: string;
    since?: string;
    limit?: number;
    /** A cursor: only entries recorded after the entry with this request id (all of them if it is gone). */
    after?: string;
}
/** What a filter looks at: enough of an entry recorded on another instance to wake a long-poll. */
export type JournalSummary = Pick<JournalEntry, 'org_id' | 'key_id' | 'path' | 'operation_id' | 'status' | 'code' | 'scope' | 'time'> & {
    fault: {
        rule_id: string;
    } | null;
};
/** The journal shared by several instances (store/shared-journal.ts): fed by `record` and `link`, read by the `*All` methods. */
export interface JournalReplica {
    recorded(entry: JournalEntry): void;
    linked(entry: JournalEntry | undefined, requestId: string, kind: 'ledger' | 'webhook', id: string): void;
    list(filter: JournalFilter): Promise<JournalEntry[]>;
    get(requestId: string): Promise<JournalEntry | undefined>;
    clear(): Promise<void>;
}
/** A new entry, nothing known yet but what arrived. */
export declare function newJournalEntry(init: Pick<JournalEntry, 'request_id' | 'kind' | 'method' | 'path' | 'scope'>, time: string, wallMs: number): JournalEntry;
export declare class Journal {
    private readonly clock;
    readonly capacity: number;
    /** The bound on the entries' total JSON size (as estimated by `entryBytes`). */
    readonly maxBytes: number;
    /** Recorded entries, oldest first from `first` (those before it are dropped; see `record`), and their sizes. */
    private entries;
    private sizes;
    private first;
    private bytes;
    /** Recorded entries and entries still in flight, by request id (for detail and late links). */
    private byId;
    private waiters;
    /** The request id of the HTTP request whose work is running (set by the app for each request). */
    readonly context: AsyncLocalStorage<string>;
    /** Every instance's journal, with a shared store; null with the memory store. */
    replica: JournalReplica | null;
    constructor(clock: Clock, capacity?: number, 
    /** The bound on the entries' total JSON size (as estimated by `entryBytes`). */
    maxBytes?: number);
    /** Opens an entry at the start of a request; it is completed in place when the response finishes. */
    open(init: Pick<JournalEntry, 'request_id' | 'kind' | 'method' | 'path' | 'scope'>): JournalEntry;
    /** Forgets an opened entry that will not be recorded (admin requests). */
    discard(entry: JournalEntry): void;
    /** Records a finished entry, dropping the oldest beyond the entry and byte bounds. */
    record(entry: JournalEntry): void;
    /**
     * Resolves the long-polls whose filter the entry matches: with the entry recorded here, with null for one
     * recorded on another instance (the caller reads the shared journal).
     */
    wake(summary: JournalSummary, entry: JournalEntry | null): void;
    /** One entry by request id: recorded, or still in flight. */
    get(requestId: string): JournalEntry | undefined;
    /** Links a ledger entry or webhook event to the request that caused it, if it is still journaled. */
    link(requestId: string, kind: 'ledger' | 'webhook', id: string): void;
    /** The bounds and what is used of them. */
    usage(): {
        entries: number;
        bytes: number;
        max_entries: number;
        max_bytes: number;
    };
    list(filter?: JournalFilter): JournalEntry[];
    /** The entries of every instance with a shared store (docs/scaling.md), else this journal's. */
    listAll(filter?: JournalFilter): JournalEntry[] | Promise<JournalEntry[]>;
    /** One entry of any instance with a shared store; this journal's (recorded or in flight) otherwise. */
    find(requestId: string): JournalEntry | undefined | Promise<JournalEntry | undefined>;
    /** Empties the journal of every instance with a shared store, else this one. */
    clearAll(): Promise<void>;
    /** Resolves with the first entry recorded from now on that matches, or null after the timeout. */
    waitFor(filter: JournalFilter, timeoutMs: number, signal?: AbortSignal): Promise<JournalEntry | null>;
    clear(): void;
}
export declare function journalMatches(e: JournalSummary, f: JournalFilter): boolean;
