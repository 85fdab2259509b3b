/**
 * The journal state's contract (issue 23): the same cases for every implementation, declared by
 * `journalStateContract` given a way to build instances over one store. With the memory store the "two
 * instances" are one process (the same journal); with Redis they are two connections, as two emulators are.
 */
import { expect, it } from 'vitest';
import { journalImportCases } from './journal-state-import.contract.js';
import type { Journal, JournalEntry } from './journal.js';
import type { JournalState } from './journal-state.js';

/** One emulator's view of the journal: the service and the state under it. */
export interface JournalSide {
  journal: Journal;
  state: JournalState;
}

export interface JournalWorld {
  a: JournalSide;
  b: JournalSide;
  /** An instance that joins the store now (built and opened like one starting later). */
  join(): Promise<JournalSide>;
  close(): Promise<void>;
}

export interface JournalBounds {
  capacity: number;
  maxBytes: number;
}

/** Builds two instances over one empty journal with these bounds. */
export type JournalWorldFactory = (bounds: JournalBounds) => Promise<JournalWorld>;

export const WIDE: JournalBounds = { capacity: 1000, maxBytes: 64 * 1024 * 1024 };
let seq = 0;

/** Records a finished request through one instance's journal, as the app does when a response ends. */
export function record(side: JournalSide, fields: Partial<JournalEntry> = {}): JournalEntry {
  const entry = side.journal.open({
    request_id: `req_c${seq++}`,
    kind: 'http',
    method: 'POST',
    path: fields.path ?? '/v1/auth/ws-token',
    scope: fields.scope ?? null,
  });
  Object.assign(entry, { status: 201, org_id: 'org_a', key_id: 'key_a', duration_ms: 3 }, fields);
  side.journal.record(entry);
  return entry;
}

/** What one instance recorded has reached the shared journal (a read through it sends what it has queued). */
export async function sent(side: JournalSide): Promise<void> {
  await side.state.usage();
}

export const ids = (entries: JournalEntry[]) => entries.map((e) => e.request_id);
export const orgIds = async (side: JournalSide) => [...(await side.state.perOrg.ids())].sort();
/** An entry as an export holds it: JSON data, as the test recorded it. */
export const plain = (entry: JournalEntry) => JSON.parse(JSON.stringify(entry)) as JournalEntry;

export function journalStateContract(build: JournalWorldFactory): void {
  async function withWorld(bounds: JournalBounds, run: (w: JournalWorld) => Promise<void>): Promise<void> {
    const world = await build(bounds);
    try {
      await run(world);
    } finally {
      await world.close();
    }
  }

  it('lists entries in record order, filtered, by organization, with a cursor and a limit; reads one by id', () =>
    withWorld(WIDE, async ({ a, b }) => {
      const one = record(a, { scope: 's1' });
      const two = record(a, { org_id: 'org_b', key_id: 'key_b', status: 404, code: 'not_found' });
      const three = record(a, { scope: 's1' });
      await sent(a);
      for (const side of [a, b]) {
        expect(ids(await side.journal.list())).toEqual(ids([one, two, three]));
        expect(ids(await side.journal.list({ org_id: 'org_a' }))).toEqual(ids([one, three]));
        expect(ids(await side.journal.list({ org_id: 'org_b' }))).toEqual(ids([two]));
        expect(ids(await side.journal.list({ status: '4xx' }))).toEqual(ids([two]));
        expect(ids(await side.journal.list({ scope: 's1', limit: 1 }))).toEqual(ids([three]));
        expect(ids(await side.journal.list({ after: one.request_id }))).toEqual(ids([two, three]));
        // The cursor counts in the order of all entries, whichever organization it names.
        expect(ids(await side.journal.list({ org_id: 'org_a', after: two.request_id }))).toEqual(
          ids([three]),
        );
        expect(await side.journal.find(two.request_id)).toMatchObject({
          request_id: two.request_id,
          org_id: 'org_b',
          status: 404,
          code: 'not_found',
        });
        expect(await side.journal.find('req_not_there')).toBeUndefined();
        expect(await side.journal.usage()).toMatchObject({ entries: 3, max_entries: WIDE.capacity });
      }
    }));

  it('keeps the newest `capacity` entries', () =>
    withWorld({ capacity: 4, maxBytes: 64 * 1024 * 1024 }, async ({ a, b }) => {
      const recorded = Array.from({ length: 10 }, () => record(a));
      await sent(a);
      expect(ids(await b.journal.list())).toEqual(ids(recorded.slice(-4)));
      expect(await b.journal.find(recorded[0].request_id)).toBeUndefined();
      expect(await a.journal.usage()).toMatchObject({ entries: 4 });
    }));

  it('keeps within `maxBytes` of entry JSON, always keeping the newest entry however large', () =>
    withWorld({ capacity: 1000, maxBytes: 10 }, async ({ a, b }) => {
      const recorded = Array.from({ length: 5 }, () => record(a));
      await sent(a);
      expect(ids(await b.journal.list())).toEqual(ids(recorded.slice(-1)));
    }));

  it('joins links to an entry, made before or after it reached the store, through either instance', () =>
    withWorld(WIDE, async ({ a, b }) => {
      const entry = a.journal.open({
        request_id: `req_c${seq++}`,
        kind: 'http',
        method: 'POST',
        path: '/v1/tts',
        scope: null,
      });
      a.journal.link(entry.request_id, 'ledger', 'le_in_flight');
      Object.assign(entry, { status: 200, org_id: 'org_a' });
      a.journal.record(entry);
      a.journal.link(entry.request_id, 'webhook', 'evt_queued');
      await sent(a);
      b.journal.link(entry.request_id, 'ledger', 'le_later');
      b.journal.link(entry.request_id, 'ledger', 'le_later');
      b.journal.link('req_gone', 'ledger', 'le_nowhere');
      await sent(b);
      for (const side of [a, b]) {
        expect(await side.journal.find(entry.request_id)).toMatchObject({
          ledger_entry_ids: ['le_in_flight', 'le_later'],
          webhook_event_ids: ['evt_queued'],
        });
        const [listed] = await side.journal.list({ path: '/v1/tts' });
        expect(listed.ledger_entry_ids).toEqual(['le_in_flight', 'le_later']);
      }
    }));

  it('clears one organization or every entry, for every instance', () =>
    withWorld(WIDE, async ({ a, b }) => {
      const kept = record(a, { org_id: 'org_keep' });
      record(b, { org_id: 'org_gone' });
      record(a, { org_id: 'org_gone' });
      await sent(a);
      await sent(b);
      await b.journal.clear({ org_id: 'org_gone' });
      for (const side of [a, b]) {
        expect(ids(await side.journal.list())).toEqual(ids([kept]));
        expect(await side.journal.list({ org_id: 'org_gone' })).toEqual([]);
        expect(await side.journal.usage()).toMatchObject({ entries: 1 });
      }
      await a.journal.clear();
      for (const side of [a, b]) {
        expect(await side.journal.list()).toEqual([]);
        expect(await side.journal.usage()).toMatchObject({ entries: 0, bytes: 0 });
      }
      const after = record(b, { org_id: 'org_gone' });
      await sent(b);
      expect(ids(await a.journal.list({ org_id: 'org_gone' }))).toEqual(ids([after]));
    }));

  it('a read through one instance sees what the other recorded before it, not sent yet, in the order recorded', () =>
    withWorld(WIDE, async ({ a, b }) => {
      // Written behind: a's entries wait in its queue until a read through any instance asks for them.
      const recorded = [record(a, { scope: 'behind' }), record(b, { scope: 'behind' })];
      recorded.push(record(a, { scope: 'behind' }));
      expect(ids(await b.journal.list({ scope: 'behind' }))).toEqual(ids(recorded));
      expect(await b.journal.find(recorded[2].request_id)).toMatchObject({ scope: 'behind' });
      const after = ids(await a.journal.list({ scope: 'behind', after: recorded[0].request_id }));
      expect(after).toEqual(ids(recorded.slice(1)));
    }));

  it('joins a link made through the other instance before the entry reached the store', () =>
    withWorld(WIDE, async ({ a, b }) => {
      const entry = record(a, { path: '/v1/stt/transcriptions' });
      b.journal.link(entry.request_id, 'webhook', 'evt_early');
      b.journal.link(entry.request_id, 'webhook', 'evt_early');
      await sent(b);
      for (const side of [b, a])
        expect(await side.journal.find(entry.request_id)).toMatchObject({ webhook_event_ids: ['evt_early'] });
    }));

  it('keeps every entry of two instances writing at once, each one in its order, within the bound in all', () =>
    withWorld({ capacity: 30, maxBytes: 64 * 1024 * 1024 }, async ({ a, b }) => {
      const fromA: JournalEntry[] = [];
      const fromB: JournalEntry[] = [];
      for (let i = 0; i < 10; i++) {
        fromA.push(record(a, { scope: 'race' }));
        fromB.push(record(b, { scope: 'race' }));
      }
      await Promise.all([sent(a), sent(b)]);
      const listed = ids(await b.journal.list({ scope: 'race' }));
      expect([...listed].sort()).toEqual([...ids(fromA), ...ids(fromB)].sort());
      expect(listed.filter((id) => ids(fromA).includes(id))).toEqual(ids(fromA));
      expect(listed.filter((id) => ids(fromB).includes(id))).toEqual(ids(fromB));
      for (let i = 0; i < 30; i++) record(i % 2 ? a : b);
      await Promise.all([sent(a), sent(b)]);
      expect(await a.journal.usage()).toMatchObject({ entries: 30 });
      expect(await a.journal.list({ scope: 'race' })).toEqual([]);
    }));

  it(
    'wakes a long-poll on one instance when a matching entry is recorded through the other',
    () =>
      withWorld(WIDE, async ({ a, b }) => {
        // The test's own timeout (well under the poll's) fails it if only the poll's timeout ends the wait.
        const polled = b.journal.waitFor({ scope: 'poll' }, 60_000);
        record(a, { scope: 'other' });
        const entry = record(a, { scope: 'poll' });
        await polled;
        expect(ids(await b.journal.list({ scope: 'poll' }))).toEqual([entry.request_id]);
      }),
    10_000,
  );

  it('a reset empties the journal for every instance', () =>
    withWorld(WIDE, async ({ a, b }) => {
      record(a);
      record(b);
      await sent(a);
      await sent(b);
      await a.state.reset();
      for (const side of [a, b]) expect(await side.journal.list()).toEqual([]);
      const next = record(b);
      await sent(b);
      expect(ids(await a.journal.list())).toEqual([next.request_id]);
    }));

  it('an instance that joins late lists what is there, resets nothing, and records into the same journal', () =>
    withWorld(WIDE, async (world) => {
      const { a } = world;
      const before = record(a);
      await sent(a);
      const late = await world.join();
      expect(ids(await late.journal.list())).toEqual([before.request_id]);
      expect(ids(await a.journal.list())).toEqual([before.request_id]);
      const own = record(late);
      await sent(late);
      expect(ids(await a.journal.list())).toEqual([before.request_id, own.request_id]);
    }));

  it('lists the organizations with entries and exports one in record order with its links; entries without one are shared', () =>
    withWorld(WIDE, async (world) => {
      const { a, b } = world;
      const one = record(a, { org_id: 'org_ea' });
      const refused = record(a, { org_id: null, key_id: null, status: 401, code: 'missing_api_key' });
      await sent(a);
      const two = record(b, { org_id: 'org_eb', key_id: 'key_b' });
      await sent(b);
      const three = record(a, { org_id: 'org_ea', path: '/v1/tts' });
      await sent(a);
      b.journal.link(three.request_id, 'ledger', 'le_export');
      await sent(b);
      const expectedA = {
        entries: [plain(one), { ...plain(three), ledger_entry_ids: ['le_export'] }],
      };
      const late = await world.join();
      for (const side of [a, b, late]) {
        expect(await orgIds(side)).toEqual(['org_ea', 'org_eb']);
        const exported = await side.state.perOrg.export('org_ea');
        expect(exported).toEqual(expectedA);
        expect(JSON.parse(JSON.stringify(exported))).toStrictEqual(exported);
        expect(await side.state.perOrg.export('org_eb')).toEqual({ entries: [plain(two)] });
        expect(await side.state.perOrg.export('org_none')).toBeUndefined();
        expect(await side.state.exportShared()).toEqual({ entries: [plain(refused)] });
      }
    }));

  it("resetting one organization through one instance clears its entries for every instance, and nothing of another's", () =>
    withWorld(WIDE, async ({ a, b }) => {
      const gone = [record(a, { org_id: 'org_ra' }), record(b, { org_id: 'org_ra' })];
      const kept = record(b, { org_id: 'org_rb', key_id: 'key_b' });
      await sent(a);
      await sent(b);
      const refused = record(a, { org_id: null, key_id: null, status: 401, code: 'missing_api_key' });
      await sent(a);
      const exportB = await b.state.perOrg.export('org_rb');
      expect(exportB).toEqual({ entries: [plain(kept)] });

      await a.state.perOrg.reset('org_ra');
      for (const side of [a, b]) {
        expect(await orgIds(side)).toEqual(['org_rb']);
        expect(await side.state.perOrg.export('org_ra')).toBeUndefined();
        expect(await side.journal.list({ org_id: 'org_ra' })).toEqual([]);
        for (const e of gone) expect(await side.journal.find(e.request_id)).toBeUndefined();
        expect(ids(await side.journal.list())).toEqual(ids([kept, refused]));
        expect(await side.journal.usage()).toMatchObject({ entries: 2 });
        expect(await side.state.perOrg.export('org_rb')).toEqual(exportB);
        expect(await side.state.exportShared()).toEqual({ entries: [plain(refused)] });
      }
      // Nothing to clear is no error; the organization's requests are journaled again afterwards.
      await b.state.perOrg.reset('org_ra');
      const again = record(b, { org_id: 'org_ra' });
      await sent(b);
      expect(await orgIds(a)).toEqual(['org_ra', 'org_rb']);
      expect(await a.state.perOrg.export('org_ra')).toEqual({ entries: [plain(again)] });
    }));

  it("entries recorded while one organization is reset: the other organization's all kept, the reset one's whole or gone", () =>
    withWorld(WIDE, async ({ a, b }) => {
      const before = record(b, { org_id: 'org_xb', key_id: 'key_b' });
      record(a, { org_id: 'org_xa' });
      await sent(a);
      await sent(b);
      const reset = a.state.perOrg.reset('org_xa');
      const raced = record(b, { org_id: 'org_xa' });
      const other = record(b, { org_id: 'org_xb', key_id: 'key_b' });
      await reset;
      await sent(b);
      for (const side of [a, b]) {
        expect(await side.state.perOrg.export('org_xb')).toEqual({
          entries: [plain(before), plain(other)],
        });
        const left = await side.state.perOrg.export('org_xa');
        if (left) expect(left).toEqual({ entries: [plain(raced)] });
        expect(await orgIds(side)).toEqual(left ? ['org_xa', 'org_xb'] : ['org_xb']);
      }
    }));

  journalImportCases(withWorld);
}
