/**
 * Several instances of one area's Redis state in one test process, for the state contracts: each is its own
 * RedisStore (connections, instance id, generation) on one Redis, as separate emulators would be.
 */
import { storeSettled } from '../../src/store/index.js';
import { RedisStore } from '../../src/store/redis-store.js';
import type { StateUnit } from '../../src/store/state-unit.js';

export class RedisInstances<S extends StateUnit> {
  private readonly stores = new Map<S, RedisStore>();
  private count = 0;
  private marks = 0;

  constructor(
    private readonly url: () => Promise<string>,
    private readonly build: (store: RedisStore) => S,
  ) {}

  /** One more instance, opened: it adopts what is in Redis, as an emulator started later does. */
  async open(): Promise<S> {
    const store = new RedisStore(await this.url(), `contract-${process.pid}-${++this.count}`);
    await store.open();
    const state = this.build(store);
    this.stores.set(state, store);
    await state.open?.();
    return state;
  }

  /** What POST /_emulator/reset does through the instance of `state`: the store's new generation, the state's reset, then the others told. */
  async reset(state: S): Promise<void> {
    const store = this.stores.get(state)!;
    await store.beginReset();
    await state.reset();
    await store.endReset();
  }

  /**
   * Every write issued so far is in Redis, and every event published so far has reached every instance: a
   * marker published after them through each connection is awaited on every other (one channel keeps each
   * publisher's order).
   */
  async sync(): Promise<void> {
    const stores = [...this.stores.values()];
    await Promise.all(stores.map((s) => storeSettled(s)));
    for (const from of stores) {
      const mark = `sync-${++this.marks}`;
      const seen = stores
        .filter((s) => s !== from)
        .map((s) => new Promise<void>((resolve) => s.onMessage((m) => m.type === mark && resolve())));
      await from.redis.publish(
        from.channel,
        JSON.stringify({ from: 'contract-sync', type: mark, data: null }),
      );
      await Promise.all(seen);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.stores.values()].map((s) => s.close()));
  }
}
