/**
 * The snapshot part of WsTokenState's contract (issue 25), run from ws-token-state.contract.ts against each
 * implementation: an organization's live tokens, exported, reset and imported, are taken once on any
 * instance, as they were; `perOrg.check` refuses a token twice; exports validate against `StateOrgWsTokens`.
 */
import { describe, expect, it } from 'vitest';
import { stateSectionValidator } from '../../test/support/state-schema.js';
import type { WsTokenStateHarness } from './ws-token-state.contract.js';
import type { WsTokenExport } from './ws-token-export.js';
import type { TokenRecord } from './ws-token-state.js';

let seq = 0;
/** A token of the real shape (`wst_` and 40 base62), unique across runs on one Redis. */
const token = () => `wst_${`${process.pid}x${Date.now().toString(36)}x${seq++}`.padEnd(40, 'Q')}`;
/** The harness's clock is frozen at 2030-01-01T00:00:00Z. */
const record = (orgId: string, keyId: string, expiresAt: string): TokenRecord => ({
  orgId,
  keyId,
  scopes: ['tts:speak', 'stt:transcribe'],
  expiresAt: Date.parse(expiresAt),
});
const validate = stateSectionValidator('StateOrgWsTokens');

export function wsTokenImportContract(harness: WsTokenStateHarness): void {
  describe('snapshots', () => {
    it('puts back the live tokens: each taken once, on any instance, as it was put', async () => {
      const [a, b] = [await harness.instance(), await harness.instance()];
      const [t1, t2, expired, other] = [token(), token(), token(), token()];
      a.put(t1, record('org_wi', 'key_wa', '2030-01-01T00:00:40Z'));
      b.put(t2, record('org_wi', 'key_wb', '2030-01-01T00:00:20Z'));
      a.put(expired, record('org_wi', 'key_wa', '2029-12-31T23:59:59Z'));
      b.put(other, record('org_wo', 'key_wo', '2030-01-01T00:00:40Z'));
      await harness.sync();
      const exported = (await a.perOrg.export('org_wi')) as WsTokenExport;
      expect(exported.tokens.map((t) => t.token)).toEqual([t2, t1]);
      expect(validate(exported)).toEqual([]);

      await b.perOrg.reset('org_wi');
      await harness.sync();
      expect(await a.perOrg.export('org_wi')).toBeUndefined();
      expect(a.perOrg.check!('org_wi', exported)).toBeNull();
      await a.perOrg.import('org_wi', JSON.parse(JSON.stringify(exported)) as WsTokenExport);
      await harness.sync();
      const late = await harness.instance();
      for (const state of [a, b, late]) expect(await state.perOrg.export('org_wi')).toEqual(exported);
      expect(await late.take(t1)).toEqual(record('org_wi', 'key_wa', '2030-01-01T00:00:40Z'));
      expect(await a.take(t1)).toBeUndefined();
      expect(await b.take(t2)).toEqual(record('org_wi', 'key_wb', '2030-01-01T00:00:20Z'));
      expect(await b.take(other)).toEqual(record('org_wo', 'key_wo', '2030-01-01T00:00:40Z'));
    });

    it('check refuses a token twice; the schema refuses a token, key or expiry of the wrong shape', async () => {
      const state = await harness.instance();
      const t = { token: token(), keyId: 'key_w', scopes: ['tts:speak' as const], expiresAt: 1 };
      expect(state.perOrg.check!('org_wc', { tokens: [t] })).toBeNull();
      expect(state.perOrg.check!('org_wc', { tokens: [t, { ...t }] })).toMatchObject({
        path: '/tokens/1/token',
      });
      expect(validate({ tokens: [t] })).toEqual([]);
      expect(validate({ tokens: [{ ...t, token: 'wst_short' }] }).join()).toMatch(
        /^\/tokens\/0\/token must match/,
      );
      expect(validate({ tokens: [{ ...t, keyId: 'k' }] }).join()).toMatch(/^\/tokens\/0\/key_id must match/);
      expect(validate({ tokens: [{ ...t, expiresAt: -1 }] }).join()).toMatch(
        /^\/tokens\/0\/expires_at must be >= 0/,
      );
      expect(validate({ tokens: [{ ...t, orgId: 'org_x' }] }).join()).toMatch(
        /additional properties \(orgId\)/,
      );
    });
  });
}
