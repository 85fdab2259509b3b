/**
 * Issue 25's property: random sequences of /v1 and admin calls over a few organizations (keys, revocation,
 * credits, TTS, STT answers and jobs, RAG uploads and searches, webhook endpoints, fault rules, clock
 * advances, sandboxes with their own clocks) run on emulator A; A's state (`GET /_emulator/state
 * ?include=secrets`) is loaded into a fresh emulator B (`PUT`), and:
 * - B exports the same bytes (and A's next export too);
 * - every read answers the same on both (admin reads without the journal, job polls, documents, the same
 *   searches again); request ids are not state (SN-P2) and are left out of these comparisons;
 * - both advance their clocks alike and do the same due work (job completions, indexing, webhook retries):
 *   the receiver gets the same bodies from each, and the deliveries and exports agree afterwards.
 * Wall time (an attempt's `latency_ms`, the wall instant a clock was last advanced) and the emulators' own URLs
 * (their ports) are the only things left out of the comparisons after a load.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorOptions } from '../../src/app/config.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { call } from './support/api.js';
import { opsArb, runOps, type Model, type Op } from './support/ops.js';
import { exportState, freshModel, loadState, startOne, type Running } from './support/pair.js';
import { readAll, withoutRequestIds, settle, withoutWallTime } from './support/reads.js';
import { startSink, type Sink } from './support/sink.js';

const SEED = 25_2026;
const RUNS = Number(process.env.SNAPSHOT_PROPERTY_RUNS ?? 15);
/** Over Redis: A and B each in a database of their own on one server (16 databases: at most 8 runs). */
const REDIS_RUNS = Math.min(8, Number(process.env.SNAPSHOT_PROPERTY_REDIS_RUNS ?? 4));

/** The due work after the load, the same on both: the emulator's clock, then each sandbox's own. */
async function advanceAll(r: Running, m: Model, sink: Sink): Promise<void> {
  for (const seconds of [30, 3600, 86_400]) {
    await call(r, 'POST', '/_emulator/clock/advance', { body: { seconds } });
    await settle(r, sink);
    for (const sbx of m.sandboxes) {
      await call(r, 'POST', `/_emulator/sandboxes/${sbx.id}/clock/advance`, { body: { seconds } });
      await settle(r, sink);
    }
  }
}

/** A's export with the wall time of attempts left out, as JSON data to compare. */
function comparable(document: Buffer): unknown {
  return withoutRequestIds(withoutWallTime(JSON.parse(document.toString('utf8'))));
}

async function checkOne(
  sink: Sink,
  ops: readonly Op[],
  stores: { a?: EmulatorOptions; b?: EmulatorOptions } = {},
): Promise<void> {
  const a = await startOne(stores.a);
  let b: Running | undefined;
  try {
    const model = freshModel(a);
    for (const op of ops) {
      const [status] = await runOps(a, sink, [op], model);
      await settle(a, sink);
      // A 500 is never an answer of the emulator (injected errors use 502).
      expect(status, JSON.stringify(op)).not.toBe(500);
    }
    sink.take();

    const first = await exportState(a);
    b = await startOne(stores.b);
    await loadState(b, first);
    const again = await exportState(b);
    expect(again.toString('utf8')).toBe(first.toString('utf8'));
    // Exporting changes nothing: A's next export is the same bytes.
    expect((await exportState(a)).toString('utf8')).toBe(first.toString('utf8'));
    // Loading attempts nothing that was not due: nothing reached the receiver from B.
    await settle(b, sink);
    expect(sink.take()).toEqual([]);

    expect(await readAll(b, model)).toEqual(await readAll(a, model));

    await advanceAll(a, model, sink);
    const fromA = sink.take();
    await advanceAll(b, model, sink);
    const fromB = sink.take();
    expect(fromB).toEqual(fromA);
    expect(await readAll(b, model)).toEqual(await readAll(a, model));
    expect(comparable(await exportState(b))).toEqual(comparable(await exportState(a)));
  } finally {
    await a.emulator.close();
    await b?.emulator.close();
  }
}

describe('snapshots: export, load into a fresh emulator, and both carry on alike (memory store)', () => {
  let sink: Sink;
  beforeAll(async () => {
    sink = await startSink();
  });
  afterAll(async () => {
    await sink?.close();
  });

  it(`holds for ${RUNS} random sequences of up to 20 calls`, async () => {
    await fc.assert(
      fc.asyncProperty(opsArb, (ops) => checkOne(sink, ops)),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);
});

describe('snapshots: the same property over the Redis store (A and B each on a Redis server of its own)', () => {
  let sink: Sink;
  // Two servers, not two databases of one: Redis pub/sub channels are per server, so B's load (a store-wide
  // reset message) would reach A too.
  let redisA: TestRedis;
  let redisB: TestRedis;
  beforeAll(async () => {
    sink = await startSink();
    [redisA, redisB] = await Promise.all([startRedis(), startRedis()]);
  });
  afterAll(async () => {
    await sink?.close();
    await redisA?.stop();
    await redisB?.stop();
  });

  it(`holds for ${REDIS_RUNS} random sequences of up to 20 calls`, async () => {
    let run = 0;
    // The same instance id on both: ids derive from the seed and it (decision S6), and continue after a load.
    const over = (redis: TestRedis, db: number): EmulatorOptions => ({
      store: `redis://127.0.0.1:${redis.port}/${db}`,
      instanceId: 'snapshot-property',
    });
    await fc.assert(
      fc.asyncProperty(opsArb, (ops) => {
        run++;
        return checkOne(sink, ops, { a: over(redisA, run - 1), b: over(redisB, run - 1) });
      }),
      { seed: SEED + 1, numRuns: REDIS_RUNS, endOnFailure: true },
    );
  }, 120_000);
});
