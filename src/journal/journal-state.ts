/**
 * The request journal's state (issue 23): the finished entries of every /v1 request and WebSocket session,
 * bounded by `--journal-limit` entries and `--journal-max-mb` of entry JSON, newest last. Two
 * implementations: this process's memory (memory-journal.ts) and one list shared by every instance of a Redis
 * store (redis-journal.ts). Entries in flight are not state: the Journal (journal.ts) completes them in place.
 */
import type { MaybePromise } from '../core/maybe.js';
import type { OrgStatePart, StateProblem, StateUnit } from '../store/state-unit.js';
import type { JournalEntry, JournalFilter, JournalSummary } from './journal.js';

export type LinkKind = 'ledger' | 'webhook';

export interface JournalUsage {
  entries: number;
  bytes: number;
  max_entries: number;
  max_bytes: number;
}

/** Which entries a clear removes: one organization's, or all of them. */
export interface JournalScope {
  org_id?: string;
}

/** Entries as `perOrg.export` and `exportShared` give them: as recorded, with their links, in record order. */
export interface JournalExport {
  entries: JournalEntry[];
}

export interface JournalState extends StateUnit {
  /**
   * The organizations with entries, one organization's entries cleared (as `clear({org_id})`) or exported.
   * The order across organizations (one bounded list) is not part of an export: each entry has its time.
   */
  readonly perOrg: OrgStatePart & { export(orgId: string): MaybePromise<JournalExport | undefined> };
  /** The entries without an organization (a request refused before its key was known: a 401). */
  exportShared(): MaybePromise<JournalExport | undefined>;
  /** In a snapshot only with `?include=journal` (issue 25). */
  readonly includeFlag: 'journal';
  /** `--journal-limit`: the entries kept (of every instance together with a shared store). */
  readonly capacity: number;
  /** `--journal-max-mb` in bytes of entry JSON, as estimated by `entryBytes`. */
  readonly maxBytes: number;
  /**
   * Keeps a finished entry, dropping the oldest beyond the bounds (never the newest). On the request path: never
   * waits. `answeredAt` (`performance.now()` when the response's last write was called) places it in the order of
   * answers: a request answered before another was sent comes first through any instance, however late its
   * instance got to record it.
   */
  record(entry: JournalEntry, answeredAt?: number): void;
  /** Links a ledger entry or webhook event to a recorded request; nothing if it is no longer (or not yet) kept. */
  link(requestId: string, kind: LinkKind, id: string): void;
  /** The entries matching the filter, in record order (what the `after` cursor follows). */
  list(filter: JournalFilter): MaybePromise<JournalEntry[]>;
  /** One recorded entry by request id, with its links. */
  get(requestId: string): MaybePromise<JournalEntry | undefined>;
  /** Removes one organization's entries, or every entry. */
  clear(scope?: JournalScope): MaybePromise<void>;
  usage(): MaybePromise<JournalUsage>;
  /** Calls back for every entry another instance records: what wakes a long-poll (`wait`) here. */
  onRecordedElsewhere(listener: (summary: JournalSummary) => void): void;
}

/**
 * What the schema cannot say about a section of entries (issue 25): each is the section's organization's
 * (none for the shared one), and no request id twice.
 */
export function checkEntries(data: unknown, orgId: string | null): StateProblem | null {
  const seen = new Set<string>();
  const { entries } = data as JournalExport;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (seen.has(e.request_id))
      return { path: `/entries/${i}/request_id`, message: `${e.request_id} is listed twice` };
    seen.add(e.request_id);
    if (e.org_id !== orgId)
      return {
        path: `/entries/${i}/org_id`,
        message: orgId === null ? 'must be null in the shared section' : `must be ${orgId}`,
      };
  }
  return null;
}

/** Copies of a section's entries, in its order (the order they are recorded in again). */
export function importedEntries(data: unknown): JournalEntry[] {
  return structuredClone((data as JournalExport).entries);
}
