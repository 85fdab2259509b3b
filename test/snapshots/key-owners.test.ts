/**
 * API key ids and hashes are global (decision ST-L5): a document that gives one key to two organizations, or
 * an organization's load that takes a key another organization of this emulator has, is refused with 422
 * naming the key's path, and nothing changes.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { expectProblem } from '../support/problem.js';

const T0 = Date.parse('2031-03-01T10:00:00Z');

describe("a load may not give one organization's keys to another", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator(
      { seed: 'key-owners', logLevel: 'silent', demoCorpus: false },
      { clock: new Clock({ mode: 'frozen', startAt: T0 }) },
    );
  });
  afterAll(async () => emulator?.close());

  /** org_demo's entry under another id: the same keys (ids and hashes), another organization. */
  const copied = (doc: Buffer) => doc.toString().replaceAll('"org_demo"', '"org_zcopy"');

  it("an organization's load with a key of another organization in this emulator: 422, nothing changes", async () => {
    const before = await emulator.part('snapshots').saveToBuffer({ journal: false });
    const doc = copied(await emulator.part('snapshots').saveToBuffer({ org: 'org_demo' }));
    const res = await request(emulator.app)
      .put('/_emulator/state')
      .set('Content-Type', 'application/json')
      .send(doc);
    const problem = expectProblem(res, 422, 'invalid_state');
    expect(problem.detail).toMatch(/^\/orgs\/org_zcopy\/orgs\/keys\/0\/id: .*belongs to org_demo/);
    expect((await emulator.part('snapshots').saveToBuffer({ journal: false })).equals(before)).toBe(true);
  });

  it('a whole document with one key in two organizations: 422 at the second', async () => {
    const whole = (await emulator.part('snapshots').saveToBuffer()).toString();
    const line = whole.split('\n').find((l) => l.startsWith('"org_demo":'))!;
    const twice = whole.replace(
      line,
      `${line.replace(/,$/, '')},\n${copied(Buffer.from(line.replace(/,$/, '')))}`,
    );
    const problem = expectProblem(
      await request(emulator.app).put('/_emulator/state').set('Content-Type', 'application/json').send(twice),
      422,
      'invalid_state',
    );
    expect(problem.detail).toMatch(
      /^\/orgs\/org_zcopy\/orgs\/keys\/0\/id: .*\/orgs\/org_demo\/orgs\/keys\/0/,
    );
  });
});
