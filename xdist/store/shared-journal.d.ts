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
import type { JournalEntry, JournalFilter, JournalReplica, Journal } from '../http/journal.js';
import type { RedisStore } from './redis-store.js';
export declare class SharedJournal implements JournalReplica {
    private readonly store;
    private readonly journal;
    private queue;
    private scheduled;
    /** Entries already sent: a later link to one of them goes to Redis. */
    private readonly written;
    constructor(store: RedisStore, journal: Journal);
    /** The connection, with the two scripts defined on it (run by EVALSHA, not sent again with every batch). */
    private get redis();
    private get k();
    /** The keys a reset deletes. */
    keyNames(): string[];
    recorded(entry: JournalEntry): void;
    linked(entry: JournalEntry | undefined, requestId: string, kind: 'ledger' | 'webhook', id: string): void;
    /** Sends the queued entries in one script call. While Redis is away they stay in this instance's journal only. */
    private send;
    list(filter: JournalFilter): Promise<JournalEntry[]>;
    get(requestId: string): Promise<JournalEntry | undefined>;
    clear(): Promise<void>;
    private receive;
}
