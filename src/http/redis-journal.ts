/**
 * The journal over Redis (issue 17): every instance's requests in one bounded list, so
 * `GET /_emulator/requests` on any instance shows what a client did through all of them. Each instance still
 * records into its own Journal (the request path is unchanged, and an entry in flight is completed in place);
 * a recorded entry is queued here and written at the end of the event-loop turn, with every other entry
 * recorded in that turn (one Lua call per batch, at most 200 entries), so a request never waits on Redis for
 * its journal entry, and the entry is in Redis well under a millisecond after its response on an idle host. Reads first send what is queued, then read Redis
 * (the connection keeps the order). Links that arrive after an entry was written (a job's ledger entry, a
 * `job.completed` event, possibly on another instance) are kept beside the entries and joined when read.
 */
import type { JournalEntry, JournalFilter, JournalReplica, Journal } from './journal.js';
import { journalMatches } from './journal.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';

const BATCH_ENTRIES = 200;

/**
 * Appends entries and trims to the bound. KEYS: order list, entries hash, ledger links, webhook links.
 * ARGV: capacity, channel, message ('' = none), then request id and JSON pairs. Returns the list's length.
 */
const JOURNAL_ADD = `
local cap = tonumber(ARGV[1])
for i = 4, #ARGV, 2 do
  if redis.call('HSETNX', KEYS[2], ARGV[i], ARGV[i + 1]) == 1 then
    redis.call('RPUSH', KEYS[1], ARGV[i])
  else
    redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
  end
end
local n = redis.call('LLEN', KEYS[1])
while n > cap do
  local old = redis.call('LPOP', KEYS[1])
  redis.call('HDEL', KEYS[2], old)
  redis.call('HDEL', KEYS[3], old)
  redis.call('HDEL', KEYS[4], old)
  n = n - 1
end
if ARGV[3] ~= '' then redis.call('PUBLISH', ARGV[2], ARGV[3]) end
return n`;

/**
 * Links an id to a journaled request, once, at most 100 per kind. KEYS: entries hash, links hash.
 * ARGV: request id, linked id. Does nothing for a request no longer (or not yet) in the journal.
 */
const JOURNAL_LINK = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
local list = redis.call('HGET', KEYS[2], ARGV[1]) or ''
for id in string.gmatch(list, '[^,]+') do if id == ARGV[2] then return 0 end end
local _, count = string.gsub(list, ',', ',')
if list ~= '' and count >= 99 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], list == '' and ARGV[2] or (list .. ',' .. ARGV[2]))
return 1`;

interface JournalScripts {
  svcJournalAdd(...args: (string | number)[]): Promise<number>;
  svcJournalLink(...args: string[]): Promise<number>;
}

/** What another instance needs to wake a long-poll (`wait`) whose filter matches a new entry. */
type Summary = Pick<JournalEntry, 'org_id' | 'key_id' | 'path' | 'operation_id' | 'status' | 'code' | 'scope' | 'time'> & { rule: string | null };

export class SharedJournal implements JournalReplica {
  private queue: JournalEntry[] = [];
  private scheduled: NodeJS.Immediate | undefined;
  /** Entries already sent: a later link to one of them goes to Redis. */
  private readonly written = new WeakSet<JournalEntry>();

  constructor(
    private readonly store: RedisStore,
    private readonly journal: Journal,
  ) {
    store.onMessage((m) => this.receive(m));
  }

  /** The connection, with the two scripts defined on it (run by EVALSHA, not sent again with every batch). */
  private get redis(): RedisStore['redis'] & JournalScripts {
    const redis = this.store.redis;
    defineOnce(redis, 'svcJournalAdd', 4, JOURNAL_ADD);
    defineOnce(redis, 'svcJournalLink', 2, JOURNAL_LINK);
    return redis as RedisStore['redis'] & JournalScripts;
  }

  private get k() {
    return {
      order: this.store.key('journal:order'),
      entries: this.store.key('journal:entries'),
      ledger: this.store.key('journal:ledger-links'),
      webhook: this.store.key('journal:webhook-links'),
    };
  }

  /** The keys a reset deletes. */
  keyNames(): string[] {
    return Object.values(this.k);
  }

  recorded(entry: JournalEntry): void {
    this.queue.push(entry);
    if (this.queue.length >= BATCH_ENTRIES) this.send();
    else this.scheduled ??= setImmediate(() => this.send());
  }

  linked(entry: JournalEntry | undefined, requestId: string, kind: 'ledger' | 'webhook', id: string): void {
    // An entry still queued (or in flight) carries the link itself when it is sent.
    if (entry && !this.written.has(entry)) return;
    if (this.store.status() !== 'ok') return;
    const k = this.k;
    void this.redis.svcJournalLink(k.entries, kind === 'ledger' ? k.ledger : k.webhook, requestId, id).catch(() => {});
  }

  /** Sends the queued entries in one script call. While Redis is away they stay in this instance's journal only. */
  private send(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    if (this.store.status() !== 'ok') return;
    const args: string[] = [];
    for (const e of batch) {
      args.push(e.request_id, JSON.stringify(e));
      this.written.add(e);
    }
    const summaries: Summary[] = batch.map((e) => ({
      org_id: e.org_id,
      key_id: e.key_id,
      path: e.path,
      operation_id: e.operation_id,
      status: e.status,
      code: e.code,
      scope: e.scope,
      time: e.time,
      rule: e.fault?.rule_id ?? null,
    }));
    const k = this.k;
    const message = this.store.message('journal.recorded', summaries);
    void this.redis
      .svcJournalAdd(k.order, k.entries, k.ledger, k.webhook, this.journal.capacity, this.store.channel, message, ...args)
      .catch(() => {});
  }

  async list(filter: JournalFilter): Promise<JournalEntry[]> {
    this.send();
    const k = this.k;
    const [ids, ledger, webhook] = await this.store.run(() =>
      Promise.all([this.store.redis.lrange(k.order, 0, -1), this.store.redis.hgetall(k.ledger), this.store.redis.hgetall(k.webhook)]),
    );
    const from = filter.after ? ids.lastIndexOf(filter.after) + 1 : 0;
    const wanted = ids.slice(from);
    if (wanted.length === 0) return [];
    const jsons = await this.store.run(() => this.store.redis.hmget(k.entries, ...wanted));
    const found: JournalEntry[] = [];
    for (const json of jsons) {
      if (json === null) continue;
      const entry = withLinks(JSON.parse(json) as JournalEntry, ledger, webhook);
      if (journalMatches(entry, filter)) found.push(entry);
    }
    return filter.limit ? found.slice(-filter.limit) : found;
  }

  async get(requestId: string): Promise<JournalEntry | undefined> {
    this.send();
    const k = this.k;
    const [json, ledger, webhook] = await this.store.run(() =>
      Promise.all([this.store.redis.hget(k.entries, requestId), this.store.redis.hget(k.ledger, requestId), this.store.redis.hget(k.webhook, requestId)]),
    );
    if (json === null) return undefined;
    return withLinks(JSON.parse(json) as JournalEntry, { [requestId]: ledger ?? '' }, { [requestId]: webhook ?? '' });
  }

  async clear(): Promise<void> {
    this.queue = [];
    const k = this.k;
    await this.store.run(() =>
      this.store.redis
        .multi()
        .del(k.order, k.entries, k.ledger, k.webhook)
        .publish(this.store.channel, this.store.message('journal.cleared', {}))
        .exec(),
    );
  }

  private receive(m: StoreMessage): void {
    switch (m.type) {
      case 'journal.recorded':
        for (const s of m.data as Summary[]) {
          this.journal.wake({ ...s, fault: s.rule ? { rule_id: s.rule } : null }, null);
        }
        return;
      case 'journal.cleared':
      case 'reset':
        this.queue = [];
        this.journal.clear();
        return;
    }
  }
}

function withLinks(entry: JournalEntry, ledger: Record<string, string>, webhook: Record<string, string>): JournalEntry {
  const add = (list: string[], more: string | undefined) => {
    for (const id of more ? more.split(',') : []) if (!list.includes(id) && list.length < 100) list.push(id);
  };
  add(entry.ledger_entry_ids, ledger[entry.request_id]);
  add(entry.webhook_event_ids, webhook[entry.request_id]);
  return entry;
}
