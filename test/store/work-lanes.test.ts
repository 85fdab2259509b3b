/**
 * Issue 24 item 3, the due-work queue's lanes (src/store/work-queue.ts, shared-work.ts): an item of an
 * organization with its own clock is due on THAT clock. Advancing it by days runs its items in due order and
 * nothing of the organizations on the emulator's clock; advancing the emulator's clock runs nothing of it. A
 * clock detached takes its lane (and, in Redis, the lane's keys) with it. The same cases run against the
 * memory queue and against two instances sharing one Redis (the organization's clock shared through it).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClockState } from '../../src/clock/state.js';
import { Clock } from '../../src/core/clock.js';
import { OrgClocks } from '../../src/core/clocks.js';
import { storeSettled } from '../../src/store/index.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { SharedWork } from '../../src/store/shared-work.js';
import type { StateStore } from '../../src/store/state-store.js';
import { MemoryWorkQueue, type WorkQueue } from '../../src/store/work-queue.js';
import { startRedis, type TestRedis } from '../support/redis.js';

const START = Date.parse('2030-06-01T00:00:00Z');
const ORG_START = Date.parse('2031-01-01T00:00:00Z');
const DAY = 24 * 3600_000;
const SANDBOX = 'org_sandboxed';
const PLAIN = 'org_plain';
const CLOCK_ID = 'sandbox:sbx_lanes:clock';

/** One instance: its store, its emulator clock, its organization clocks, its queue. */
interface Node {
  store: StateStore;
  global: Clock;
  clocks: OrgClocks;
  work: WorkQueue;
}

interface Harness {
  /** The instances (one with the memory store). */
  nodes: Node[];
  /** Every item run, on whichever instance, in the order the handlers started. */
  ran: { id: string; dueAt: number }[];
  /** Every write and message so far has reached Redis and every instance. */
  settle(): Promise<void>;
  /** The keys of the sandbox clock's lane still in the store. */
  laneKeys(): Promise<string[]>;
  close(): Promise<void>;
}

function clocksFor(store: StateStore, global: Clock): OrgClocks {
  return new OrgClocks(global, (id, start) => new Clock({ state: createClockState(store, start, { id }) }));
}

/** Gives the sandbox organization its own frozen clock at ORG_START on every instance (opened from the store). */
async function attach(h: Harness): Promise<Clock[]> {
  const out: Clock[] = [];
  for (const n of h.nodes) {
    const clock = n.clocks.attach(SANDBOX, CLOCK_ID, { mode: 'frozen', timeScale: 1, at: ORG_START });
    await clock.timeState.open?.();
    out.push(clock);
  }
  await h.settle();
  return out;
}

async function memoryHarness(): Promise<Harness> {
  const store = new MemoryStore('m1');
  const global = new Clock({ mode: 'frozen', startAt: START });
  const clocks = clocksFor(store, global);
  const work = new MemoryWorkQueue(clocks);
  const ran: Harness['ran'] = [];
  work.handle('t.item', (item) => {
    ran.push({ id: item.id, dueAt: item.dueAt });
    return Promise.resolve();
  });
  return {
    nodes: [{ store, global, clocks, work }],
    ran,
    settle: () => Promise.resolve(),
    laneKeys: () => Promise.resolve([]),
    close: () => {
      global.dispose();
      return Promise.resolve();
    },
  };
}

let redis: TestRedis;
let round = 0;

async function redisHarness(): Promise<Harness> {
  const ran: Harness['ran'] = [];
  const nodes: Node[] = [];
  round++;
  for (const name of ['la', 'lb']) {
    const store = new RedisStore(redis.url, `${name}-${round}`);
    await store.open();
    const global = new Clock({ mode: 'frozen', startAt: START });
    const clocks = clocksFor(store, global);
    const work = new SharedWork(store, global);
    work.follow(clocks);
    work.handle('t.item', (item) => {
      ran.push({ id: item.id, dueAt: item.dueAt });
      return Promise.resolve();
    });
    work.start();
    nodes.push({ store, global, clocks, work });
  }
  const stores = nodes.map((n) => n.store as RedisStore);
  return {
    nodes,
    ran,
    async settle() {
      await Promise.all(stores.map((s) => storeSettled(s)));
      // A marker through each connection, awaited on the other: every earlier message has arrived.
      for (const from of stores) {
        const mark = `lanes-sync-${Math.random()}`;
        const seen = stores
          .filter((s) => s !== from)
          .map((s) => new Promise<void>((resolve) => s.onMessage((m) => m.type === mark && resolve())));
        await from.redis.publish(from.channel, JSON.stringify({ from: 'test', type: mark, data: null }));
        await Promise.all(seen);
      }
    },
    laneKeys: () => stores[0].redis.keys(stores[0].key(`work:${CLOCK_ID}:*`)),
    async close() {
      for (const n of nodes) n.global.dispose();
      await Promise.all(stores.map((s) => s.close()));
    },
  };
}

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

const kinds: [string, () => Promise<Harness>][] = [
  ['memory', memoryHarness],
  ['two instances over Redis', redisHarness],
];

describe.each(kinds)('the due-work queue, one lane per clock (%s)', (_kind, build) => {
  let h: Harness;
  afterEach(async () => {
    await h?.close();
    if (_kind !== 'memory') {
      const flush = new RedisStore(redis.url, 'flush');
      await flush.open();
      await flush.redis.flushdb();
      await flush.close();
    }
  });

  /** Advances every instance's emulator clock (each keeps its own in this harness). */
  const advanceGlobal = (ms: number) => Promise.all(h.nodes.map((n) => n.global.advance(ms)));

  it("advancing an organization's clock by days runs its items in due order, and nothing on the emulator's clock", async () => {
    h = await build();
    const [own] = await attach(h);
    const a = h.nodes[0];
    // Scheduled out of order, on the sandbox clock's times; one item of an organization on the emulator's clock.
    a.work.schedule('t.item', 's3', {}, ORG_START + 3 * DAY, { org: SANDBOX });
    a.work.schedule('t.item', 's1', {}, ORG_START + 1_000, { org: SANDBOX });
    a.work.schedule('t.item', 's2', {}, ORG_START + DAY, { org: SANDBOX });
    a.work.schedule('t.item', 'g1', {}, START + 1_000, { org: PLAIN });
    await h.settle();

    // The emulator's clock passes the sandbox items' times (it stands a year before them): only g1 runs.
    await advanceGlobal(2 * 365 * DAY);
    await expect.poll(() => h.ran.map((r) => r.id)).toEqual(['g1']);
    expect(own.now()).toBe(ORG_START);

    await own.advance(DAY - 1);
    await expect.poll(() => h.ran.map((r) => r.id)).toEqual(['g1', 's1']);
    await own.advance(3 * DAY);
    await expect.poll(() => h.ran.map((r) => r.id)).toEqual(['g1', 's1', 's2', 's3']);
    expect(h.ran.slice(1).map((r) => r.dueAt)).toEqual([
      ORG_START + 1_000,
      ORG_START + DAY,
      ORG_START + 3 * DAY,
    ]);
    for (const n of h.nodes) expect(n.global.now()).toBe(START + 2 * 365 * DAY);
  });

  it("advancing the emulator's clock runs nothing of an organization with its own clock", async () => {
    h = await build();
    const [own] = await attach(h);
    h.nodes[0].work.schedule('t.item', 's1', {}, ORG_START - DAY, { org: SANDBOX });
    h.nodes[0].work.schedule('t.item', 's2', {}, ORG_START + 10, { org: SANDBOX });
    await h.settle();
    // s1 was due before the sandbox clock's time: it runs at once; s2 waits for the sandbox clock.
    await expect.poll(() => h.ran.map((r) => r.id)).toEqual(['s1']);
    await advanceGlobal(10 * 365 * DAY);
    await h.settle();
    expect(h.ran.map((r) => r.id)).toEqual(['s1']);
    await own.advance(10);
    await expect.poll(() => h.ran.map((r) => r.id)).toEqual(['s1', 's2']);
  });

  it('a cancelled item of the lane does not run; a detached clock drops its lane and its items', async () => {
    h = await build();
    const [own] = await attach(h);
    const a = h.nodes[0];
    a.work.schedule('t.item', 'c1', {}, ORG_START + 1_000, { org: SANDBOX });
    a.work.schedule('t.item', 'd1', {}, ORG_START + 2_000, { org: SANDBOX });
    a.work.cancel('t.item', 'c1', SANDBOX);
    await h.settle();
    if (_kind !== 'memory') expect((await h.laneKeys()).length).toBeGreaterThan(0);
    for (const n of h.nodes) n.clocks.detach(SANDBOX);
    await h.settle();
    await expect.poll(() => h.laneKeys()).toEqual([]);
    // The organization follows the emulator's clock again; nothing of its old lane runs.
    await own.advance(DAY).catch(() => {});
    await advanceGlobal(DAY);
    await h.settle();
    expect(h.ran).toEqual([]);
    // Its new items are on the emulator's clock.
    a.work.schedule('t.item', 'n1', {}, START + DAY + 5, { org: SANDBOX });
    await h.settle();
    await advanceGlobal(5);
    await expect.poll(() => h.ran.map((r) => r.id)).toEqual(['n1']);
  });
});
