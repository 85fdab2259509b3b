import { describe, expect, it } from 'vitest';
import { chunkText } from './engine/chunk.js';
import { SearchIndex } from './engine/search-index.js';
import { IndexBuilds, SLICE_MS, type BuildTiming, type PendingDocument } from './index-builds.js';
import type { RagDocumentRecord } from './store.js';

/** A clock that moves only when a document is indexed (each costs `cost` ms), and turns a test gives back. */
function fakeTiming(cost: number) {
  let now = 0;
  const turns: (() => void)[] = [];
  const timing: BuildTiming = {
    now: () => now,
    yield: () => new Promise<void>((resolve) => turns.push(resolve)),
  };
  return {
    timing,
    cost: () => (now += cost),
    /** Gives the builder one turn; resolves once that turn's slice ran (or the run ended). */
    async turn(): Promise<boolean> {
      const next = turns.shift();
      if (next === undefined) return false;
      next();
      for (let i = 0; i < 10; i++) await Promise.resolve();
      return true;
    },
    /** Turns until the builder asks for no more. */
    async drain(): Promise<void> {
      for (let more = true; more;) more = await this.turn();
    },
  };
}

function pendingDoc(word: string, n: number): PendingDocument {
  const doc: RagDocumentRecord = {
    documentId: `doc_${word}${n}`,
    title: `${word} ${n}`,
    fileName: null,
    fileType: 'text',
    sizeBytes: 10,
    language: 'en',
    status: 'ready',
    chunkCount: 1,
    metadata: {},
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    environment: 'live',
  };
  return { doc, chunks: chunkText(`${word} document number ${n}`).map((c) => c.text), language: 'en' };
}

/** An index whose every addition costs the fake clock `cost` ms, and records what it got. */
function costlyIndex(clock: { cost(): number }, added: string[]): SearchIndex {
  const index = new SearchIndex();
  const add = index.addDocument.bind(index);
  index.addDocument = (input) => {
    add(input);
    added.push(input.documentId);
    clock.cost();
  };
  return index;
}

describe('IndexBuilds', () => {
  it('indexes in slices that end before SLICE_MS, organization by organization, only once started', async () => {
    const clock = fakeTiming(3);
    const builds = new IndexBuilds(clock.timing);
    const added: string[] = [];
    const docs = Array.from({ length: 5 }, (_, i) => pendingDoc('alpha', i));
    builds.add('org_a', costlyIndex(clock, added), docs);
    builds.add('org_b', costlyIndex(clock, added), [pendingDoc('beta', 0)]);
    expect(await clock.turn()).toBe(false); // nothing scheduled before start()
    builds.start();
    const slices: string[][] = [];
    while (await clock.turn()) {
      if (added.length > 0) slices.push(added.splice(0));
    }
    // 3 ms a document: a third would end the slice at 9 ms > SLICE_MS.
    expect(Math.floor(SLICE_MS / 3)).toBe(2);
    expect(slices).toEqual([
      ['doc_alpha0', 'doc_alpha1'],
      ['doc_alpha2', 'doc_alpha3'],
      ['doc_alpha4', 'doc_beta0'],
    ]);
    expect(builds.has('org_a') || builds.has('org_b')).toBe(false);
  });

  it('an organization waited for goes first; a dropped document and a cancelled organization are never indexed', async () => {
    const clock = fakeTiming(3);
    const builds = new IndexBuilds(clock.timing);
    const added: string[] = [];
    builds.add('org_a', costlyIndex(clock, added), [pendingDoc('alpha', 0), pendingDoc('alpha', 1)]);
    builds.add('org_b', costlyIndex(clock, added), [pendingDoc('beta', 0), pendingDoc('beta', 1)]);
    builds.add('org_c', costlyIndex(clock, added), [pendingDoc('gamma', 0)]);
    expect(builds.pending('org_b', 'doc_beta1')?.chunks).toEqual(['beta document number 1']);
    builds.drop('org_b', 'doc_beta1');
    builds.cancel('org_a');
    let done = false;
    void builds.ready('org_c')!.then(() => (done = true));
    await clock.drain();
    expect(added).toEqual(['doc_gamma0', 'doc_beta0']);
    expect(done).toBe(true);
    expect(builds.ready('org_a')).toBeUndefined();
  });

  it('a cancel lets whoever waits go on, with nothing indexed after it', async () => {
    const clock = fakeTiming(3);
    const builds = new IndexBuilds(clock.timing);
    const added: string[] = [];
    builds.add('org_a', costlyIndex(clock, added), [pendingDoc('alpha', 0)]);
    const waiting = builds.ready('org_a')!;
    builds.cancel();
    await waiting;
    await clock.drain();
    expect(added).toEqual([]);
  });
});
