/**
 * Issue 37, defect 1: a PUT /_emulator/state whose Content-Length is over the load limit is refused with the
 * 413 problem as soon as its headers are in, without its body being read (before, the body was spooled to
 * disk first), and the connection is closed after the answer; nothing is loaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { expectProblem } from '../support/problem.js';
import { exchangeUntilClose } from '../support/raw-socket.js';
import { problemOf, raw, sansRequestCount } from './helpers.js';

const LIMIT = 64 * 1024;

describe('PUT /_emulator/state refused on its declared Content-Length', () => {
  let emulator: Emulator;
  let port: number;
  let defaultLimit: number;

  beforeAll(async () => {
    emulator = await createEmulator(
      { seed: 'declared-length', logLevel: 'silent', demoCorpus: false },
      { clock: new Clock({ mode: 'frozen', startAt: Date.parse('2031-03-01T10:00:00Z') }) },
    );
    port = Number(new URL((await emulator.listen(0, '127.0.0.1')).adminUrl).port);
    defaultLimit = emulator.part('snapshots').limits.maxBytes;
    emulator.part('snapshots').limits.maxBytes = LIMIT;
  });
  afterAll(async () => {
    if (emulator) emulator.part('snapshots').limits.maxBytes = defaultLimit;
    await emulator?.close();
  });

  const save = async () =>
    sansRequestCount(await emulator.part('snapshots').saveToBuffer({ journal: true, secrets: true }));

  // Headers and the first 10 bytes of a body said to be far larger: the rest is never sent.
  const put = (length: number, extra = '') =>
    exchangeUntilClose(
      port,
      `PUT /_emulator/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${extra}` +
        `Content-Length: ${length}\r\n\r\n{"format":`,
    );

  it.each([
    ['identity', ''],
    ['gzip', 'Content-Encoding: gzip\r\n'],
  ])('a %s body declared over the limit: 413 at once, then the connection closes', async (_, extra) => {
    const before = await save();
    const res = await put(LIMIT + 1, extra);
    const problem = expectProblem({ ...res, text: res.body }, 413, 'state_too_large');
    expect(problem.detail).toBe(
      `Content-Length ${LIMIT + 1} is larger than ${LIMIT} bytes, the most a load accepts (as received, gzip or not); nothing was read or changed`,
    );
    expect(res.headers['connection']).toBe('close');
    expect(res.headers['x-request-id']).toBe(problem.request_id);
    expect(await save(), 'nothing was loaded').toBe(before);
  });

  it('a body of exactly the limit is read as before (422 for what it holds, not 413)', async () => {
    const res = await raw(`http://127.0.0.1:${port}/_emulator/state`, 'PUT', {}, Buffer.alloc(LIMIT, 0x20));
    expect(problemOf(res)).toMatchObject({ status: 422, code: 'invalid_state' });
  });
});
