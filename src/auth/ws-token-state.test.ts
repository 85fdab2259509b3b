import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { OrgClocks } from '../core/clocks.js';
import { MemoryClockState } from '../core/memory-clock.js';
import { MemoryWsTokenState, type TokenRecord } from './ws-token-state.js';
import { WS_TOKEN_TTL_SECONDS } from './ws-tokens.js';

const GLOBAL = Date.parse('2026-05-05T12:00:00Z');
const OWN = Date.parse('2030-01-01T00:00:00Z');
const TTL = WS_TOKEN_TTL_SECONDS * 1000;
const made: Clock[] = [];
afterEach(() => {
  for (const c of made.splice(0)) c.dispose();
});

function setup() {
  const global = new Clock({ mode: 'frozen', startAt: GLOBAL });
  made.push(global);
  const clocks = new OrgClocks(global, (_id, start) => {
    const c = new Clock({ state: new MemoryClockState(start) });
    made.push(c);
    return c;
  });
  const own = clocks.attach('org_own', 'sandbox:t:clock', { mode: 'frozen', timeScale: 1, at: OWN });
  const state = new MemoryWsTokenState(clocks);
  /** A token as WsTokenStore mints it: 60 s of its organization's clock. */
  const put = (token: string, orgId: string): TokenRecord => {
    const record = { orgId, keyId: 'key', scopes: [], expiresAt: clocks.for(orgId).now() + TTL };
    state.put(token, record);
    return record;
  };
  return { global, own, state, put };
}

describe('MemoryWsTokenState with organization clocks', () => {
  it("sweeps each organization's tokens on its own clock", async () => {
    const { global, own, state, put } = setup();
    const ownRecord = put('wst_own1', 'org_own');
    put('wst_glob1', 'org_glob');
    await global.advance(2 * TTL);
    // Minting sweeps the emulator clock's expired tokens, not the ones of a clock that did not move.
    put('wst_glob2', 'org_glob');
    expect(state.take('wst_glob1')).toBeUndefined();
    expect(state.take('wst_own1')).toEqual(ownRecord);

    put('wst_own2', 'org_own');
    await own.advance(2 * TTL);
    expect(state.perOrg.ids().sort()).toEqual(['org_glob']);
    put('wst_own3', 'org_own');
    expect(state.take('wst_own2')).toBeUndefined();
    expect(state.take('wst_own3')).toMatchObject({ orgId: 'org_own' });
  });

  it("resets one organization's tokens whichever clock they are on", () => {
    const { state, put } = setup();
    put('wst_own', 'org_own');
    put('wst_glob', 'org_glob');
    state.perOrg.reset('org_own');
    expect(state.take('wst_own')).toBeUndefined();
    expect(state.take('wst_glob')).toMatchObject({ orgId: 'org_glob' });
  });
});
