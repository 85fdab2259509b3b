import { describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { entryBytes } from './entry-bytes.js';
import { Journal } from './journal.js';
import { MemoryJournal } from './memory-journal.js';

/** A journal over its memory state, which the checks read directly (synchronously). */
function memoryJournal(
  capacity: number,
  maxBytes = 64 * 1024 * 1024,
): { journal: Journal; state: MemoryJournal } {
  const state = new MemoryJournal({ capacity, maxBytes });
  return { journal: new Journal(new Clock(), state), state };
}

function recordN(journal: Journal, from: number, n: number, pad = 0): string[] {
  const ids: string[] = [];
  for (let i = from; i < from + n; i++) {
    const entry = journal.open({
      request_id: `req_${i}`,
      kind: 'http',
      method: 'POST',
      path: `/v1/x${'y'.repeat(pad)}`,
      scope: null,
    });
    entry.status = 200;
    journal.record(entry);
    ids.push(entry.request_id);
  }
  return ids;
}

describe('the journal bounds', () => {
  it('keeps exactly the newest `capacity` entries across many drops, with their bytes, index and cursor', () => {
    const { journal, state } = memoryJournal(5);
    const ids = recordN(journal, 0, 203);
    const kept = ids.slice(-5);
    expect(state.list({}).map((e) => e.request_id)).toEqual(kept);
    expect(state.usage()).toMatchObject({ entries: 5, max_entries: 5 });
    expect(state.usage().bytes).toBe(state.list({}).reduce((n, e) => n + entryBytes(e), 0));
    for (const id of ids) expect(state.get(id)?.request_id).toBe(kept.includes(id) ? id : undefined);
    expect(state.list({ after: kept[2] }).map((e) => e.request_id)).toEqual(kept.slice(3));
    expect(state.list({ after: ids[0] }).map((e) => e.request_id)).toEqual(kept);
    expect(state.list({ limit: 2 }).map((e) => e.request_id)).toEqual(kept.slice(3));
  });

  it('drops by bytes too, always keeping the newest entry', () => {
    const probe = memoryJournal(1000);
    recordN(probe.journal, 0, 1, 1000);
    const size = probe.state.usage().bytes;
    const { journal, state } = memoryJournal(1000, Math.floor(size * 3.5));
    const ids = recordN(journal, 0, 150, 1000);
    expect(state.list({}).map((e) => e.request_id)).toEqual(ids.slice(-3));
    const tiny = memoryJournal(1000, 10);
    const last = recordN(tiny.journal, 0, 100).at(-1);
    expect(tiny.state.list({}).map((e) => e.request_id)).toEqual([last]);
    tiny.state.clear();
    expect(tiny.state.usage()).toMatchObject({ entries: 0, bytes: 0 });
    expect(recordN(tiny.journal, 100, 1)).toEqual(tiny.state.list({}).map((e) => e.request_id));
  });
});
