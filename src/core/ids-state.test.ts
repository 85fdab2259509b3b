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
