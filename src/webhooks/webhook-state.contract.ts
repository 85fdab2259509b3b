/**
 * The contract of the webhooks' state (endpoints and deliveries), declared once and run against every
 * implementation (test/webhooks/webhook-state.test.ts). A harness gives two instances of one emulator's
 * state: with the memory store both are the same process's state; with Redis, two instances over one
 * Redis. Attempts go to a fake fetch, so every attempt made by either instance is counted here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { AttemptMaker } from './attempt-maker.js';
import type { WebhookEndpoint } from './endpoints.js';
import { ContractFixtures, START } from './test-support/contract-fixtures.js';
import type { WebhookState } from './webhook-state.js';
import { webhookOrgStateCases } from './webhook-org-state.contract.js';
import { webhookImportCases } from './webhook-state-import.contract.js';

export { START };

/** One instance: its clock, and its state built from the AttemptMaker the harness is given. */
export interface ContractInstance {
  clock: Clock;
  state: WebhookState;
}

export interface WebhookStateHarness {
  /** Two instances of one store (the same one twice with the memory store). */
  a: ContractInstance;
  b: ContractInstance;
  /** Another instance that joins now (the same one with the memory store). */
  join(): Promise<ContractInstance>;
  /** What POST /_emulator/reset does to this state, through `on`. */
  reset(on: ContractInstance): Promise<void>;
  close(): Promise<void>;
}

/** Builds a harness whose instances make their attempts with `attempts(clock)`. */
export type HarnessFactory = (attempts: (clock: Clock) => AttemptMaker) => Promise<WebhookStateHarness>;

/** Waits for what another instance does (its published change has to arrive). */
function eventually<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 10_000, interval: 20 });
}

export function webhookStateContract(name: string, factory: HarnessFactory): void {
  describe(`webhook state contract: ${name}`, () => {
    let h: WebhookStateHarness;
    const f = new ContractFixtures();
    const endpoint = (orgId: string, events?: WebhookEndpoint['events']) => f.endpoint(orgId, events);
    const delivery = (e: WebhookEndpoint, event?: string) => f.delivery(e, event);
    const hits = (eventId: string) => f.hits(eventId);
    /** Each instance's clock once (the memory store's two instances are one). */
    const clocks = () => new Set([h.a.clock, h.b.clock]);

    beforeAll(async () => {
      h = await factory(
        (clock) => new AttemptMaker({ clock, fetchImpl: f.fetchImpl, signatureTime: 'clock' }),
      );
    });
    afterAll(async () => {
      await h?.close();
    });
    beforeEach(async () => {
      f.status = 200;
      for (const clock of clocks()) {
        clock.clearTimers();
        await clock.set({ mode: 'frozen', timeScale: 1, now: START });
      }
      await h.reset(h.a);
      await eventually(async () => (await h.b.state.deliveries.list()).length).toBe(0);
    });

    it('endpoints: stored per organization, listed in order, subscribers by event, deleted only by their org', async () => {
      const { endpoints } = h.a.state;
      const one = endpoint('org_a', ['ping', 'invoice.finalized']);
      const two = endpoint('org_a', ['job.completed']);
      const other = endpoint('org_b');
      for (const e of [one, two, other]) endpoints.put(e, false);
      expect(await h.b.state.endpoints.list('org_a')).toEqual([one, two]);
      expect(await h.b.state.endpoints.get('org_a', one.id)).toEqual(one);
      expect(await h.b.state.endpoints.get('org_b', one.id)).toBeUndefined();
      await eventually(() =>
        h.b.state.endpoints.subscribers('org_a', 'rag.job.completed').map((e) => e.id),
      ).toEqual([two.id]);
      expect(endpoints.subscribers('org_a', 'ping').map((e) => e.id)).toEqual([one.id]);
      expect(await h.b.state.endpoints.delete('org_b', one.id)).toBe(false);
      expect(await h.b.state.endpoints.delete('org_a', one.id)).toBe(true);
      expect(await endpoints.list('org_a')).toEqual([two]);
      await eventually(() => endpoints.subscribers('org_a', 'ping')).toEqual([]);
    });

    it('the --webhook-url endpoint put by two instances alike is stored once: the first one written stays', async () => {
      const first = endpoint('org_a');
      h.a.state.endpoints.put(first, true);
      await eventually(async () => (await h.b.state.endpoints.list('org_a')).length).toBe(1);
      h.b.state.endpoints.put({ ...first, createdAt: new Date(START + 5000).toISOString() }, true);
      await eventually(() => h.b.state.endpoints.subscribers('org_a', 'ping')).toEqual([first]);
      expect(await h.a.state.endpoints.list('org_a')).toEqual([first]);
    });

    it('deliveries: listed at once, the attempt made once, read and long-polled through either instance', async () => {
      const e = endpoint('org_a');
      h.a.state.endpoints.put(e, false);
      await eventually(async () => (await h.b.state.endpoints.get('org_a', e.id))?.id).toBe(e.id);
      const { d, body } = delivery(e);
      const waited = h.b.state.deliveries.waitFor({ deliveryId: d.id, status: 'delivered' }, 10_000);
      h.a.state.deliveries.add(d, body);
      const done = await waited;
      expect(done).toMatchObject({ id: d.id, status: 'delivered', series: 1, envelope: d.envelope });
      expect(done?.attempts.map((x) => [x.attempt, x.statusCode])).toEqual([[1, 200]]);
      expect(hits(d.eventId)).toBe(1);
      expect(await h.a.state.deliveries.get(d.id)).toEqual(done);
      expect((await h.a.state.deliveries.list({ orgId: 'org_a' })).map((x) => x.id)).toEqual([d.id]);
      expect(await h.a.state.deliveries.list({ orgId: 'org_b' })).toEqual([]);
      expect(await h.b.state.deliveries.waitFor({ orgId: 'org_b' }, 50)).toBeUndefined();
    });

    it('a failed attempt is retried when the emulator clock reaches its time, and redelivery starts a new series', async () => {
      f.status = 500;
      const e = endpoint('org_a');
      h.a.state.endpoints.put(e, false);
      const { d, body } = delivery(e);
      h.a.state.deliveries.add(d, body);
      const first = await h.b.state.deliveries.waitFor({ deliveryId: d.id, minAttempts: 1 }, 10_000);
      expect(first).toMatchObject({
        status: 'pending',
        nextAttemptAt: new Date(START + 10_000).toISOString(),
      });
      f.status = 200;
      for (const clock of clocks()) await clock.advance(10_000);
      const second = await h.b.state.deliveries.waitFor({ deliveryId: d.id, status: 'delivered' }, 10_000);
      expect(second?.attempts.map((x) => [x.attempt, x.statusCode])).toEqual([
        [1, 500],
        [2, 200],
      ]);
      const again = await h.b.state.deliveries.redeliver(d.id);
      expect(again).toMatchObject({ id: d.id, status: 'pending', series: 2 });
      const third = await h.a.state.deliveries.waitFor({ deliveryId: d.id, minAttempts: 3 }, 10_000);
      expect(third?.attempts.at(-1)).toMatchObject({ attempt: 1, series: 2, statusCode: 200 });
      expect(hits(d.eventId)).toBe(3);
      expect(await h.a.state.deliveries.redeliver('whd_nope')).toBeUndefined();
    });

    it('concurrent writers on both instances: every endpoint kept, every delivery attempted exactly once', async () => {
      const es = Array.from({ length: 6 }, (_, i) => endpoint(i % 2 ? 'org_a' : 'org_b'));
      es.forEach((e, i) => (i % 3 ? h.a : h.b).state.endpoints.put(e, false));
      for (const orgId of ['org_a', 'org_b'])
        await eventually(async () => (await h.a.state.endpoints.list(orgId)).length).toBe(3);
      await eventually(
        () =>
          h.b.state.endpoints.subscribers('org_a', 'ping').length +
          h.b.state.endpoints.subscribers('org_b', 'ping').length,
      ).toBe(6);
      const made = Array.from({ length: 30 }, (_, i) => delivery(es[i % es.length]));
      made.forEach(({ d, body }, i) => (i % 2 ? h.a : h.b).state.deliveries.add(d, body));
      await eventually(async () => (await h.b.state.deliveries.list({ status: 'delivered' })).length).toBe(
        30,
      );
      for (const { d } of made) expect(hits(d.eventId)).toBe(1);
      const listed = await h.a.state.deliveries.list();
      expect(listed.map((x) => x.id).sort()).toEqual(made.map(({ d }) => d.id).sort());
      expect((await h.a.state.deliveries.list({ orgId: 'org_a' })).every((x) => x.orgId === 'org_a')).toBe(
        true,
      );
    });

    it('a reset through one instance empties endpoints and deliveries for both', async () => {
      const e = endpoint('org_a');
      h.a.state.endpoints.put(e, false);
      const { d, body } = delivery(e);
      h.a.state.deliveries.add(d, body);
      await h.b.state.deliveries.waitFor({ deliveryId: d.id, status: 'delivered' }, 10_000);
      await h.reset(h.b);
      for (const on of [h.a, h.b]) {
        expect(await on.state.endpoints.list('org_a')).toEqual([]);
        expect(await on.state.deliveries.list()).toEqual([]);
        expect(await on.state.deliveries.get(d.id)).toBeUndefined();
        await eventually(() => on.state.endpoints.subscribers('org_a', 'ping')).toEqual([]);
      }
    });

    it('an instance that joins late adopts the endpoints and deliveries, and resets nothing', async () => {
      const e = endpoint('org_a');
      h.a.state.endpoints.put(e, false);
      const { d, body } = delivery(e);
      h.a.state.deliveries.add(d, body);
      await h.a.state.deliveries.waitFor({ deliveryId: d.id, status: 'delivered' }, 10_000);
      const late = await h.join();
      expect(await late.state.endpoints.list('org_a')).toEqual([e]);
      expect(late.state.endpoints.subscribers('org_a', 'ping')).toEqual([e]);
      expect((await late.state.deliveries.get(d.id))?.status).toBe('delivered');
      expect(await h.a.state.endpoints.list('org_a')).toEqual([e]);
      expect((await h.a.state.deliveries.list()).map((x) => x.id)).toEqual([d.id]);
      expect(hits(d.eventId)).toBe(1);
    });

    webhookOrgStateCases({ harness: () => h, fixtures: f, clocks });
    webhookImportCases({ harness: () => h, fixtures: f, clocks });
  });
}
