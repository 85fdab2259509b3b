/**
 * The outbox (outbox.ts) with a fake Redis: a write that fails for want of Redis waits and is sent again, in
 * order, until it lands; one Redis refused is final; a reset drops what one area owes, and only that.
 */
import { describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { OUTBOX_RETRY_MS, StoreOutbox, type OutboxWrite } from './outbox.js';

/** A Redis that is up or down, and the writes that reached it, in order. */
function fakeRedis() {
  const state = { up: true, landed: [] as string[], failures: [] as unknown[] };
  const outbox = new StoreOutbox(
    () => ({}) as Redis,
    () => state.up,
    (err) => state.failures.push(err),
  );
  /** A write that lands when Redis is up (applied once per key, as the scripts do) and times out when not. */
  const write = (key: string, area = 'billing', orgId: string | null = 'org_1'): OutboxWrite<string> => ({
    key,
    area,
    orgId,
    send: () => {
      if (!state.up) return Promise.reject(new Error('Command timed out'));
      if (!state.landed.includes(key)) state.landed.push(key);
      return Promise.resolve(`ok ${key}`);
    },
  });
  return { state, outbox, write };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, OUTBOX_RETRY_MS * 3));

describe('the outbox', () => {
  it('sends at once while Redis answers, and resolves with the reply', async () => {
    const { state, outbox, write } = fakeRedis();
    await expect(outbox.submit(write('a'))).resolves.toBe('ok a');
    expect(state.landed).toEqual(['a']);
    expect(outbox.size).toBe(0);
  });

  it('keeps the writes made while Redis is away and sends them in order once it is back', async () => {
    const { state, outbox, write } = fakeRedis();
    state.up = false;
    const first = outbox.submit(write('a'));
    const second = outbox.submit(write('b'));
    await settle();
    expect(outbox.size).toBe(2);
    expect(state.landed).toEqual([]);
    state.up = true;
    outbox.wake();
    await expect(first).resolves.toBe('ok a');
    await expect(second).resolves.toBe('ok b');
    expect(state.landed).toEqual(['a', 'b']);
    expect(outbox.size).toBe(0);
  });

  it('keeps a write whose reply did not come (a timeout), tells the store, and sends it again', async () => {
    const { state, outbox } = fakeRedis();
    let sends = 0;
    const a = outbox.submit({
      key: 'a',
      area: 'billing',
      orgId: null,
      // The first send's reply is lost; the second lands.
      send: () => (++sends === 1 ? Promise.reject(new Error('Command timed out')) : Promise.resolve('ok')),
    });
    await expect(a).resolves.toBe('ok');
    expect(sends).toBe(2);
    expect((state.failures[0] as Error).message).toBe('Command timed out');
  });

  it('sends a new write after the ones waiting, never before them', async () => {
    const { state, outbox, write } = fakeRedis();
    state.up = false;
    void outbox.submit(write('a'));
    state.up = true;
    // Redis answers again, but `a` still waits: `b` goes after it.
    const b = outbox.submit(write('b'));
    await b;
    expect(state.landed).toEqual(['a', 'b']);
  });

  it('retries by itself, without a wake-up, every OUTBOX_RETRY_MS', async () => {
    const { state, outbox, write } = fakeRedis();
    state.up = false;
    const a = outbox.submit(write('a'));
    await settle();
    state.up = true;
    await a;
    expect(state.landed).toEqual(['a']);
  });

  it('rejects a write Redis refused with an error reply, and does not send it again', async () => {
    const { outbox } = fakeRedis();
    let sent = 0;
    const refused = Object.assign(new Error('ERR script failed'), { name: 'ReplyError' });
    await expect(
      outbox.submit({
        key: 'x',
        area: 'billing',
        orgId: null,
        send: () => (sent++, Promise.reject(refused)),
      }),
    ).rejects.toBe(refused);
    await settle();
    expect(sent).toBe(1);
    expect(outbox.size).toBe(0);
  });

  it("drops what one area owes for one organization on its reset, and nothing of another area's", async () => {
    const { state, outbox, write } = fakeRedis();
    state.up = false;
    const dropped = outbox.submit(write('hook-1', 'webhooks', 'org_1'));
    const other = outbox.submit(write('hook-2', 'webhooks', 'org_2'));
    const charge = outbox.submit(write('charge-1', 'billing', 'org_1'));
    await settle();
    outbox.drop('webhooks', 'org_1');
    await expect(dropped).resolves.toBeUndefined();
    expect(outbox.size).toBe(2);
    state.up = true;
    outbox.wake();
    await Promise.all([other, charge]);
    expect(state.landed).toEqual(['hook-2', 'charge-1']);
  });

  it('drained() waits for the first sends still unanswered as well as for what waits', async () => {
    const { outbox } = fakeRedis();
    let answer!: (v: string) => void;
    void outbox.submit({
      key: 'slow',
      area: 'billing',
      orgId: null,
      send: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    expect(outbox.size).toBe(1);
    const drained = outbox.drained();
    expect(drained).toBeInstanceOf(Promise);
    let done = false;
    void drained!.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    answer('ok');
    await drained;
    expect(outbox.drained()).toBeUndefined();
  });

  it('is full at its limit, so that new work can be refused before it starts', async () => {
    const outbox = new StoreOutbox(
      () => ({}) as Redis,
      () => false,
      () => {},
      2,
    );
    const never = () => Promise.reject(new Error('Connection is closed.'));
    void outbox.submit({ key: '1', area: 'billing', orgId: null, send: never });
    expect(outbox.full).toBe(false);
    void outbox.submit({ key: '2', area: 'billing', orgId: null, send: never });
    expect(outbox.full).toBe(true);
    outbox.close();
  });
});
