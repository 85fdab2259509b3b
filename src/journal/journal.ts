/**
 * The request journal: every /v1 request and WebSocket session, newest last. An entry is opened when a
 * request arrives, completed in place and recorded into the journal's state (journal-state.ts: in memory, or
 * shared by the instances of a Redis store) when it finishes. Credentials appear only in display form, even
 * inside a path; paths are stored without their query string.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { redactApiKeys } from '../core/api-keys.js';
import type { Clock } from '../core/clock.js';
import { pathPatternMatches } from '../core/path-pattern.js';
import type { JournalEntry } from '../contract/admin-types.js';
import type { RequestDetail, ResponseDetail } from '../observe/capture.js';
import type { MaybePromise } from '../core/maybe.js';
import type { JournalScope, JournalState, JournalUsage, LinkKind } from './journal-state.js';

/** An entry is the document's (`JournalEntry`): what `GET /requests` shows is what the journal keeps. */
export type { JournalEntry } from '../contract/admin-types.js';

export const EMPTY_REQUEST: RequestDetail = {
  headers: {},
  query: {},
  body: null,
  body_truncated: false,
  multipart: null,
};
export const EMPTY_RESPONSE: ResponseDetail = { headers: {}, body: null, body_truncated: false, audio: null };

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
  /** A sandbox (issue 24): entries of its organization, or whose scope is its id. */
  sandbox?: { id: string; org_id: string };
  since?: string;
  limit?: number;
  /** A cursor: only entries recorded after the entry with this request id (all of them if it is gone). */
  after?: string;
}

type Waiter = { filter: JournalFilter; resolve: (entry: JournalEntry | null) => void };

/** What a filter looks at: enough of an entry recorded on another instance to wake a long-poll. */
export type JournalSummary = Pick<
  JournalEntry,
  'org_id' | 'key_id' | 'path' | 'operation_id' | 'status' | 'code' | 'scope' | 'time'
> & {
  fault: { rule_id: string } | null;
};

/** A new entry, nothing known yet but what arrived. */
export function newJournalEntry(
  init: Pick<JournalEntry, 'request_id' | 'kind' | 'method' | 'path' | 'scope'>,
  time: string,
  wallMs: number,
): JournalEntry {
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
    websocket:
      init.kind === 'websocket'
        ? {
            close_code: null,
            close_reason: null,
            opened_at: null,
            closed_at: null,
            frames_in: 0,
            frames_out: 0,
            close_stream_sent: false,
          }
        : null,
    request: EMPTY_REQUEST,
    response: EMPTY_RESPONSE,
    timings: { received_wall_ms: wallMs, handler_ms: null, total_ms: null },
    ledger_entry_ids: [],
    webhook_event_ids: [],
  };
}

export class Journal {
  /** Entries opened and not yet recorded nor discarded, by request id: completed in place, then recorded. */
  private readonly inFlight = new Map<string, JournalEntry>();
  private readonly waiters = new Set<Waiter>();
  /** The request id of the HTTP request whose work is running (set by the app for each request). */
  readonly context = new AsyncLocalStorage<string>();

  constructor(
    private readonly clock: Clock,
    private readonly state: JournalState,
  ) {
    state.onRecordedElsewhere((summary) => this.wake(summary, null));
  }

  /** `--journal-limit`: how many entries the journal keeps. */
  get capacity(): number {
    return this.state.capacity;
  }

  /** Opens an entry at the start of a request; it is completed in place when the response finishes. */
  open(init: Pick<JournalEntry, 'request_id' | 'kind' | 'method' | 'path' | 'scope'>): JournalEntry {
    const entry = newJournalEntry(init, this.clock.isoNow(), Date.now());
    entry.path = redactApiKeys(entry.path);
    if (entry.scope !== null) entry.scope = redactApiKeys(entry.scope);
    this.inFlight.set(entry.request_id, entry);
    return entry;
  }

  /** Forgets an opened entry that will not be recorded (admin requests). */
  discard(entry: JournalEntry): void {
    if (this.inFlight.get(entry.request_id) === entry) this.inFlight.delete(entry.request_id);
  }

  /** Records a finished entry (the state drops the oldest beyond its bounds) and wakes the long-polls it matches. */
  record(entry: JournalEntry, answeredAt?: number): void {
    entry.timings.total_ms = entry.duration_ms;
    if (this.inFlight.get(entry.request_id) === entry) this.inFlight.delete(entry.request_id);
    this.state.record(entry, answeredAt);
    this.wake(entry, entry);
  }

  /**
   * Resolves the long-polls whose filter the entry matches: with the entry recorded here, with null for one
   * recorded on another instance (the caller reads the journal again).
   */
  private wake(summary: JournalSummary, entry: JournalEntry | null): void {
    for (const waiter of this.waiters) {
      if (journalMatches(summary, waiter.filter)) {
        this.waiters.delete(waiter);
        waiter.resolve(entry);
      }
    }
  }

  /** Links a ledger entry or webhook event to the request that caused it, if it is still journaled. */
  link(requestId: string, kind: LinkKind, id: string): void {
    const entry = this.inFlight.get(requestId);
    if (entry) addLink(entry, kind, id);
    else this.state.link(requestId, kind, id);
  }

  /** The bounds and what is used of them. */
  usage(): MaybePromise<JournalUsage> {
    return this.state.usage();
  }

  /** The recorded entries matching the filter: every instance's with a shared store (docs/scaling.md). */
  list(filter: JournalFilter = {}): MaybePromise<JournalEntry[]> {
    return this.state.list(filter);
  }

  /** One entry by request id: still in flight here, or recorded (by any instance with a shared store). */
  find(requestId: string): MaybePromise<JournalEntry | undefined> {
    return this.inFlight.get(requestId) ?? this.state.get(requestId);
  }

  /** Removes one organization's recorded entries, or all of them (of every instance with a shared store). */
  clear(scope?: JournalScope): MaybePromise<void> {
    return this.state.clear(scope);
  }

  /** Resolves with the first entry recorded from now on that matches, or null after the timeout. */
  waitFor(filter: JournalFilter, timeoutMs: number, signal?: AbortSignal): Promise<JournalEntry | null> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
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
}

/** Adds a link to an entry once, at most 100 per kind (the Redis script keeps the same rule). */
export function addLink(entry: JournalEntry, kind: 'ledger' | 'webhook', id: string): void {
  const list = kind === 'ledger' ? entry.ledger_entry_ids : entry.webhook_event_ids;
  if (!list.includes(id) && list.length < 100) list.push(id);
}

export function journalMatches(e: JournalSummary, f: JournalFilter): boolean {
  if (f.org_id && e.org_id !== f.org_id) return false;
  if (f.key_id && e.key_id !== f.key_id) return false;
  if (f.path && !pathMatches(f.path, e.path)) return false;
  if (f.operation_id && e.operation_id !== f.operation_id) return false;
  if (f.status !== undefined && !statusMatches(f.status, e.status)) return false;
  if (f.code && e.code !== f.code) return false;
  if (f.fault_rule && e.fault?.rule_id !== f.fault_rule) return false;
  if (f.scope && e.scope !== f.scope) return false;
  if (f.sandbox && e.org_id !== f.sandbox.org_id && e.scope !== f.sandbox.id) return false;
  if (f.since && e.time < f.since) return false;
  return true;
}

function pathMatches(pattern: string, path: string): boolean {
  if (pattern.includes('*')) return pathPatternMatches(pattern, path);
  return path === pattern || path.startsWith(pattern.endsWith('/') ? pattern : `${pattern}/`);
}

/** `404` matches 404 only; `4xx` matches 400 to 499. */
function statusMatches(wanted: number | string, status: number | null): boolean {
  if (status === null) return false;
  const text = String(wanted).toLowerCase();
  if (/^[1-5]xx$/.test(text)) return Math.floor(status / 100) === Number(text[0]);
  return status === Number(text);
}
