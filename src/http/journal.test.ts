import { describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { entryBytes } from '../observe/entry-bytes.js';
import { Journal } from './journal.js';

function recordN(journal: Journal, from: number, n: number, pad = 0): string[] {
  const ids: string[] = [];
  for (let i = from; i < from + n; i++) {
    const entry = journal.open({ request_id: `req_${i}`, kind: 'http', method: 'POST', path: `/v1/x${'y'.repeat(pad)}`, scope: null });
    entry.status = 200;
    journal.record(entry);
    ids.push(entry.request_id);
  }
  return ids;
}

describe('the journal bounds', () => {
  it('keeps exactly the newest `capacity` entries across many drops, with their bytes, index and cursor', () => {
    const journal = new Journal(new Clock(), 5);
    const ids = recordN(journal, 0, 203);
    const kept = ids.slice(-5);
    expect(journal.list().map((e) => e.request_id)).toEqual(kept);
    expect(journal.usage()).toMatchObject({ entries: 5, max_entries: 5 });
    expect(journal.usage().bytes).toBe(journal.list().reduce((n, e) => n + entryBytes(e), 0));
    for (const id of ids) expect(journal.get(id)?.request_id).toBe(kept.includes(id) ? id : undefined);
    expect(journal.list({ after: kept[2] }).map((e) => e.request_id)).toEqual(kept.slice(3));
    expect(journal.list({ after: ids[0] }).map((e) => e.request_id)).toEqual(kept);
    expect(journal.list({ limit: 2 }).map((e) => e.request_id)).toEqual(kept.slice(3));
  });

  it('drops by bytes too, always keeping the newest entry', () => {
    const probe = new Journal(new Clock(), 1000);
    recordN(probe, 0, 1, 1000);
    const size = probe.usage().bytes;
    const journal = new Journal(new Clock(), 1000, Math.floor(size * 3.5));
    const ids = recordN(journal, 0, 150, 1000);
    expect(journal.list().map((e) => e.request_id)).toEqual(ids.slice(-3));
    const tiny = new Journal(new Clock(), 1000, 10);
    const last = recordN(tiny, 0, 100).at(-1);
    expect(tiny.list().map((e) => e.request_id)).toEqual([last]);
    tiny.clear();
    expect(tiny.usage()).toMatchObject({ entries: 0, bytes: 0 });
    expect(recordN(tiny, 100, 1)).toEqual(tiny.list().map((e) => e.request_id));
  });
});
