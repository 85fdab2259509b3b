/**
 * The RAG state contract (src/rag/rag-state.contract.ts) against both implementations: the memory one, and the
 * Redis one on a real redis-server, where two RedisStores on the same URL act as two instances.
 */
import { afterAll, beforeAll } from 'vitest';
import { MemoryRagState } from '../../src/rag/memory-rag.js';
import { ragStateImportContract } from '../../src/rag/rag-state-import.contract.js';
import { ragStateOrgsContract } from '../../src/rag/rag-state-orgs.contract.js';
import { ragStateContract, type RagStateHarness } from '../../src/rag/rag-state.contract.js';
import { createRagState, type RagState } from '../../src/rag/rag-state.js';
import { RedisStore, type StoreMessage } from '../../src/store/redis-store.js';
import { startRedis, type TestRedis } from '../support/redis.js';

const memory = new MemoryRagState();
const memoryHarness = (): RagStateHarness => ({
  separateInstances: false,
  join: () => Promise.resolve(memory),
  reset: async (state) => state.reset(),
  settle: () => Promise.resolve(),
});
ragStateContract('memory', memoryHarness);
ragStateOrgsContract('memory', memoryHarness);
ragStateImportContract('memory', memoryHarness);

let redis: TestRedis;
const stores = new Map<RagState, RedisStore>();
const barriers = new Map<string, () => void>();
let joined = 0;

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  await Promise.all([...stores.values()].map((s) => s.close()));
  await redis?.stop();
});

function storeOf(state: RagState): RedisStore {
  const store = stores.get(state);
  if (store === undefined) throw new Error('a state of another harness');
  return store;
}

const redisHarness = (): RagStateHarness => ({
  separateInstances: true,
  async join() {
    const store = new RedisStore(redis.url, `contract-${++joined}`);
    await store.open();
    // Messages on the channel arrive in the order they were published: a barrier's arrival means every earlier event did.
    store.onMessage((m: StoreMessage) => {
      if (m.type === 'test.barrier') barriers.get(`${store.instanceId}/${(m.data as { n: number }).n}`)?.();
    });
    const state = createRagState(store);
    await state.open?.();
    stores.set(state, store);
    return state;
  },
  // What the emulator's reset does through a Redis store: the next generation, the state's reset, the others told.
  async reset(state) {
    const store = storeOf(state);
    await store.beginReset();
    await state.reset();
    await store.endReset();
  },
  async settle(from, to) {
    await storeOf(from).settled();
    const target = storeOf(to);
    const n = ++joined;
    const arrived = new Promise<void>((resolve) => barriers.set(`${target.instanceId}/${n}`, resolve));
    await target.redis.publish(
      target.channel,
      JSON.stringify({ from: 'contract-barrier', type: 'test.barrier', data: { n } }),
    );
    await arrived;
  },
});
ragStateContract('redis', redisHarness);
ragStateOrgsContract('redis', redisHarness);
ragStateImportContract('redis', redisHarness);
