/**
 * Several RedisStores on one Redis, as several instances, for the state contract tests: fresh() empties the
 * database and gives the first N; join() opens another (an instance started later); sync() resolves once
 * everything any of them published so far has reached all the others (a marker through the events channel,
 * which delivers in order: an awaited event, not a sleep).
 */
import { RedisStore, type StoreMessage } from '../../src/store/redis-store.js';

export function syncedStores(url: string) {
  const stores: RedisStore[] = [];
  const waiting = new Map<string, () => void>();
  let markers = 0;

  async function open(): Promise<RedisStore> {
    const store = new RedisStore(url, `contract-${stores.length + 1}`);
    await store.open();
    store.onMessage((m: StoreMessage) => {
      if (m.type === 'test.sync') waiting.get(`${store.instanceId}:${String(m.data)}`)?.();
    });
    stores.push(store);
    return store;
  }

  return {
    async fresh(n: number): Promise<RedisStore[]> {
      while (stores.length < n) await open();
      await stores[0].redis.flushdb();
      return stores.slice(0, n);
    },
    join: open,
    async sync(): Promise<void> {
      for (const store of stores) await store.settled();
      const arrivals: Promise<void>[] = [];
      for (const from of stores) {
        const marker = String(++markers);
        for (const to of stores) {
          if (to === from) continue;
          arrivals.push(new Promise<void>((resolve) => waiting.set(`${to.instanceId}:${marker}`, resolve)));
        }
        await from.redis.publish(from.channel, from.message('test.sync', marker));
      }
      await Promise.all(arrivals);
    },
    async close(): Promise<void> {
      await Promise.all(stores.map((s) => s.close()));
    },
  };
}
