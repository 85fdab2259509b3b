/**
 * The `ids` state unit (issue 25): an emulator loaded from an export mints the ids and draws the random values
 * the saved one would have minted next, and the export fits its section of the state schema.
 */
import { describe, expect, it } from 'vitest';
import { sectionErrors } from '../../test/support/state-section-schema.js';
import { createIdsState, type IdsExport } from './ids-state.js';
import { IdFactory, Random } from './random.js';

const SEED = 'ids-state-test';

function streams(seed = SEED) {
  const ids = new IdFactory(seed);
  const random = new Random(seed);
  return { ids, random, unit: createIdsState(ids, random) };
}

describe('the ids state unit', () => {
  it('a loaded pair continues where the saved one stood: the same next ids per prefix and the same random values', async () => {
    const saved = streams();
    for (let i = 0; i < 5; i++) saved.ids.next('req');
    saved.ids.next('key');
    saved.random.base62(30);
    const exported = (await saved.unit.exportShared!()) as IdsExport;

    const loaded = streams();
    await loaded.unit.reset();
    await loaded.unit.importShared!(JSON.parse(JSON.stringify(exported)));

    for (const prefix of ['req', 'key', 'org']) expect(loaded.ids.next(prefix)).toBe(saved.ids.next(prefix));
    expect(loaded.random.base62(40)).toBe(saved.random.base62(40));
    expect(loaded.random.nextUint32()).toBe(saved.random.nextUint32());
    expect(await loaded.unit.exportShared!()).toEqual(await saved.unit.exportShared!());
  });

  it('exports the counts minted per prefix (sorted) and the four words of the generator', async () => {
    const { ids, random, unit } = streams();
    ids.next('org');
    ids.next('key');
    ids.next('key');
    const exported = (await unit.exportShared!()) as IdsExport;
    expect(Object.entries(exported.counters)).toEqual([
      ['key', 2],
      ['org', 1],
    ]);
    expect(exported.random).toEqual(random.state());
    expect(exported.random.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff)).toBe(true);
  });

  it('without the journal the request ids are left out of the export, and a load of such a document lets them count on', async () => {
    const saved = streams();
    for (let i = 0; i < 3; i++) saved.ids.next('req');
    saved.ids.next('key');
    const withoutJournal = (await saved.unit.exportShared!({ journal: false })) as IdsExport;
    expect(withoutJournal.counters).toEqual({ key: 1 });
    expect(((await saved.unit.exportShared!({ journal: true })) as IdsExport).counters).toEqual({
      key: 1,
      req: 3,
    });
    // Saving again after more requests gives the same section: a save's own request changes nothing in it.
    saved.ids.next('req');
    expect(await saved.unit.exportShared!({ journal: false })).toEqual(withoutJournal);

    const loaded = streams();
    const before = [loaded.ids.next('req'), loaded.ids.next('req')];
    await loaded.unit.importShared!(JSON.parse(JSON.stringify(withoutJournal)));
    const next = loaded.ids.next('req');
    expect(before).not.toContain(next);
    // The loading factory had minted two request ids: the third comes next, not the first again.
    expect(next).toBe(streamsAt(3));
    expect(loaded.ids.next('key')).toBe(saved.ids.next('key'));
  });

  it('a reset keeps the counters (no id repeats within a process) and starts the random stream over', async () => {
    const { ids, random, unit } = streams();
    const first = random.nextUint32();
    const id = ids.next('req');
    await unit.reset();
    expect(random.nextUint32()).toBe(first);
    expect(ids.next('req')).not.toBe(id);
  });

  it("its export validates against admin.yaml's StateSharedIds, which refuses a bad prefix, a negative count or a short generator state", async () => {
    const { ids, unit } = streams();
    for (const prefix of ['req', 'ragjob', 'rscr', 'whd', 'sbx']) ids.next(prefix);
    const exported = (await unit.exportShared!()) as IdsExport;
    expect(sectionErrors('StateSharedIds', exported)).toBeNull();
    expect(sectionErrors('StateSharedIds', { ...exported, counters: { 'Req-1': 1 } })).not.toBeNull();
    expect(sectionErrors('StateSharedIds', { ...exported, counters: { req: -1 } })).not.toBeNull();
    expect(sectionErrors('StateSharedIds', { ...exported, random: [1, 2, 3] })).not.toBeNull();
    expect(sectionErrors('StateSharedIds', { ...exported, random: [1, 2, 3, 2 ** 32] })).not.toBeNull();
    expect(sectionErrors('StateSharedIds', { ...exported, extra: true })).not.toBeNull();
  });
});

/** The `n`-th request id of a fresh factory on SEED. */
function streamsAt(n: number): string {
  const ids = new IdFactory(SEED);
  let id = '';
  for (let i = 0; i < n; i++) id = ids.next('req');
  return id;
}
