/**
 * The webhooks' state contract (src/webhooks/webhook-state.contract.ts) against the memory implementation
 * and against the Redis one: two RedisStores on one real Redis act as two instances.
 */
import { Clock } from '../../src/core/clock.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { StateUnits } from '../../src/store/state-unit.js';
import type { AttemptMaker } from '../../src/webhooks/attempt-maker.js';
import {
  START,
  webhookStateContract,
  type ContractInstance,
} from '../../src/webhooks/webhook-state.contract.js';
import { createWebhookState } from '../../src/webhooks/webhook-state.js';
import { startRedis } from '../support/redis.js';

function frozen(): Clock {
  return new Clock({ mode: 'frozen', startAt: START });
}

webhookStateContract('memory', (attempts) => {
  const clock = frozen();
  const state = createWebhookState(new MemoryStore('solo'), { clock, attempts: attempts(clock) });
  const one: ContractInstance = { clock, state };
  const units = new StateUnits();
  units.add(state.endpoints);
  units.add(state.deliveries);
  return Promise.resolve({
    a: one,
    b: one,
    join: () => Promise.resolve(one),
    reset: () => units.reset(),
    close: () => {
      state.deliveries.stop();
      clock.dispose();
      return Promise.resolve();
    },
  });
});

webhookStateContract('redis', async (attempts: (clock: Clock) => AttemptMaker) => {
  const redis = await startRedis();
  const opened: { store: RedisStore; clock: Clock; units: StateUnits }[] = [];
  const instance = async (
    id: string,
  ): Promise<ContractInstance & { units: StateUnits; store: RedisStore }> => {
    const store = new RedisStore(redis.url, id);
    await store.open();
    const clock = frozen();
    const state = createWebhookState(store, { clock, attempts: attempts(clock) });
    const units = new StateUnits();
    units.add(state.endpoints);
    units.add(state.deliveries);
    await units.open();
    opened.push({ store, clock, units });
    return { clock, state, units, store };
  };
  const a = await instance('A');
  const b = await instance('B');
  return {
    a,
    b,
    join: () => instance(`late-${opened.length}`),
    async reset(on) {
      // As the emulator does: the next generation, each state's reset, then the other instances told.
      const { store, units } = [a, b].find((i) => i === on) ?? a;
      await store.beginReset();
      await units.reset();
      await store.endReset();
    },
    async close() {
      for (const { store, clock, units } of opened) {
        for (const unit of units.list()) (unit as { stop?: () => void }).stop?.();
        await store.close();
        clock.dispose();
      }
      await redis.stop();
    },
  };
});
