import { journalMatches } from '../http/journal.js';
import { defineOnce } from './scripts-clock.js';
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
export class SharedJournal {
    store;
    journal;
    queue = [];
    scheduled;
    /** Entries already sent: a later link to one of them goes to Redis. */
    written = new WeakSet();
    constructor(store, journal) {
        this.store = store;
        this.journal = journal;
        store.onMessage((m) => this.receive(m));
    }
    /** The connection, with the two scripts defined on it (run by EVALSHA, not sent again with every batch). */
    get redis() {
        const redis = this.store.redis;
        defineOnce(redis, 'svcJournalAdd', 4, JOURNAL_ADD);
        defineOnce(redis, 'svcJournalLink', 2, JOURNAL_LINK);
        return redis;
    }
    get k() {
        return {
            order: this.store.key('journal:order'),
            entries: this.store.key('journal:entries'),
            ledger: this.store.key('journal:ledger-links'),
            webhook: this.store.key('journal:webhook-links'),
        };
    }
    /** The keys a reset deletes. */
    keyNames() {
        return Object.values(this.k);
    }
    recorded(entry) {
        this.queue.push(entry);
        if (this.queue.length >= BATCH_ENTRIES)
            this.send();
        else
            this.scheduled ??= setImmediate(() => this.send());
    }
    linked(entry, requestId, kind, id) {
        // An entry still queued (or in flight) carries the link itself when it is sent.
        if (entry && !this.written.has(entry))
            return;
        if (this.store.status() !== 'ok')
            return;
        const k = this.k;
        void this.redis.svcJournalLink(k.entries, kind === 'ledger' ? k.ledger : k.webhook, requestId, id).catch(() => { });
    }
    /** Sends the queued entries in one script call. While Redis is away they stay in this instance's journal only. */
    send() {
        if (this.scheduled)
            clearImmediate(this.scheduled);
        this.scheduled = undefined;
        const batch = this.queue;
        if (batch.length === 0)
            return;
        this.queue = [];
        if (this.store.status() !== 'ok')
            return;
        const args = [];
        for (const e of batch) {
            args.push(e.request_id, JSON.stringify(e));
            this.written.add(e);
        }
        const summaries = batch.map((e) => ({
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
            .catch(() => { });
    }
    async list(filter) {
        this.send();
        const k = this.k;
        const [ids, ledger, webhook] = await this.store.run(() => Promise.all([this.store.redis.lrange(k.order, 0, -1), this.store.redis.hgetall(k.ledger), this.store.redis.hgetall(k.webhook)]));
        const from = filter.after ? ids.lastIndexOf(filter.after) + 1 : 0;
        const wanted = ids.slice(from);
        if (wanted.length === 0)
            return [];
        const jsons = await this.store.run(() => this.store.redis.hmget(k.entries, ...wanted));
        const found = [];
        for (const json of jsons) {
            if (json === null)
                continue;
            const entry = withLinks(JSON.parse(json), ledger, webhook);
            if (journalMatches(entry, filter))
                found.push(entry);
        }
        return filter.limit ? found.slice(-filter.limit) : found;
    }
    async get(requestId) {
        this.send();
        const k = this.k;
        const [json, ledger, webhook] = await this.store.run(() => Promise.all([this.store.redis.hget(k.entries, requestId), this.store.redis.hget(k.ledger, requestId), this.store.redis.hget(k.webhook, requestId)]));
        if (json === null)
            return undefined;
        return withLinks(JSON.parse(json), { [requestId]: ledger ?? '' }, { [requestId]: webhook ?? '' });
    }
    async clear() {
        this.queue = [];
        const k = this.k;
        await this.store.run(() => this.store.redis
            .multi()
            .del(k.order, k.entries, k.ledger, k.webhook)
            .publish(this.store.channel, this.store.message('journal.cleared', {}))
            .exec());
    }
    receive(m) {
        switch (m.type) {
            case 'journal.recorded':
                for (const s of m.data) {
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
function withLinks(entry, ledger, webhook) {
    const add = (list, more) => {
        for (const id of more ? more.split(',') : [])
            if (!list.includes(id) && list.length < 100)
                list.push(id);
    };
    add(entry.ledger_entry_ids, ledger[entry.request_id]);
    add(entry.webhook_event_ids, webhook[entry.request_id]);
    return entry;
}
