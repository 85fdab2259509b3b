/**
 * A load that fails half way (issue 25, all or nothing): when a unit's import fails after the state was wiped
 * (as when Redis goes away), the state saved at the start of the load is put back and the failure answered;
 * when putting it back fails too, the answer names the file that holds it, and that file loads.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { ApiError } from '../../src/core/errors.js';

const T0 = Date.parse('2031-03-01T10:00:00Z');

describe('a load that fails half way', () => {
  let emulator: Emulator;
  let orgsPart: { import(orgId: string, data: unknown): Promise<void> };
  beforeAll(async () => {
    emulator = await createEmulator(
      { seed: 'load-failure', logLevel: 'silent', demoCorpus: false },
      { clock: new Clock({ mode: 'frozen', startAt: T0 }) },
    );
    orgsPart = emulator.state.list().find((u) => u.name === 'orgs')!.perOrg as typeof orgsPart;
  });
  afterAll(async () => emulator?.close());

  const save = () => emulator.part('snapshots').saveToBuffer({ journal: true, secrets: true });
  /** A document of the demo organization (or the whole state) under another name: loaded, it would show. */
  const renamed = async (scope: { org?: string }) =>
    Buffer.from(
      (await emulator.part('snapshots').saveToBuffer(scope))
        .toString()
        .replace('"Demo Organization"', '"Renamed"'),
    );
  const storeGone = () => new ApiError('upstream_error', 'the shared state store went away');

  it.each([
    ['one organization', { org: 'org_demo' }],
    ['the whole state', {}],
  ])('%s: the state before the load is put back and the failure answered', async (_what, scope) => {
    const doc = await renamed(scope);
    expect(doc.toString()).toContain('"Renamed"');
    const before = await save();
    const spy = vi.spyOn(orgsPart, 'import').mockRejectedValueOnce(storeGone());
    await expect(emulator.part('snapshots').load(doc)).rejects.toMatchObject({
      code: 'upstream_error',
      status: 502,
    });
    // Called for the load, then again to put the saved state back.
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
    expect((await save()).equals(before)).toBe(true);
  });

  it('when putting it back fails too, the answer names the file that holds it, and that file loads', async () => {
    const doc = await renamed({});
    const before = await save();
    const spy = vi.spyOn(orgsPart, 'import').mockRejectedValue(storeGone());
    const err = (await emulator
      .part('snapshots')
      .load(doc)
      .catch((e: unknown) => e)) as ApiError;
    spy.mockRestore();
    expect(err).toMatchObject({ code: 'upstream_error' });
    const file = /it is saved in (\S+) \(PUT it/.exec(err.detail ?? '')?.[1];
    expect(file, err.detail).toBeDefined();
    await emulator.part('snapshots').load(readFileSync(file!));
    expect((await save()).equals(before)).toBe(true);
  });
});
