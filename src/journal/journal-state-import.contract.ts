/**
 * The snapshot part of the journal state's contract (issue 25): a saved journal loaded after a reset answers
 * every query the same on every instance; `perOrg.check`, `checkShared` and the sections' schema refuse what
 * they cannot take. Run from journal-state.contract.ts, so against memory and Redis alike.
 */
import { expect, it } from 'vitest';
import { sectionErrors } from '../../test/support/state-section-schema.js';
import {
  WIDE,
  ids,
  orgIds,
  plain,
  record,
  sent,
  type JournalBounds,
  type JournalSide,
  type JournalWorld,
} from './journal-state.contract.js';

let seq = 0;

/** A request id of the real shape (`req_` and 20 base62 characters), for the cases that check the schema. */
const rid = () => `req_${`Imp${seq++}`.padEnd(20, 'x')}`;

/** `withWorld`: the main contract's, which builds the instances of a case and closes them after it. */
export function journalImportCases(
  withWorld: (bounds: JournalBounds, run: (w: JournalWorld) => Promise<void>) => Promise<void>,
): void {
  it('a saved journal loaded through A after a reset answers every query the same through B: filters, cursors, one by id, links', () =>
    withWorld(WIDE, async ({ a, b }) => {
      const one = record(a, { request_id: rid(), org_id: 'org_ja', scope: 'sbx_s1' });
      const two = record(b, { request_id: rid(), org_id: 'org_ja', status: 404, code: 'not_found' });
      const other = record(a, { request_id: rid(), org_id: 'org_jb', key_id: 'key_b' });
      const refused = record(a, {
        request_id: rid(),
        org_id: null,
        key_id: null,
        status: 401,
        code: 'missing_api_key',
      });
      const three = record(b, { request_id: rid(), org_id: 'org_ja', scope: 'sbx_s1', path: '/v1/tts' });
      await sent(a);
      await sent(b);
      a.journal.link(three.request_id, 'webhook', 'evt_saved');
      await sent(a);
      const queries = async (side: JournalSide) => ({
        all: ids(await side.journal.list({ org_id: 'org_ja' })),
        scope: ids(await side.journal.list({ org_id: 'org_ja', scope: 'sbx_s1' })),
        after: ids(await side.journal.list({ org_id: 'org_ja', after: one.request_id })),
        last: ids(await side.journal.list({ org_id: 'org_ja', limit: 1 })),
        errors: ids(await side.journal.list({ org_id: 'org_ja', status: '4xx' })),
        // Across organizations the order after a load is the order the sections were loaded in (SN-P6).
        other: ids(await side.journal.list({ org_id: 'org_jb' })),
        one: await side.journal.find(three.request_id),
      });
      const before = await queries(b);
      const saved = {
        ja: await a.state.perOrg.export('org_ja'),
        jb: await a.state.perOrg.export('org_jb'),
        shared: await a.state.exportShared(),
      };
      expect(a.state.includeFlag).toBe('journal');
      for (const [name, section] of [
        ['StateOrgJournal', saved.ja],
        ['StateOrgJournal', saved.jb],
        ['StateSharedJournal', saved.shared],
      ] as const)
        expect(sectionErrors(name, JSON.parse(JSON.stringify(section))), name).toBeNull();
      expect(a.state.perOrg.check?.('org_ja', saved.ja)).toBeNull();
      expect(a.state.checkShared?.(saved.shared)).toBeNull();

      await a.state.reset();
      expect(await b.journal.list()).toEqual([]);
      await a.state.importShared?.(JSON.parse(JSON.stringify(saved.shared)));
      await a.state.perOrg.import?.('org_ja', JSON.parse(JSON.stringify(saved.ja)));
      await a.state.perOrg.import?.('org_jb', JSON.parse(JSON.stringify(saved.jb)));
      for (const side of [a, b]) {
        expect(await queries(side)).toEqual(before);
        expect(await side.state.perOrg.export('org_ja')).toEqual(saved.ja);
        expect(await side.state.perOrg.export('org_jb')).toEqual(saved.jb);
        expect(await side.state.exportShared()).toEqual(saved.shared);
        expect(await orgIds(side)).toEqual(['org_ja', 'org_jb']);
        expect(await side.journal.usage()).toMatchObject({ entries: 5 });
      }
      expect((await b.journal.find(three.request_id))?.webhook_event_ids).toEqual(['evt_saved']);
      // Recorded after the load, an entry comes after the loaded ones.
      const next = record(b, { org_id: 'org_ja' });
      await sent(b);
      expect(ids(await a.journal.list({ org_id: 'org_ja', after: three.request_id }))).toEqual([
        next.request_id,
      ]);
      void other;
      void two;
      void refused;
    }));

  it('check refuses an entry of another organization, an organization entry in the shared section and an id twice', () =>
    withWorld(WIDE, async ({ a }) => {
      const mine = plain(record(a, { request_id: rid(), org_id: 'org_ck' }));
      const theirs = plain(record(a, { request_id: rid(), org_id: 'org_other' }));
      const none = plain(record(a, { request_id: rid(), org_id: null }));
      expect(a.state.perOrg.check?.('org_ck', { entries: [mine] })).toBeNull();
      expect(a.state.perOrg.check?.('org_ck', { entries: [mine, theirs] })).toMatchObject({
        path: '/entries/1/org_id',
      });
      expect(a.state.perOrg.check?.('org_ck', { entries: [mine, mine] })).toMatchObject({
        path: '/entries/1/request_id',
      });
      expect(a.state.checkShared?.({ entries: [none, mine] })).toMatchObject({ path: '/entries/1/org_id' });
      expect(
        sectionErrors('StateOrgJournal', { entries: [{ ...mine, request_id: 'req 1' }] }),
      ).not.toBeNull();
      expect(sectionErrors('StateOrgJournal', { entries: [] })).not.toBeNull();
    }));
}
