/** The matching of keyed scripts (the STT scripts' rules, with no STT type in sight). */
import { describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { IdFactory } from '../core/random.js';
import { KeyedScripts } from './keyed-scripts.js';

interface Input {
  org_id?: string;
  queue?: number;
  hash?: string;
  name?: string;
  say?: string;
}

function scripts(): KeyedScripts<Input, 'hash' | 'name'> {
  return new KeyedScripts<Input, 'hash' | 'name'>({
    clock: new Clock({ mode: 'frozen', startAt: 0 }),
    ids: new IdFactory('keyed-scripts-test'),
    prefix: 'k',
    keys: ['hash', 'name'],
    normalise: { hash: (h) => h.toLowerCase() },
  });
}

describe('keyed scripts', () => {
  it('match by the keys in declared order, newest first, then the oldest queue script', () => {
    const s = scripts();
    s.add({ queue: 1, say: 'queue 1' });
    s.add({ queue: 1, say: 'queue 2' });
    s.add({ name: 'a.wav', say: 'name' });
    s.add({ hash: 'AB', say: 'hash old' });
    s.add({ hash: 'ab', say: 'hash new' });
    expect(s.take('org', { hash: 'Ab', name: 'a.wav' })?.say).toBe('hash new');
    expect(s.take('org', { hash: 'cd', name: 'a.wav' })?.say).toBe('name');
    expect(s.take('org', { hash: 'cd' })?.say).toBe('queue 1');
    expect(s.take('org')?.say).toBe('queue 2');
    expect(s.take('org')).toBeUndefined();
    // Keyed scripts keep matching and count their uses; queue scripts are gone.
    expect(s.list().map((x) => [x.say, x.match, x.remaining, x.matched])).toEqual([
      ['name', 'name', null, 1],
      ['hash old', 'hash', null, 0],
      ['hash new', 'hash', null, 1],
    ]);
  });

  it('store a key as normalised, in the place the input gave it', () => {
    const script = scripts().add({ org_id: 'org_a', hash: 'AB', say: 'x' }, true);
    expect(Object.keys(script)).toEqual([
      'org_id',
      'hash',
      'say',
      'id',
      'match',
      'remaining',
      'matched',
      'created_at',
      'off_contract',
    ]);
    expect(script).toMatchObject({ hash: 'ab', match: 'hash', remaining: null, off_contract: true });
  });

  it("answer their organization's requests only, and everyone's without one", () => {
    const s = scripts();
    s.add({ org_id: 'org_a', queue: 2, say: 'a' });
    s.add({ queue: 1, say: 'any' });
    expect(s.take('org_b')?.say).toBe('any');
    expect(s.take('org_b')).toBeUndefined();
    expect(s.take('org_a')?.say).toBe('a');
  });
});
