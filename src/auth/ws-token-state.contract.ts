/**
 * The contract of WsTokenState, run against every implementation (test/auth/ws-token-state.test.ts): in
 * memory, where every "instance" is the one process's state, and in Redis, each instance its own store.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { wsTokenImportContract } from './ws-token-import.contract.js';
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
/** Live on the harness's clock (2030-01-01T00:00:00Z) unless `expiresAt` says otherwise. */
const record = (keyId = 'key_1', orgId = 'org_1', expiresAt = '2030-01-01T00:01:00Z'): TokenRecord => ({
  orgId,
  keyId,
  scopes: ['tts:speak'],
  expiresAt: Date.parse(expiresAt),
});
const orgIds = async (state: WsTokenState) => [...(await state.perOrg.ids())].sort();

export function wsTokenStateContract(makeHarness: () => WsTokenStateHarness): void {
  const harness = makeHarness();
  afterAll(() => harness.close());
  wsTokenImportContract(harness);

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

  describe('per organization', () => {
    it('lists the organizations with live tokens and exports those, the same on every instance; none without secrets', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      await harness.reset(a);
      await harness.sync();
      const [ta, tb1, tb2] = [token(), token(), token()];
      a.put(ta, record('key_a', 'org_ta'));
      b.put(tb1, record('key_b', 'org_tb', '2030-01-01T00:00:50Z'));
      b.put(tb2, record('key_b2', 'org_tb', '2030-01-01T00:00:30Z'));
      a.put(token(), record('key_old', 'org_expired', '2029-12-31T23:59:00Z'));
      await harness.sync();
      const late = await harness.instance();
      const exported = (t: string, r: TokenRecord) => ({
        token: t,
        keyId: r.keyId,
        scopes: r.scopes,
        expiresAt: r.expiresAt,
      });
      for (const state of [a, b, late]) {
        expect(await orgIds(state)).toEqual(['org_ta', 'org_tb']);
        expect(await state.perOrg.export('org_ta')).toEqual({
          tokens: [exported(ta, record('key_a', 'org_ta'))],
        });
        // Soonest to expire first.
        expect(await state.perOrg.export('org_tb')).toEqual({
          tokens: [
            exported(tb2, record('key_b2', 'org_tb', '2030-01-01T00:00:30Z')),
            exported(tb1, record('key_b', 'org_tb', '2030-01-01T00:00:50Z')),
          ],
        });
        expect(await state.perOrg.export('org_expired')).toBeUndefined();
        // A token is a bearer credential: not in an export without secrets.
        expect(await state.perOrg.export('org_ta', { secrets: false })).toBeUndefined();
      }
    });

    it("resetting one organization through one instance removes its tokens for every instance, and no other's", async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      await harness.reset(a);
      await harness.sync();
      const [ta1, ta2, tb] = [token(), token(), token()];
      a.put(ta1, record('key_a', 'org_ra'));
      b.put(ta2, record('key_a', 'org_ra', '2029-12-31T23:59:00Z'));
      b.put(tb, record('key_b', 'org_rb'));
      await harness.sync();
      await a.perOrg.reset('org_ra');
      await harness.sync();
      for (const state of [a, b]) expect(await orgIds(state)).toEqual(['org_rb']);
      expect(await b.take(ta1)).toBeUndefined();
      expect(await a.take(ta2)).toBeUndefined();
      expect(await b.take(tb)).toEqual(record('key_b', 'org_rb'));
      // Nothing to remove is no error; the organization gets tokens again afterwards.
      await b.perOrg.reset('org_ra');
      const again = token();
      b.put(again, record('key_a', 'org_ra'));
      await harness.sync();
      expect(await orgIds(a)).toEqual(['org_ra']);
      expect(await a.take(again)).toEqual(record('key_a', 'org_ra'));
    });

    it("tokens put while one organization is reset: the other organization's all kept", async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      const [gone, kept] = [token(), token()];
      a.put(gone, record('key_x', 'org_xa'));
      a.put(kept, record('key_y', 'org_xb'));
      await harness.sync();
      const raced = Array.from({ length: 20 }, () => token());
      const reset = a.perOrg.reset('org_xa');
      for (const [i, t] of raced.entries()) b.put(t, record('key_y', i % 2 ? 'org_xb' : 'org_xa'));
      await Promise.all([reset, harness.sync()]);
      expect(await b.take(gone)).toBeUndefined();
      expect(await b.take(kept)).toEqual(record('key_y', 'org_xb'));
      for (const [i, t] of raced.entries()) {
        // One of the reset organization's may have been put after the reset: then it is there, whole.
        const taken = await a.take(t);
        if (i % 2) expect(taken).toEqual(record('key_y', 'org_xb'));
        else if (taken) expect(taken).toEqual(record('key_y', 'org_xa'));
      }
    });
  });
}
