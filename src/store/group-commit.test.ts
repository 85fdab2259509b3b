import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A script stand-in: records each batch, answered when the test says. */
function fakeScript() {
  const batches: { args: (string | number)[]; answer: (ok: boolean) => void }[] = [];
  const group = new GroupCommit<string>(
    (args) =>
      new Promise((resolve, reject) => {
        batches.push({
          args,
          answer: (ok) => (ok ? resolve(args.map((a) => `r${a}`)) : reject(new Error('down'))),
        });
      }),
  );
  return { group, batches };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('sends a call at once when idle, and the calls made meanwhile together, each answered its own result', async () => {
    const { group, batches } = fakeScript();
    const first = group.call([1]);
    await tick();
    expect(batches.map((b) => b.args)).toEqual([[1]]);
    const rest = [group.call([2]), group.call([3]), group.call([4])];
    await tick();
    expect(batches).toHaveLength(1);
    batches[0].answer(true);
    expect(await first).toBe('r1');
    await tick();
    expect(batches.map((b) => b.args)).toEqual([[1], [2, 3, 4]]);
    batches[1].answer(true);
    expect(await Promise.all(rest)).toEqual(['r2', 'r3', 'r4']);
  });

  it('a failed batch fails each of its calls, and the next batch goes on', async () => {
    const { group, batches } = fakeScript();
    const first = group.call(['a']);
    const second = group.call(['b']);
    await tick();
    batches[0].answer(false);
    await expect(first).rejects.toThrow('down');
    await tick();
    batches[1].answer(true);
    expect(await second).toBe('rb');
  });

  it('a batch holds at most 64 calls', async () => {
    const { group, batches } = fakeScript();
    const calls = Array.from({ length: 200 }, (_, i) => group.call([i]));
    for (let i = 0; i < 5; i++) {
      await tick();
      batches.at(-1)!.answer(true);
    }
    await Promise.all(calls);
    expect(batches.map((b) => b.args.length)).toEqual([1, 64, 64, 64, 7]);
  });
});
