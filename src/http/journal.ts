/**
 * The request journal: every /v1 request and WebSocket session, newest last, bounded in memory.
 * Keys appear only in display form, even inside a path; paths are stored without their query string.
 */
import { redactApiKeys } from '../core/api-keys.js';
import type { Clock } from '../core/clock.js';

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
  fault: { rule_id: string; kind: string; explanation: string } | null;
  websocket: { close_code: number | null; frames_in: number; frames_out: number; close_stream_sent: boolean } | null;
  /** Wall-clock epoch ms at arrival: what the client really did, whatever the emulator clock says. */
  wall_ms: number;
  /** Rate-limit guidance sent back (`Retry-After`, `RateLimit-Remaining`, `RateLimit-Reset`), when any. */
  retry_after: number | null;
  ratelimit_remaining: number | null;
  ratelimit_reset: number | null;
  /** Proxy mode: the exchange went to the upstream gateway; what of it broke openapi/gateway.yaml. */
  proxied?: boolean;
  contract_violations?: { where: string; rule: string; value: unknown }[];
  /** Replay mode: the id of the recorded exchange that answered this request. */
  replayed?: string;
}

export interface JournalFilter {
  org_id?: string;
  key_id?: string;
  path?: string;
  operation_id?: string;
  status?: number;
  code?: string;
  scope?: string;
  since?: string;
  limit?: number;
  /** A cursor: only entries recorded after the entry with this request id (all of them if it is gone). */
  after?: string;
}

type Waiter = { filter: JournalFilter; resolve: (entry: JournalEntry) => void };

export class Journal {
  private entries: JournalEntry[] = [];
  private waiters = new Set<Waiter>();

  constructor(
    private readonly clock: Clock,
    readonly capacity = 1000,
  ) {}

  /** Opens an entry at the start of a request; it is completed in place when the response finishes. */
  open(init: Pick<JournalEntry, 'request_id' | 'kind' | 'method' | 'path' | 'scope'>): JournalEntry {
    return {
      ...init,
      path: redactApiKeys(init.path),
      scope: init.scope === null ? null : redactApiKeys(init.scope),
      time: this.clock.isoNow(),
      wall_ms: Date.now(),
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
      websocket: init.kind === 'websocket' ? { close_code: null, frames_in: 0, frames_out: 0, close_stream_sent: false } : null,
    };
  }

  /** Records a finished entry, dropping the oldest beyond capacity. */
  record(entry: JournalEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    for (const waiter of this.waiters) {
      if (matches(entry, waiter.filter)) {
        this.waiters.delete(waiter);
        waiter.resolve(entry);
      }
    }
  }

  list(filter: JournalFilter = {}): JournalEntry[] {
    // Record order, not `time`, is what a cursor follows: a slow request started earlier is recorded later.
    const from = filter.after ? this.entries.findLastIndex((e) => e.request_id === filter.after) + 1 : 0;
    const found = this.entries.slice(from).filter((e) => matches(e, filter));
    return filter.limit ? found.slice(-filter.limit) : found;
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

  clear(): void {
    this.entries = [];
  }
}

function matches(e: JournalEntry, f: JournalFilter): boolean {
  if (f.org_id && e.org_id !== f.org_id) return false;
  if (f.key_id && e.key_id !== f.key_id) return false;
  if (f.path && !(e.path === f.path || e.path.startsWith(f.path.endsWith('/') ? f.path : `${f.path}/`))) return false;
  if (f.operation_id && e.operation_id !== f.operation_id) return false;
  if (f.status !== undefined && e.status !== f.status) return false;
  if (f.code && e.code !== f.code) return false;
  if (f.scope && e.scope !== f.scope) return false;
  if (f.since && e.time < f.since) return false;
  return true;
}
