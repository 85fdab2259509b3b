/**
 * The contract of WsTokenState, run against every implementation (test/auth/ws-token-state.test.ts): in
 * memory, where every "instance" is the one process's state, and in Redis, each instance its own store.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { TokenRecord, WsTokenState } from './ws-token-state.js';

export interface WsTokenStateHarness {
  /** The state as one more instance sees it, opened (with Redis: a new store on the same URL, which may join late). */
  instance(): Promise<WsTokenState>;
  /** What POST /_emulator/reset does through the instance of `state`. */
  reset(state: WsTokenState): Promise<void>;
  /** Resolves once every write made so far is in the store and every event reached every instance. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

let seq = 0;
const token = () => `wst_contract${process.pid}x${Date.now().toString(36)}x${seq++}`;
const record = (keyId = 'key_1'): TokenRecord => ({
  orgId: 'org_1',
  keyId,
  scopes: ['tts:speak'],
  expiresAt: Date.parse('2030-01-01T00:01:00Z'),
});

export function wsTokenStateContract(makeHarness: () => WsTokenStateHarness): void {
  const harness = makeHarness();
  afterAll(() => harness.close());

  describe('one instance', () => {
    it('a token put is taken once, as it was put; an unknown one is not there', async () => {
      const state = await harness.instance();
      const t = token();
      state.put(t, record('key_once'));
      await harness.sync();
      expect(await state.take(t)).toEqual(record('key_once'));
      expect(await state.take(t)).toBeUndefined();
      expect(await state.take(token())).toBeUndefined();
    });
  });

  describe('several instances', () => {
    it('a token put on one instance is taken on another, once', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      const t = token();
      a.put(t, record());
      await harness.sync();
      expect(await b.take(t)).toEqual(record());
      expect(await a.take(t)).toBeUndefined();
    });

    it('two instances taking one token at once: exactly one gets it', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      for (let i = 0; i < 20; i++) {
        const t = token();
        a.put(t, record());
        await harness.sync();
        const got = await Promise.all([a.take(t), b.take(t), b.take(t), a.take(t)]);
        expect(got.filter(Boolean)).toHaveLength(1);
      }
    });

    it('a reset through one instance retires every token for every instance', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      const [t1, t2] = [token(), token()];
      a.put(t1, record());
      b.put(t2, record());
      await harness.sync();
      await harness.reset(a);
      // The other instances hear of the reset with its event (docs/scaling.md).
      await harness.sync();
      expect(await b.take(t1)).toBeUndefined();
      expect(await a.take(t2)).toBeUndefined();
      const t3 = token();
      b.put(t3, record());
      await harness.sync();
      expect(await a.take(t3)).toEqual(record());
    });

    it('an instance that joins late takes tokens put before it joined, and resets nothing', async () => {
      const a = await harness.instance();
      const [t1, t2] = [token(), token()];
      a.put(t1, record());
      a.put(t2, record());
      await harness.sync();
      const late = await harness.instance();
      expect(await late.take(t1)).toEqual(record());
      expect(await a.take(t2)).toEqual(record());
    });
  });
}
