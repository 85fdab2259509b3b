/**
 * The webhooks' state per organization (issue 23 item 2): its endpoints and deliveries listed, exported and
 * reset one organization at a time, on every instance. Part of the webhooks' state contract
 * (webhook-state.contract.ts), run in its harness against each implementation.
 */
import { expect, it } from 'vitest';
import type { Clock } from '../core/clock.js';
import type { DeliveryExport } from './deliveries-state.js';
import type { WebhookEndpoint } from './endpoints.js';
import { signPayload } from './signature.js';
import { START, type ContractFixtures } from './test-support/contract-fixtures.js';
import type { DeliveryAttempt, DeliveryStatus, WebhookDelivery } from './types.js';
import type { ContractInstance, WebhookStateHarness } from './webhook-state.contract.js';

export interface OrgCasesContext {
  harness: () => WebhookStateHarness;
  fixtures: ContractFixtures;
  /** Each instance's clock once. */
  clocks: () => Set<Clock>;
}

function eventually<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 10_000, interval: 20 });
}

const iso = (ms: number) => new Date(ms).toISOString();

/** An attempt as it is logged, from the endpoint, the body and what the receiver answered (at `at`, frozen). */
function attempt(
  e: WebhookEndpoint,
  body: string,
  answer: { statusCode: number; error?: string },
  at = START,
): DeliveryAttempt {
  return {
    at: iso(at),
    url: e.url,
    ...answer,
    latencyMs: expect.any(Number) as number,
    signatureHeader: signPayload(e.secret, body, Math.floor(at / 1000)),
    requestBody: body,
    attempt: 1,
    series: 1,
  };
}

/** The attempt logged for a delivery whose endpoint is gone: no request is sent. */
function endpointGone(d: WebhookDelivery, body: string): DeliveryAttempt {
  return {
    at: iso(START),
    url: d.url,
    error: 'endpoint deleted; no further attempts',
    latencyMs: 0,
    signatureHeader: '',
    requestBody: body,
    attempt: 1,
    series: 1,
  };
}

/** A delivery as exported, from what the test made it with (not from the delivery object, which memory changes). */
function exported(
  { d, body }: { d: WebhookDelivery; body: string },
  status: DeliveryStatus,
  attempts: DeliveryAttempt[],
  more: Partial<DeliveryExport> = {},
): DeliveryExport {
  const { id, orgId, endpointId, url, eventId, event, livemode, createdAt } = d;
  return {
    ...{ id, orgId, endpointId, url, eventId, event, livemode, createdAt },
    ...{ status, series: 1, attempts, body, place: expect.any(Number) as number },
    ...more,
  };
}

async function orgIds(on: ContractInstance) {
  return {
    endpoints: [...(await on.state.endpoints.perOrg.ids())].sort(),
    deliveries: [...(await on.state.deliveries.perOrg.ids())].sort(),
  };
}

async function exportOf(on: ContractInstance, orgId: string) {
  return {
    endpoints: await on.state.endpoints.perOrg.export(orgId),
    deliveries: await on.state.deliveries.perOrg.export(orgId),
  };
}

export function webhookOrgStateCases({ harness, fixtures: f, clocks }: OrgCasesContext): void {
  it('lists the organizations with endpoints or deliveries and exports one as stored (secrets too), nothing of another', async () => {
    const h = harness();
    const [eA1, eA2, eB, eGone] = ['org_pa', 'org_pa', 'org_pb', 'org_pc'].map((o) => f.endpoint(o));
    // Through one instance, so they are registered in this order.
    h.a.state.endpoints.put(eA1, false);
    h.a.state.endpoints.put(eA2, false);
    h.b.state.endpoints.put(eB, false);
    h.b.state.endpoints.put(eGone, false);
    expect(await h.b.state.endpoints.delete('org_pc', eGone.id)).toBe(true);
    await eventually(async () => (await h.b.state.endpoints.list('org_pa')).length).toBe(2);

    const delivered = f.delivery(eA1);
    h.a.state.deliveries.add(delivered.d, delivered.body);
    await h.b.state.deliveries.waitFor({ deliveryId: delivered.d.id, status: 'delivered' }, 10_000);
    f.status = 500;
    const retrying = f.delivery(eA2);
    h.b.state.deliveries.add(retrying.d, retrying.body);
    await h.a.state.deliveries.waitFor({ deliveryId: retrying.d.id, minAttempts: 1 }, 10_000);
    f.status = 200;
    const other = f.delivery(eB);
    h.b.state.deliveries.add(other.d, other.body);
    await h.a.state.deliveries.waitFor({ deliveryId: other.d.id, status: 'delivered' }, 10_000);
    const failed = f.delivery(f.endpoint('org_pa'));
    h.a.state.deliveries.add(failed.d, failed.body);
    await h.b.state.deliveries.waitFor({ deliveryId: failed.d.id, status: 'failed' }, 10_000);

    const late = await h.join();
    for (const on of [h.a, h.b, late]) {
      expect(await orgIds(on)).toEqual({ endpoints: ['org_pa', 'org_pb'], deliveries: ['org_pa', 'org_pb'] });
      const a = await exportOf(on, 'org_pa');
      expect(a.endpoints).toEqual({ endpoints: [eA1, eA2] });
      // In the list's order, with what each attempt logged and the retry still waiting.
      expect(a.deliveries).toEqual({
        deliveries: [
          exported(delivered, 'delivered', [attempt(eA1, delivered.body, { statusCode: 200 })], {
            place: 1,
          }),
          exported(
            retrying,
            'pending',
            [attempt(eA2, retrying.body, { statusCode: 500, error: 'receiver answered 500' })],
            { nextAttemptAt: iso(START + 10_000), place: 2 },
          ),
          exported(failed, 'failed', [endpointGone(failed.d, failed.body)], { place: 4 }),
        ],
      });
      expect(JSON.parse(JSON.stringify(a))).toStrictEqual(a);
      expect(await exportOf(on, 'org_pb')).toEqual({
        endpoints: { endpoints: [eB] },
        deliveries: {
          deliveries: [
            exported(other, 'delivered', [attempt(eB, other.body, { statusCode: 200 })], { place: 3 }),
          ],
        },
      });
      for (const orgId of ['org_pc', 'org_none']) {
        expect(await on.state.endpoints.perOrg.export(orgId)).toBeUndefined();
        expect(await on.state.deliveries.perOrg.export(orgId)).toBeUndefined();
      }
    }
  });

  it("resetting one organization through A drops its endpoints and deliveries everywhere, its queued retry and its attempt in flight, and nothing of another's", async () => {
    const h = harness();
    const [eA, eHeld, eB] = ['org_ra', 'org_ra', 'org_rb'].map((o) => f.endpoint(o));
    h.a.state.endpoints.put(eA, false);
    h.a.state.endpoints.put(eHeld, false);
    h.b.state.endpoints.put(eB, false);
    await eventually(() => h.b.state.endpoints.subscribers('org_ra', 'ping').length).toBe(2);
    await eventually(async () => (await h.a.state.endpoints.list('org_rb')).length).toBe(1);
    f.status = 500;
    const [retryA, retryB] = [f.delivery(eA), f.delivery(eB)];
    h.a.state.deliveries.add(retryA.d, retryA.body);
    h.b.state.deliveries.add(retryB.d, retryB.body);
    for (const { d } of [retryA, retryB])
      await h.a.state.deliveries.waitFor({ deliveryId: d.id, minAttempts: 1 }, 10_000);
    f.status = 200;
    // An attempt of the organization in flight: its request waits at the receiver.
    const release = f.hold(eHeld.url);
    const held = f.delivery(eHeld);
    h.b.state.deliveries.add(held.d, held.body);
    await eventually(() => f.hits(held.d.eventId)).toBe(1);
    const before = await exportOf(h.b, 'org_rb');
    expect(before.deliveries?.deliveries.map((d) => d.id)).toEqual([retryB.d.id]);

    await h.a.state.endpoints.perOrg.reset('org_ra');
    await h.a.state.deliveries.perOrg.reset('org_ra');
    release();
    for (const on of [h.a, h.b]) {
      expect(await orgIds(on)).toEqual({ endpoints: ['org_rb'], deliveries: ['org_rb'] });
      expect(await on.state.endpoints.perOrg.export('org_ra')).toBeUndefined();
      expect(await on.state.deliveries.perOrg.export('org_ra')).toBeUndefined();
      expect(await on.state.endpoints.list('org_ra')).toEqual([]);
      expect(await on.state.endpoints.get('org_ra', eA.id)).toBeUndefined();
      await eventually(() => on.state.endpoints.subscribers('org_ra', 'ping')).toEqual([]);
      expect(await on.state.deliveries.list({ orgId: 'org_ra' })).toEqual([]);
      expect(await on.state.deliveries.get(retryA.d.id)).toBeUndefined();
      expect(await exportOf(on, 'org_rb')).toEqual(before);
    }
    // Nothing to drop is no error.
    await h.b.state.endpoints.perOrg.reset('org_ra');
    await h.b.state.deliveries.perOrg.reset('org_ra');

    // The retries come due: only the other organization's is made.
    for (const clock of clocks()) await clock.advance(10_000);
    await h.a.state.deliveries.waitFor({ deliveryId: retryB.d.id, status: 'delivered' }, 10_000);
    expect(f.hits(retryA.d.eventId)).toBe(1);

    // The organization works again afterwards; what was in flight for it logged nothing.
    const again = f.endpoint('org_ra');
    h.b.state.endpoints.put(again, false);
    await eventually(() => h.a.state.endpoints.subscribers('org_ra', 'ping').map((e) => e.id)).toEqual([
      again.id,
    ]);
    // An event of now (the clocks were advanced 10 s): its first attempt is due then.
    const next = f.delivery(again, 'ping', START + 10_000);
    h.a.state.deliveries.add(next.d, next.body);
    await h.b.state.deliveries.waitFor({ deliveryId: next.d.id, status: 'delivered' }, 10_000);
    for (const on of [h.a, h.b]) {
      expect(await orgIds(on)).toEqual({ endpoints: ['org_ra', 'org_rb'], deliveries: ['org_ra', 'org_rb'] });
      expect(await exportOf(on, 'org_ra')).toEqual({
        endpoints: { endpoints: [again] },
        deliveries: {
          deliveries: [
            exported(next, 'delivered', [attempt(again, next.body, { statusCode: 200 }, START + 10_000)]),
          ],
        },
      });
    }
  });

  it('writes through B racing a reset of one organization through A: the other one intact, the reset one wholly there or wholly gone', async () => {
    const h = harness();
    const [eA, eB] = [f.endpoint('org_xa'), f.endpoint('org_xb')];
    h.a.state.endpoints.put(eA, false);
    h.a.state.endpoints.put(eB, false);
    await eventually(() => h.b.state.endpoints.subscribers('org_xa', 'ping').length).toBe(1);
    await eventually(() => h.b.state.endpoints.subscribers('org_xb', 'ping').length).toBe(1);

    const [lateA, lateB] = [f.endpoint('org_xa'), f.endpoint('org_xb')];
    const [dA, dB] = [f.delivery(eA), f.delivery(eB)];
    const resets = [
      Promise.resolve(h.a.state.endpoints.perOrg.reset('org_xa')),
      Promise.resolve(h.a.state.deliveries.perOrg.reset('org_xa')),
    ];
    h.b.state.endpoints.put(lateA, false);
    h.b.state.endpoints.put(lateB, false);
    h.b.state.deliveries.add(dA.d, dA.body);
    h.b.state.deliveries.add(dB.d, dB.body);
    await Promise.all(resets);
    await h.a.state.deliveries.waitFor({ deliveryId: dB.d.id, status: 'delivered' }, 10_000);

    const registered = await h.a.state.endpoints.list('org_xa');
    // The endpoint registered before the reset is gone; the one racing it is there or not, alike everywhere.
    expect([[], [lateA]]).toContainEqual(registered);
    const listed = await h.a.state.deliveries.get(dA.d.id);
    // Added after the reset, a delivery finds its endpoint gone (reset first): logged as such, never sent.
    if (listed) await h.b.state.deliveries.waitFor({ deliveryId: dA.d.id, status: 'failed' }, 10_000);
    const expectedA = {
      endpoints: registered.length ? { endpoints: registered } : undefined,
      deliveries: listed
        ? { deliveries: [exported(dA, 'failed', [endpointGone(dA.d, dA.body)])] }
        : undefined,
    };
    const orgs = (has: boolean) => (has ? ['org_xa', 'org_xb'] : ['org_xb']);
    for (const on of [h.a, h.b]) {
      expect(await on.state.endpoints.list('org_xa')).toEqual(registered);
      await eventually(() => on.state.endpoints.subscribers('org_xa', 'ping')).toEqual(registered);
      expect(await exportOf(on, 'org_xa')).toEqual(expectedA);
      expect(await orgIds(on)).toEqual({
        endpoints: orgs(registered.length > 0),
        deliveries: orgs(listed !== undefined),
      });
      expect((await on.state.deliveries.list({ orgId: 'org_xa' })).map((d) => d.id)).toEqual(
        listed ? [dA.d.id] : [],
      );
      expect(await on.state.endpoints.list('org_xb')).toEqual([eB, lateB]);
      await eventually(() => on.state.endpoints.subscribers('org_xb', 'ping')).toEqual([eB, lateB]);
      expect((await exportOf(on, 'org_xb')).deliveries).toEqual({
        deliveries: [exported(dB, 'delivered', [attempt(eB, dB.body, { statusCode: 200 })])],
      });
    }
    if (listed) expect(f.hits(dA.d.eventId)).toBe(0);
  });
}
