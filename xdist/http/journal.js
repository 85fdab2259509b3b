/**
 * The request journal: every /v1 request and WebSocket session, newest last, bounded in memory by entries
 * and by bytes (each entry's JSON size, estimated: observe/entry-bytes.ts). Credentials appear only in display form, even inside a path;
 * paths are stored without their query string.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { redactApiKeys } from '../core/api-keys.js';
import { pathPatternMatches } from '../core/path-pattern.js';
import { entryBytes } from '../observe/entry-bytes.js';
export const EMPTY_REQUEST = { headers: {}, query: {}, body: null, body_truncated: false, multipart: null };
export const EMPTY_RESPONSE = { headers: {}, body: null, body_truncated: false, audio: null };
/** A new entry, nothing known yet but what arrived. */
export function newJournalEntry(init, time, wallMs) {
    // Written out field by field (no spread): V8 then builds the entry from one literal shape.
    return {
        request_id: init.request_id,
        kind: init.kind,
        method: init.method,
        path: init.path,
        scope: init.scope,
        time,
        wall_ms: wallMs,
        retry_after: null,
        ratelimit_remaining: null,
        ratelimit_reset: null,
        operation_id: null,
        status: null,
        code: null,
        org_id: null,
        key_id: null,
        key: null,
        environment: null,
        duration_ms: null,
        fault: null,
        off_contract: false,
        websocket: init.kind === 'websocket'
            ? { close_code: null, close_reason: null, opened_at: null, closed_at: null, frames_in: 0, frames_out: 0, close_stream_sent: false }
            : null,
        request: EMPTY_REQUEST,
        response: EMPTY_RESPONSE,
        timings: { received_wall_ms: wallMs, handler_ms: null, total_ms: null },
        ledger_entry_ids: [],
        webhook_event_ids: [],
    };
}
export class Journal {
    clock;
    capacity;
    maxBytes;
    /** Recorded entries, oldest first from `first` (those before it are dropped; see `record`), and their sizes. */
    entries = [];
    sizes = [];
    first = 0;
    bytes = 0;
    /** Recorded entries and entries still in flight, by request id (for detail and late links). */
    byId = new Map();
    waiters = new Set();
    /** The request id of the HTTP request whose work is running (set by the app for each request). */
    context = new AsyncLocalStorage();
    /** Every instance's journal, with a shared store; null with the memory store. */
    replica = null;
    constructor(clock, capacity = 1000, 
    /** The bound on the entries' total JSON size (as estimated by `entryBytes`). */
    maxBytes = 64 * 1024 * 1024) {
        this.clock = clock;
        this.capacity = capacity;
        this.maxBytes = maxBytes;
    }
    /** Opens an entry at the start of a request; it is completed in place when the response finishes. */
    open(init) {
        const entry = newJournalEntry(init, this.clock.isoNow(), Date.now());
        entry.path = redactApiKeys(entry.path);
        if (entry.scope !== null)
            entry.scope = redactApiKeys(entry.scope);
        this.byId.set(entry.request_id, entry);
        return entry;
    }
    /** Forgets an opened entry that will not be recorded (admin requests). */
    discard(entry) {
        if (this.byId.get(entry.request_id) === entry)
            this.byId.delete(entry.request_id);
    }
    /** Records a finished entry, dropping the oldest beyond the entry and byte bounds. */
    record(entry) {
        entry.timings.total_ms = entry.duration_ms;
        const size = entryBytes(entry);
        this.entries.push(entry);
        this.sizes.push(size);
        this.bytes += size;
        this.byId.set(entry.request_id, entry);
        // The newest entry always stays, however large. Dropped entries leave the index at once but the arrays
        // only once a capacity's worth has gone: shifting a full journal's arrays cost every request.
        while (this.entries.length - this.first > 1 && (this.entries.length - this.first > this.capacity || this.bytes > this.maxBytes)) {
            const old = this.entries[this.first];
            this.bytes -= this.sizes[this.first];
            if (this.byId.get(old.request_id) === old)
                this.byId.delete(old.request_id);
            this.entries[this.first++] = undefined; // not kept alive until the arrays are cut
        }
        if (this.first >= Math.max(this.capacity, 64)) {
            this.entries = this.entries.slice(this.first);
            this.sizes = this.sizes.slice(this.first);
            this.first = 0;
        }
        this.replica?.recorded(entry);
        this.wake(entry, entry);
    }
    /**
     * Resolves the long-polls whose filter the entry matches: with the entry recorded here, with null for one
     * recorded on another instance (the caller reads the shared journal).
     */
    wake(summary, entry) {
        for (const waiter of this.waiters) {
            if (journalMatches(summary, waiter.filter)) {
                this.waiters.delete(waiter);
                waiter.resolve(entry);
            }
        }
    }
    /** One entry by request id: recorded, or still in flight. */
    get(requestId) {
        return this.byId.get(requestId);
    }
    /** Links a ledger entry or webhook event to the request that caused it, if it is still journaled. */
    link(requestId, kind, id) {
        const entry = this.byId.get(requestId);
        this.replica?.linked(entry, requestId, kind, id);
        if (!entry)
            return;
        const list = kind === 'ledger' ? entry.ledger_entry_ids : entry.webhook_event_ids;
        if (!list.includes(id) && list.length < 100)
            list.push(id);
    }
    /** The bounds and what is used of them. */
    usage() {
        return { entries: this.entries.length - this.first, bytes: this.bytes, max_entries: this.capacity, max_bytes: this.maxBytes };
    }
    list(filter = {}) {
        // Record order, not `time`, is what a cursor follows: a slow request started earlier is recorded later.
        const live = this.entries.slice(this.first);
        const from = filter.after ? live.findLastIndex((e) => e.request_id === filter.after) + 1 : 0;
        const found = live.slice(from).filter((e) => journalMatches(e, filter));
        return filter.limit ? found.slice(-filter.limit) : found;
    }
    /** The entries of every instance with a shared store (docs/scaling.md), else this journal's. */
    listAll(filter = {}) {
        return this.replica ? this.replica.list(filter) : this.list(filter);
    }
    /** One entry of any instance with a shared store; this journal's (recorded or in flight) otherwise. */
    find(requestId) {
        const local = this.byId.get(requestId);
        // In flight here: only this instance has it. Recorded: the shared copy has the links other instances made.
        if (!this.replica || (local && local.status === null))
            return local;
        return this.replica.get(requestId).then((shared) => shared ?? local);
    }
    /** Empties the journal of every instance with a shared store, else this one. */
    async clearAll() {
        await this.replica?.clear();
        this.clear();
    }
    /** Resolves with the first entry recorded from now on that matches, or null after the timeout. */
    waitFor(filter, timeoutMs, signal) {
        return new Promise((resolve) => {
            const waiter = {
                filter,
                resolve: (entry) => {
                    clearTimeout(timer);
                    resolve(entry);
                },
            };
            // Long-polls wait in wall time: they are about the client's requests, not the emulated clock.
            const timer = setTimeout(() => {
                this.waiters.delete(waiter);
                resolve(null);
            }, timeoutMs);
            signal?.addEventListener('abort', () => {
                clearTimeout(timer);
                this.waiters.delete(waiter);
                resolve(null);
            });
            this.waiters.add(waiter);
        });
    }
    clear() {
        this.entries = [];
        this.sizes = [];
        this.first = 0;
        this.bytes = 0;
        this.byId.clear();
    }
}
export function journalMatches(e, f) {
    if (f.org_id && e.org_id !== f.org_id)
        return false;
    if (f.key_id && e.key_id !== f.key_id)
        return false;
    if (f.path && !pathMatches(f.path, e.path))
        return false;
    if (f.operation_id && e.operation_id !== f.operation_id)
        return false;
    if (f.status !== undefined && !statusMatches(f.status, e.status))
        return false;
    if (f.code && e.code !== f.code)
        return false;
    if (f.fault_rule && e.fault?.rule_id !== f.fault_rule)
        return false;
    if (f.scope && e.scope !== f.scope)
        return false;
    if (f.since && e.time < f.since)
        return false;
    return true;
}
function pathMatches(pattern, path) {
    if (pattern.includes('*'))
        return pathPatternMatches(pattern, path);
    return path === pattern || path.startsWith(pattern.endsWith('/') ? pattern : `${pattern}/`);
}
/** `404` matches 404 only; `4xx` matches 400 to 499. */
function statusMatches(wanted, status) {
    if (status === null)
        return false;
    const text = String(wanted).toLowerCase();
    if (/^[1-5]xx$/.test(text))
        return Math.floor(status / 100) === Number(text[0]);
    return status === Number(text);
}
