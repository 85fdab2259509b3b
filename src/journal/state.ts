/** The factory of JournalState: the memory or the Redis implementation, chosen once by the store the emulator runs on. */
import type { StateStore } from '../store/index.js';
import { RedisStore } from '../store/redis-store.js';
import { RedisJournal } from './redis-journal.js';
import { MemoryJournal } from './memory-journal.js';
import type { JournalState } from './journal-state.js';

/** The journal's bounds from the options: `--journal-limit` entries, `--journal-max-mb` of entry JSON. */
export function journalBounds(config: { journalLimit: number; journalMaxMb: number }) {
  return { capacity: config.journalLimit, maxBytes: Math.round(config.journalMaxMb * 1024 * 1024) };
}

export function createJournalState(
  store: StateStore,
  bounds: { capacity: number; maxBytes: number },
): JournalState {
  return store instanceof RedisStore ? new RedisJournal(store, bounds) : new MemoryJournal(bounds);
}
