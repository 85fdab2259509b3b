/**
 * Putting one organization's webhook state back (`perOrg.import` and `check` of both units; issue 25): part
 * of the webhooks' state contract (webhook-state.contract.ts), run in its harness against each
 * implementation. An export, a reset and an import give the same export; a pending retry is made at its time
 * once `resume` re-arms it; an endpoint loaded without its secret gets one from the seed.
 */
import { expect, it } from 'vitest';
import { sectionSchemaError } from '../../test/support/area-state-schema.js';
import type { WebhookDeliveriesExport } from './deliveries-state.js';
import type { EndpointsSection } from './endpoints-import.js';
import { START } from './test-support/contract-fixtures.js';
import type { OrgCasesContext } from './webhook-org-state.contract.js';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export function webhookImportCases({ harness, fixtures: f, clocks }: OrgCasesContext): void {
  it('endpoints: an export put back after a reset is the same on every instance, and gets events; without secrets, new ones from the seed', async () => {
    const h = harness();
    const [e1, e2] = [f.endpoint('org_ie', ['ping', 'job.completed']), f.endpoint('org_ie')];
    h.a.state.endpoints.put(e1, false);
    h.a.state.endpoints.put(e2, false);
    await expect.poll(async () => (await h.b.state.endpoints.list('org_ie')).length).toBe(2);
    const units = (on: typeof h.a) => on.state.endpoints.perOrg;
    const exported = (await units(h.a).export('org_ie'))!;
    expect(sectionSchemaError('StateOrgWebhookEndpoints', exported)).toBeNull();
    const bare = (await units(h.a).export('org_ie', { secrets: false }))!;
    expect(bare.endpoints.map((e) => e.secret)).toEqual([undefined, undefined]);
    expect(sectionSchemaError('StateOrgWebhookEndpoints', bare)).toBeNull();

    await units(h.a).reset('org_ie');
    expect(units(h.a).check!('org_ie', clone(exported))).toBeNull();
    await units(h.a).import('org_ie', clone(exported));
    for (const on of [h.a, h.b]) {
      await expect.poll(async () => await units(on).export('org_ie')).toEqual(exported);
      await expect.poll(() => on.state.endpoints.subscribers('org_ie', 'rag.job.completed').length).toBe(1);
    }

    // Loaded without secrets: each gets a new one, the same for the same document, shown by later exports.
    const made: (string | undefined)[][] = [];
    for (let i = 0; i < 2; i++) {
      await units(h.a).reset('org_ie');
      await units(h.a).import('org_ie', clone(bare));
      const again = (await units(h.b).export('org_ie')) as EndpointsSection;
      made.push(again.endpoints.map((e) => e.secret));
    }
    expect(made[0]).toEqual(made[1]);
    expect(made[0][0]).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(made[0][0]).not.toBe(made[0][1]);
    expect(made[0][0]).not.toBe(e1.secret);
  });

  it('endpoints: check names another organization and an id twice', async () => {
    const h = harness();
    const good = { endpoints: [f.endpoint('org_ce'), f.endpoint('org_ce')] };
    const check = (d: EndpointsSection) => h.a.state.endpoints.perOrg.check!('org_ce', d);
    expect(check(clone(good))).toBeNull();
    const other = clone(good);
    other.endpoints[1].orgId = 'org_other';
    expect(check(other)).toMatchObject({ path: '/endpoints/1/orgId' });
    const twice = clone(good);
    twice.endpoints.push(twice.endpoints[0]);
    expect(check(twice)).toMatchObject({ path: '/endpoints/2/id' });
  });

  it('deliveries: an export put back after a reset is the same; its pending retry is made at its time once resumed', async () => {
    const h = harness();
    const [eOk, eRetry] = [f.endpoint('org_id'), f.endpoint('org_id')];
    h.a.state.endpoints.put(eOk, false);
    h.a.state.endpoints.put(eRetry, false);
    const delivered = f.delivery(eOk);
    h.a.state.deliveries.add(delivered.d, delivered.body);
    await h.a.state.deliveries.waitFor({ deliveryId: delivered.d.id, status: 'delivered' }, 10_000);
    f.status = 500;
    const retrying = f.delivery(eRetry);
    h.a.state.deliveries.add(retrying.d, retrying.body);
    await h.a.state.deliveries.waitFor({ deliveryId: retrying.d.id, minAttempts: 1 }, 10_000);
    f.status = 200;
    const units = h.a.state.deliveries.perOrg;
    const exported = (await units.export('org_id'))!;
    expect(exported.deliveries[1].nextAttemptAt).toBe(new Date(START + 10_000).toISOString());
    expect(sectionSchemaError('StateOrgWebhookDeliveries', exported)).toBeNull();
    const list = await h.a.state.deliveries.list({ orgId: 'org_id' });

    await units.reset('org_id');
    expect(units.check!('org_id', clone(exported))).toBeNull();
    await units.import('org_id', clone(exported));
    expect(await units.export('org_id')).toEqual(exported);
    expect(await h.a.state.deliveries.list({ orgId: 'org_id' })).toEqual(list);

    await h.a.state.deliveries.resume('org_id');
    const hits = f.hits(retrying.d.eventId);
    for (const clock of clocks()) await clock.advance(9_999);
    expect(f.hits(retrying.d.eventId)).toBe(hits);
    for (const clock of clocks()) await clock.advance(1);
    const done = await h.a.state.deliveries.waitFor(
      { deliveryId: retrying.d.id, status: 'delivered' },
      10_000,
    );
    expect(done?.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(done?.attempts[1].at).toBe(new Date(START + 10_000).toISOString());
  });

  it('deliveries: check names another organization, an id twice, a retry time on a settled one, a body not its event', async () => {
    const h = harness();
    const e = f.endpoint('org_cd');
    const one = f.delivery(e);
    const { envelope: _e, ...rest } = one.d;
    const good: WebhookDeliveriesExport = { deliveries: [{ ...rest, body: one.body, place: 1 }] };
    const check = (change: (d: WebhookDeliveriesExport) => void) => {
      const d = clone(good);
      change(d);
      return h.a.state.deliveries.perOrg.check!('org_cd', d);
    };
    expect(check(() => {})).toBeNull();
    expect(check((d) => (d.deliveries[0].orgId = 'org_x'))).toMatchObject({ path: '/deliveries/0/orgId' });
    expect(check((d) => d.deliveries.push(d.deliveries[0]))).toMatchObject({ path: '/deliveries/1/id' });
    expect(
      check((d) => d.deliveries.push({ ...d.deliveries[0], id: 'whd_00000000000000000002' })),
    ).toMatchObject({ path: '/deliveries/1/place' });
    expect(
      check((d) =>
        Object.assign(d.deliveries[0], { status: 'failed', nextAttemptAt: d.deliveries[0].createdAt }),
      ),
    ).toMatchObject({ path: '/deliveries/0/nextAttemptAt' });
    expect(check((d) => (d.deliveries[0].body = '{'))).toMatchObject({ path: '/deliveries/0/body' });
    expect(check((d) => (d.deliveries[0].eventId = 'evt_other'))).toMatchObject({
      path: '/deliveries/0/body',
    });
  });

  it('deliveries: organizations put back one by one after a whole reset interleave in the list as before, and new ones come after', async () => {
    const h = harness();
    const [eA, eB] = [f.endpoint('org_ia'), f.endpoint('org_ib')];
    h.a.state.endpoints.put(eA, false);
    h.a.state.endpoints.put(eB, false);
    // A, B, A, B, A: the list interleaves the two organizations.
    for (const e of [eA, eB, eA, eB, eA]) {
      const one = f.delivery(e);
      h.a.state.deliveries.add(one.d, one.body);
      await h.a.state.deliveries.waitFor({ deliveryId: one.d.id, status: 'delivered' }, 10_000);
    }
    const units = h.a.state.deliveries.perOrg;
    const [a, b] = [(await units.export('org_ia'))!, (await units.export('org_ib'))!];
    expect(a.deliveries.map((d) => d.place)).toEqual([1, 3, 5]);
    expect(b.deliveries.map((d) => d.place)).toEqual([2, 4]);
    const list = await h.a.state.deliveries.list();

    await h.a.state.deliveries.reset();
    // The later organization first: places, not the order of the imports, make the list.
    await units.import('org_ib', clone(b));
    await units.import('org_ia', clone(a));
    for (const on of [h.a, h.b]) expect(await on.state.deliveries.list()).toEqual(list);
    expect(await units.export('org_ia')).toEqual(a);
    expect(await units.export('org_ib')).toEqual(b);

    const next = f.delivery(eB);
    h.b.state.deliveries.add(next.d, next.body);
    await h.a.state.deliveries.waitFor({ deliveryId: next.d.id, status: 'delivered' }, 10_000);
    expect((await h.a.state.deliveries.list()).map((d) => d.id)).toEqual([
      next.d.id,
      ...list.map((d) => d.id),
    ]);
    expect((await units.export('org_ib'))!.deliveries.map((d) => d.place)).toEqual([2, 4, 6]);
  });
}
