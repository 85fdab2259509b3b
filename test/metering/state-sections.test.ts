/**
 * Issue 25: the sections of the orgs, ws-tokens, billing and rate-limits units, as an emulator builds them
 * through its public API, validate against their schemas in openapi/admin.yaml, and put back after the
 * organization's reset they export the same and answer the same through HTTP: the key authenticates, the
 * usage and balance read as before, the rate-limit window counts on, the ws-token is accepted once.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildEmulator,
  createKey,
  createOrg,
  mintWsToken,
  type TestEmulator,
} from '../support/emulator.js';
import { stateSectionValidator } from '../support/state-schema.js';

const SECTIONS = {
  orgs: 'StateOrgOrgs',
  ws_tokens: 'StateOrgWsTokens',
  billing: 'StateOrgBilling',
  rate_limits: 'StateOrgRateLimits',
} as const;

let t: TestEmulator;
beforeAll(async () => {
  t = await buildEmulator({ seed: 'state-sections' });
});
afterAll(() => t.emulator.close());

const tts = (key: string) =>
  request(t.app)
    .post('/v1/tts')
    .set('Authorization', bearer(key))
    .send({ text: 'مرحبا', voice: 'ar-SA-noura' });

describe('the metering and orgs sections of a snapshot', () => {
  it('validate against their schemas, and put back answer the same through HTTP', async () => {
    const org = await createOrg(t.app, { name: 'Sections', credits: 50 });
    const live = await createKey(t.app, org.id, { scopes: ['tts:speak'] });
    const test = await createKey(t.app, org.id, { scopes: ['tts:speak'], environment: 'test' });
    const revoked = await createKey(t.app, org.id, { scopes: ['tts:speak'] });
    expect((await request(t.app).delete(`/_emulator/keys/${revoked.id}`)).status).toBe(200);
    expect(
      (
        await request(t.app)
          .put(`/_emulator/keys/${live.id}/rate-limit`)
          .send({ limit: 4, window_seconds: 3600 })
      ).status,
    ).toBe(200);
    for (const key of [live.key, live.key, test.key]) expect((await tts(key)).status).toBe(200);
    expect((await request(t.app).post(`/_emulator/orgs/${org.id}/billing/close-period`)).status).toBe(200);
    expect((await tts(test.key)).status).toBe(200);
    const token = await mintWsToken(t.app, live.key, ['tts:speak']);

    const state = t.emulator.state;
    const saved = await state.exportOrg(org.id);
    for (const [unit, component] of Object.entries(SECTIONS)) {
      expect(saved[unit], unit).toBeDefined();
      expect(stateSectionValidator(component)(saved[unit]), unit).toEqual([]);
    }
    const usage = async () => (await request(t.app).get(`/_emulator/orgs/${org.id}/usage`)).body as unknown;
    const orgView = async () => (await request(t.app).get(`/_emulator/orgs/${org.id}`)).body as unknown;
    const before = { usage: await usage(), org: await orgView() };

    await state.resetOrg(org.id);
    expect((await tts(live.key)).status).toBe(401);
    // Only these units' sections: the others' imports are their areas' (issue 25).
    const mine = Object.fromEntries(Object.keys(SECTIONS).map((unit) => [unit, saved[unit]]));
    await state.importOrg(org.id, JSON.parse(JSON.stringify(mine)) as Record<string, unknown>);
    await state.tellLoaded({ orgIds: [org.id], whole: false });

    const again = await state.exportOrg(org.id);
    for (const unit of Object.keys(SECTIONS)) expect(again[unit], unit).toEqual(saved[unit]);
    expect(await usage()).toEqual(before.usage);
    expect(await orgView()).toEqual(before.org);
    expect((await tts(revoked.key)).status).toBe(401);
    // The live key's window had 3 of 4 (two clips and the ws-token): one more is served, the next refused.
    expect((await tts(live.key)).status).toBe(200);
    expect((await tts(live.key)).status).toBe(429);
    // The token minted before the save is taken once (the service's consume, as the WebSocket upgrade does).
    expect(await t.emulator.part('wsTokens').consume(token)).toMatchObject({ orgId: org.id, keyId: live.id });
    await expect(Promise.resolve().then(() => t.emulator.part('wsTokens').consume(token))).rejects.toThrow(
      /already used/,
    );
  });
});
