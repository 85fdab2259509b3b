/**
 * The journal over Redis: every instance's requests in one bounded list, stored under each entry's
 * organization, so `GET /_emulator/requests` on any instance shows what a client did through all of them
 * and one organization's entries can be listed or cleared alone. A recorded entry is queued here and
 * written behind: the queue goes to Redis every 50 ms, or at 200 entries (one Lua call per batch), so a
 * request never waits on Redis for its journal entry and costs it a share of one round trip. A read first
 * sends this instance's queue and raises a flush barrier (src/store/barrier.ts): every other instance sends
 * its queue before the read, so a read through any instance sees every request answered before it. Links
 * that arrive after an entry was written (a job's ledger entry, a `job.completed` event, possibly on another
 * instance) are kept beside it and joined when read; one that arrives before its entry reached Redis waits
 * for it (`early:ID`, for a minute).
 *
 * Keys (under `svc-emulator:journal:`): `order` (zset: request id by the µs it was recorded, all organizations),
 * `bytes` (the entries' total size), `org-of` (hash: request id → organization), `orgs` (set), and per
 * organization `org:ORG:order` (zset) and `org:ORG` (hash: `e:ID` entry JSON, `s:ID` size, `l:ID`/`w:ID`
 * ledger and webhook links), `early:ID` (links waiting for their entry). Entries without an organization (a
 * 401...) are under the empty one.
 */
import { entryBytes } from './entry-bytes.js';
import { stringifyKeepingBodies } from '../observe/lazy-json.js';
import { ANSWERS } from '../store/barrier.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import {
  JOURNAL_ADD,
  JOURNAL_CLEAR,
  JOURNAL_LINK,
  JOURNAL_READ,
  type JournalScripts,
} from './redis-journal-scripts.js';
import {
  addLink,
  journalMatches,
  type JournalEntry,
  type JournalFilter,
  type JournalSummary,
} from './journal.js';
import {
  checkEntries,
  importedEntries,
  type JournalExport,
  type JournalScope,
  type JournalState,
  type JournalUsage,
  type LinkKind,
} from './journal-state.js';

const BATCH_ENTRIES = 200;
/** The longest an entry waits in this instance's queue when nobody reads the journal. */
const FLUSH_MS = 50;
/** A link to an entry not in Redis yet waits this long for it (ms). */
const EARLY_LINK_MS = 60_000;
const BODIES = ['request', 'response'] as const;

/** What another instance needs to wake a long-poll (`wait`) whose filter matches a new entry. */
type Summary = Pick<
  JournalEntry,
  'org_id' | 'key_id' | 'path' | 'operation_id' | 'status' | 'code' | 'scope' | 'time'
> & { rule: string | null };

export class RedisJournal implements JournalState {
  readonly name = 'journal';
  readonly capacity: number;
  readonly maxBytes: number;
  /** Entries recorded here and not sent yet, by request id: a link to one of them goes into it. */
  private queue = new Map<string, JournalEntry>();
  /** When each queued entry was recorded (µs since the epoch on the wall clock). */
  private recordedAt = new Map<string, number>();
  private lastAt = 0;
  private scheduled: NodeJS.Timeout | undefined;
  private readonly listeners: ((summary: JournalSummary) => void)[] = [];
  private readonly prefix: string;

  /** Read in Redis after every instance's queue is sent, as every read; entries without an organization are under ''. */
  readonly perOrg = {
    ids: async (): Promise<string[]> => {
      await this.flushAll();
      const ids = await this.store.run(() => this.store.redis.smembers(`${this.prefix}orgs`));
      return ids.filter((id) => id !== '');
    },
    reset: (orgId: string): Promise<void> => this.clear({ org_id: orgId }),
    export: (orgId: string): Promise<JournalExport | undefined> => this.exportOf(orgId),
    import: (_orgId: string, data: unknown): Promise<void> => this.importEntries(data),
    check: (orgId: string, data: unknown) => checkEntries(data, orgId),
  };
  readonly includeFlag = 'journal';

  importShared(data: unknown): Promise<void> {
    return this.importEntries(data);
  }

  checkShared(data: unknown) {
    return checkEntries(data, null);
  }

  /**
   * Written at once (not queued), in the section's order, each at the next µs of this instance: batches of
   * BATCH_ENTRIES pipelined, so a big section costs about one round trip. Within the bounds like any entry.
   */
  private async importEntries(data: unknown): Promise<void> {
    const batches: (string | number)[][] = [];
    for (const [i, e] of importedEntries(data).entries()) {
      if (i % BATCH_ENTRIES === 0) batches.push([]);
      batches[batches.length - 1].push(
        e.request_id,
        e.org_id ?? '',
        entryBytes(e),
        JSON.stringify(e),
        this.now(),
      );
    }
    const { capacity, maxBytes, prefix } = this;
    await this.store.run(() =>
      Promise.all(
        batches.map((args) => this.redis.svcJournalAdd(prefix, capacity, maxBytes, '', '', ...args)),
      ),
    );
  }

  constructor(
    private readonly store: RedisStore,
    bounds: { capacity: number; maxBytes: number },
  ) {
    this.capacity = bounds.capacity;
    this.maxBytes = bounds.maxBytes;
    this.prefix = store.key('journal:');
    store.onMessage((m) => this.receive(m));
    store.barriers.onFlush(ANSWERS, () => this.send());
    store.onClose(() => this.send());
  }

  /**
   * This instance's queue, then every other instance's, sent before a read. Returns the read's horizon: every
   * entry recorded before the read started, here or on another instance, is in Redis now and at or below it. It
   * is the last µs of the wall clock's current millisecond: the one clock every instance on the host reads alike
   * (a process's `performance.timeOrigin` is fixed at its start and may differ from another's by a few ms, enough
   * to hide an entry answered through another instance just before: decisions J-H1).
   */
  private async flushAll(): Promise<number> {
    const horizon = Date.now() * 1000 + 999;
    this.send();
    await this.store.barriers.barrier(ANSWERS);
    return horizon;
  }

  /** µs since the epoch: the wall clock's millisecond, then one more for each entry here in it; always increasing. */
  private now(): number {
    this.lastAt = Math.max(Date.now() * 1000, this.lastAt + 1);
    return this.lastAt;
  }

  /** A `performance.now()` of this process on the wall clock, as µs since the epoch (never after the moment it names). */
  private at(perfNow: number): number {
    return Math.round((Date.now() - (performance.now() - perfNow)) * 1000);
  }

  private get redis(): RedisStore['redis'] & JournalScripts {
    const redis = this.store.redis;
    defineOnce(redis, 'svcJournalAdd', 0, JOURNAL_ADD);
    defineOnce(redis, 'svcJournalLink', 0, JOURNAL_LINK);
    defineOnce(redis, 'svcJournalRead', 0, JOURNAL_READ);
    defineOnce(redis, 'svcJournalClear', 0, JOURNAL_CLEAR);
    return redis as RedisStore['redis'] & JournalScripts;
  }

  record(entry: JournalEntry, answeredAt?: number): void {
    this.queue.set(entry.request_id, entry);
    this.recordedAt.set(entry.request_id, answeredAt === undefined ? this.now() : this.at(answeredAt));
    if (this.queue.size >= BATCH_ENTRIES) this.send();
    else this.scheduled ??= setTimeout(() => this.send(), FLUSH_MS).unref();
  }

  link(requestId: string, kind: LinkKind, id: string): void {
    const queued = this.queue.get(requestId);
    if (queued) {
      addLink(queued, kind, id); // not sent yet: it carries the link itself
      return;
    }
    if (this.store.status() !== 'ok') return;
    void this.redis
      .svcJournalLink(this.prefix, requestId, kind === 'ledger' ? 'l' : 'w', id, EARLY_LINK_MS)
      .catch(() => {});
  }

  /** Sends the queued entries in one script call. While Redis is away they are dropped (decisions J5). */
  private send(): void {
    if (this.scheduled) clearTimeout(this.scheduled);
    this.scheduled = undefined;
    if (this.queue.size === 0) return;
    const batch = [...this.queue.values()];
    const recordedAt = this.recordedAt;
    this.queue = new Map();
    this.recordedAt = new Map();
    if (this.store.status() !== 'ok') return;
    const args: (string | number)[] = [];
    const summaries: Summary[] = [];
    for (const e of batch) {
      args.push(
        e.request_id,
        e.org_id ?? '',
        entryBytes(e),
        stringifyKeepingBodies(e, BODIES),
        recordedAt.get(e.request_id) ?? 0,
      );
      summaries.push({
        org_id: e.org_id,
        key_id: e.key_id,
        path: e.path,
        operation_id: e.operation_id,
        status: e.status,
        code: e.code,
        scope: e.scope,
        time: e.time,
        rule: e.fault?.rule_id ?? null,
      });
    }
    const message = this.store.message('journal.recorded', summaries);
    void this.redis
      .svcJournalAdd(this.prefix, this.capacity, this.maxBytes, this.store.channel, message, ...args)
      .catch(() => {});
  }

  private async read(what: 'all' | 'org' | 'one', target: string, after = ''): Promise<JournalEntry[]> {
    const horizon = await this.flushAll();
    const flat = await this.store.run(() =>
      this.redis.svcJournalRead(this.prefix, what, target, after, String(horizon)),
    );
    const entries: JournalEntry[] = [];
    for (let i = 0; i < flat.length; i += 3)
      entries.push(withLinks(JSON.parse(flat[i]) as JournalEntry, flat[i + 1], flat[i + 2]));
    return entries;
  }

  async list(filter: JournalFilter): Promise<JournalEntry[]> {
    // One organization's entries are read alone; the cursor counts in the order of all of them.
    const entries = await (filter.org_id
      ? this.read('org', filter.org_id, filter.after)
      : this.read('all', '', filter.after));
    const found = entries.filter((e) => journalMatches(e, filter));
    return filter.limit ? found.slice(-filter.limit) : found;
  }

  async get(requestId: string): Promise<JournalEntry | undefined> {
    return (await this.read('one', requestId))[0];
  }

  async clear(scope: JournalScope = {}): Promise<void> {
    const orgId = scope.org_id;
    this.dropQueued(orgId);
    const message = this.store.message('journal.cleared', { org_id: orgId ?? null });
    await this.store.run(() =>
      this.redis.svcJournalClear(
        this.prefix,
        orgId === undefined ? '0' : '1',
        orgId ?? '',
        this.store.channel,
        message,
      ),
    );
  }

  exportShared(): Promise<JournalExport | undefined> {
    return this.exportOf('');
  }

  private async exportOf(orgId: string): Promise<JournalExport | undefined> {
    const entries = await this.read('org', orgId);
    return entries.length === 0 ? undefined : { entries };
  }

  async usage(): Promise<JournalUsage> {
    await this.flushAll();
    const [entries, bytes] = await this.store.run(() =>
      Promise.all([
        this.store.redis.zcard(`${this.prefix}order`),
        this.store.redis.get(`${this.prefix}bytes`),
      ]),
    );
    return { entries, bytes: Number(bytes) || 0, max_entries: this.capacity, max_bytes: this.maxBytes };
  }

  onRecordedElsewhere(listener: (summary: JournalSummary) => void): void {
    this.listeners.push(listener);
  }

  /** For every instance: the others drop what they have not sent yet when the `reset` message reaches them. */
  reset(): Promise<void> {
    return this.clear();
  }

  private dropQueued(orgId: string | null | undefined): void {
    if (orgId === undefined || orgId === null) this.queue.clear();
    else for (const [id, e] of this.queue) if (e.org_id === orgId) this.queue.delete(id);
  }

  private receive(m: StoreMessage): void {
    switch (m.type) {
      case 'journal.recorded':
        for (const s of m.data as Summary[]) {
          const summary: JournalSummary = { ...s, fault: s.rule ? { rule_id: s.rule } : null };
          for (const listener of this.listeners) listener(summary);
        }
        return;
      case 'journal.cleared':
        this.dropQueued((m.data as { org_id: string | null }).org_id);
        return;
      case 'reset':
        this.dropQueued(undefined);
        return;
    }
  }
}

function withLinks(entry: JournalEntry, ledger: string, webhook: string): JournalEntry {
  for (const id of ledger ? ledger.split(',') : []) addLink(entry, 'ledger', id);
  for (const id of webhook ? webhook.split(',') : []) addLink(entry, 'webhook', id);
  return entry;
}
