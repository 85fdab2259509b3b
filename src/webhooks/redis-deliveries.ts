/**
 * The deliveries' state in Redis (redis-scripts.ts has the layout): a delivery and its attempts are in
 * Redis before the call that made them answers, and every read (list, get, long-poll) asks Redis, so any
 * instance sees every instance's deliveries. The attempts are claimed and made through the queue
 * (redis-attempt-queue.ts): each by exactly one instance. Every change is published, so a long-poll on any
 * instance wakes and an instance wakes for a retry another scheduled. docs/scaling.md says what a client sees.
 */
import type { OrgClocks } from '../core/clocks.js';
import { AttemptLanes } from './redis-attempt-lanes.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import { firstAttemptDue, type AttemptMaker } from './attempt-maker.js';
import {
  checkDeliveries,
  deliveriesExport,
  deliveryExport,
  type DeliveryExport,
  type WebhookDeliveriesExport,
  type WebhookDeliveriesState,
} from './deliveries-state.js';
import {
  DEFAULT_DELIVERY_LOG_LIMIT,
  matches,
  waitForChange,
  wakeAll,
  wakeOrg,
  type Waiter,
} from './delivery-log.js';
import { RedisAttemptQueue } from './redis-attempt-queue.js';
import { dueEntries, writeDeliveries } from './redis-deliveries-import.js';
import {
  HASH_SUFFIX,
  assemble,
  baseOf,
  deliveryKeys,
  messagePrefix,
  type Change,
  type DeliveryKeys,
  type DeliveryRedis,
} from './redis-delivery-codec.js';
import type { RedisEndpointsState } from './redis-endpoints.js';
import {
  DELETE_ORG_KEYS,
  ORGS_WITH_KEY,
  WEBHOOK_CLAIM,
  WEBHOOK_CLEAR_ORG,
  WEBHOOK_ENQUEUE,
  WEBHOOK_FINISH,
  WEBHOOK_READ,
  WEBHOOK_READ_ORG,
  WEBHOOK_RECLAIM,
  WEBHOOK_REDELIVER,
} from './redis-scripts.js';
import type { DeliveryFilter, WaitFilter, WebhookDelivery } from './types.js';

/** The event of one organization's reset: the other instances drop what waits there for it. */
const ORG_RESET = 'webhooks.deliveries.org-reset';

export class RedisDeliveriesState implements WebhookDeliveriesState {
  readonly name = 'webhook_deliveries';
  private readonly k: DeliveryKeys;
  private readonly queue: RedisAttemptQueue;
  private readonly lanes: AttemptLanes;
  private readonly waiters = new Set<Waiter>();
  /** The deliveries this instance emitted while Redis was away: what it lists until they are written. */
  private readonly held = new Map<string, WebhookDelivery>();

  readonly perOrg = {
    /** The organizations in the set whose hash still holds a delivery (eviction leaves the set as it is). */
    ids: () => this.store.run(() => this.redis.svcWebhookOrgsWith(this.k.orgs, this.k.prefix, HASH_SUFFIX)),
    reset: (orgId: string) => this.resetOrg(orgId),
    export: (orgId: string) => this.exportOrg(orgId),
    import: (orgId: string, data: unknown) =>
      writeDeliveries(this.store, this.k, orgId, data as WebhookDeliveriesExport),
    check: (orgId: string, data: unknown) => checkDeliveries(orgId, data as WebhookDeliveriesExport),
  };

  constructor(
    private readonly store: RedisStore,
    clocks: Pick<OrgClocks, 'for' | 'onChange'>,
    private readonly attempts: AttemptMaker,
    endpoints: Pick<RedisEndpointsState, 'get'>,
    private readonly logLimit = DEFAULT_DELIVERY_LOG_LIMIT,
  ) {
    this.k = deliveryKeys(store);
    this.lanes = new AttemptLanes(store, clocks, this.k.due);
    this.queue = new RedisAttemptQueue(
      store,
      this.lanes,
      attempts,
      (orgId, id) => endpoints.get(orgId, id),
      this.k,
      (change) => this.changed(change),
    );
    store.onMessage((m) => this.receive(m));
    store.onResync(() => Promise.resolve(this.queue.claimSoon()));
  }

  private get redis(): DeliveryRedis {
    return this.store.redis as unknown as DeliveryRedis;
  }

  /**
   * After a load: the organization's pending deliveries go into its lane's due set, at their next attempt's
   * time (now when none is set), where any instance claims them; this one looks at once.
   */
  async resume(orgId: string): Promise<void> {
    const lane = this.lanes.of(orgId);
    const entries = dueEntries(await this.exportOrg(orgId), lane.clock.now());
    if (entries.length > 0) await this.store.run(() => this.redis.zadd(lane.due, ...entries));
    this.queue.claimSoon();
  }

  /** Defines the scripts and starts claiming; nothing to load, since every read asks Redis. */
  open(): Promise<void> {
    const r = this.redis;
    defineOnce(r, 'svcWebhookEnqueue', 6, WEBHOOK_ENQUEUE);
    defineOnce(r, 'svcWebhookClaim', 3, WEBHOOK_CLAIM);
    defineOnce(r, 'svcWebhookFinish', 5, WEBHOOK_FINISH);
    defineOnce(r, 'svcWebhookRedeliver', 3, WEBHOOK_REDELIVER);
    defineOnce(r, 'svcWebhookRead', 2, WEBHOOK_READ);
    defineOnce(r, 'svcWebhookReclaim', 2, WEBHOOK_RECLAIM);
    defineOnce(r, 'svcWebhookDeleteDeliveryKeys', 6, DELETE_ORG_KEYS);
    defineOnce(r, 'svcWebhookOrgsWith', 1, ORGS_WITH_KEY);
    defineOnce(r, 'svcWebhookClearOrg', 6, WEBHOOK_CLEAR_ORG);
    defineOnce(r, 'svcWebhookReadOrg', 2, WEBHOOK_READ_ORG);
    this.queue.start();
    return Promise.resolve();
  }

  /** Every organization's deliveries and the queue, for every instance (the others forget theirs on the `reset` message). */
  async reset(): Promise<void> {
    const k = this.k;
    const lanes = this.lanes.ownDueKeys();
    if (lanes.length > 0) await this.store.run(() => this.redis.del(...lanes));
    await this.store.run(() =>
      this.redis.svcWebhookDeleteDeliveryKeys(
        k.orgs,
        k.orgOf,
        k.order,
        k.seq,
        k.due,
        k.leases,
        k.prefix,
        HASH_SUFFIX,
      ),
    );
    this.forget();
  }

  /**
   * One organization's deliveries, for every instance (one script: WEBHOOK_CLEAR_ORG); nothing of them is
   * kept at hand but what waits to be written, which each instance drops on the script's event.
   */
  private async resetOrg(orgId: string): Promise<void> {
    const k = this.k;
    const message = this.store.message(ORG_RESET, { orgId });
    await this.store.run(() =>
      this.redis.svcWebhookClearOrg(
        ...[k.hash(orgId), k.orgOf, k.order, this.lanes.of(orgId).due, k.leases, k.orgs],
        ...[orgId, this.store.channel, message],
      ),
    );
    this.forgetOrg(orgId);
  }

  private forgetOrg(orgId: string): void {
    this.queue.forgetOrg(orgId);
    for (const [id, d] of this.held) if (d.orgId === orgId) this.held.delete(id);
    wakeOrg(this.waiters, orgId);
  }

  private async exportOrg(orgId: string): Promise<WebhookDeliveriesExport | undefined> {
    const [flat, places] = await this.store.run(() =>
      this.redis.svcWebhookReadOrg(this.k.hash(orgId), this.k.order),
    );
    const fields = new Map<string, string>();
    for (let i = 0; i < flat.length; i += 2) fields.set(flat[i], flat[i + 1]);
    const items: DeliveryExport[] = [];
    for (let i = 0; i < places.length; i += 2) {
      const [id, place] = [places[i], places[i + 1]];
      const [base, state] = [fields.get(`base:${id}`), fields.get(`state:${id}`)];
      if (!base || !state) continue;
      const body = fields.get(`body:${id}`) ?? '';
      const d = assemble(base, 'null', state, fields.get(`attempts:${id}`) ?? '');
      items.push(deliveryExport(d, body, place === '' ? undefined : Number(place)));
    }
    return deliveriesExport(items);
  }

  /** What this instance keeps for the shared deliveries goes (a reset here or elsewhere). */
  private forget(): void {
    this.queue.forget();
    this.held.clear();
    wakeAll(this.waiters);
  }

  stop(): void {
    this.queue.stop();
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  add(delivery: WebhookDelivery, body: string): void {
    const k = this.k;
    const base = baseOf(delivery);
    const change: Change = { id: delivery.id, state: '1|pending|', base, attempts: [], created: true };
    const message = this.store.message('webhooks.delivery', change);
    const lane = this.lanes.of(delivery.orgId);
    const due = firstAttemptDue(delivery, lane.clock.now());
    const write = async () => {
      await this.redis.svcWebhookEnqueue(
        ...[k.hash(delivery.orgId), k.order, k.seq, lane.due, k.orgOf, k.orgs],
        ...[
          delivery.id,
          delivery.orgId,
          JSON.stringify(base),
          body,
          due,
          this.logLimit,
          this.store.channel,
          message,
        ],
        ...[k.prefix, HASH_SUFFIX],
      );
      this.held.delete(delivery.id);
      this.changed(change);
    };
    // Listed from here until it lands (while Redis is away, what is owed is all a list can show).
    this.held.set(delivery.id, delivery);
    this.queue.send(delivery.orgId, `event:${delivery.id}`, write);
  }

  get(id: string): WebhookDelivery | undefined | Promise<WebhookDelivery | undefined> {
    if (this.store.status() !== 'ok') return this.held.get(id);
    return this.read([id], true).then(([d]) => d);
  }

  list(filter: DeliveryFilter & { limit?: number } = {}): WebhookDelivery[] | Promise<WebhookDelivery[]> {
    const limit = filter.limit ?? this.logLimit;
    // While Redis is away only what waits here to be written can be listed (pending, without attempts).
    if (this.store.status() !== 'ok')
      return [...this.held.values()]
        .reverse()
        .filter((d) => matches(d, filter))
        .slice(0, limit);
    return this.store.run(async () => {
      const ids = await this.redis.zrevrange(this.k.order, 0, -1);
      // Chosen on the fixed fields and the state, then read whole.
      const { minAttempts: _m, ...fields } = filter as WaitFilter;
      const chosen = (await this.read(ids, false)).filter((d) => d && matches(d, fields)).slice(0, limit);
      return (
        await this.read(
          chosen.map((d) => d!.id),
          true,
        )
      ).filter((d) => d !== undefined);
    });
  }

  /** Listed deliveries by id, in that order (undefined for one no longer listed); `full`: with envelope and attempts. */
  private async read(ids: string[], full: boolean): Promise<(WebhookDelivery | undefined)[]> {
    if (ids.length === 0) return [];
    const k = this.k;
    const got = await this.store.run(() =>
      this.redis.svcWebhookRead(k.orgOf, k.order, k.prefix, HASH_SUFFIX, full ? '1' : '0', ...ids),
    );
    return ids.map((_, i) => {
      const [base, body, state, attempts] = got.slice(i * 4, i * 4 + 4);
      return base && state ? assemble(base, body || 'null', state, attempts) : undefined;
    });
  }

  async waitFor(
    filter: WaitFilter,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<WebhookDelivery | undefined> {
    // Waiting first, then looking: a change between the two cannot be missed.
    const waiting = waitForChange(this.waiters, filter, timeoutMs, signal);
    const found = await this.find(filter).catch(() => undefined);
    if (found) {
      for (const w of this.waiters) if (w.filter === filter) w.resolve(found);
      await waiting.catch(() => undefined);
      return found;
    }
    const changed = await waiting;
    // Read again for its envelope (as the change had it, if it is no longer listed).
    return changed && ((await Promise.resolve(this.get(changed.id)).catch(() => undefined)) ?? changed);
  }

  private async find(filter: WaitFilter): Promise<WebhookDelivery | undefined> {
    if (filter.deliveryId !== undefined) {
      const d = await this.get(filter.deliveryId);
      return d && matches(d, filter) ? d : undefined;
    }
    const { minAttempts, ...listed } = filter;
    const list = await this.list(minAttempts === undefined ? { ...listed, limit: 1 } : listed);
    return list.find((d) => matches(d, filter));
  }

  redeliver(id: string): Promise<WebhookDelivery | undefined> {
    const k = this.k;
    return this.store
      .run(async () => {
        // Its new series is due at once on its organization's clock, in that clock's due set.
        const lane = this.lanes.of((await this.redis.hget(k.orgOf, id)) ?? '');
        return this.redis.svcWebhookRedeliver(
          k.orgOf,
          lane.due,
          k.order,
          id,
          lane.clock.now(),
          this.store.channel,
          messagePrefix(this.store),
          k.prefix,
          HASH_SUFFIX,
        );
      })
      .then((got) => {
        if (!got) return undefined;
        const d = assemble(got[0], got[1] || 'null', got[2], got[3]);
        this.changed({ id, state: got[2], base: baseOf(d), attempts: d.attempts });
        this.queue.claimSoon();
        return d;
      });
  }

  // Changes, from this instance or published by the others

  /** Wakes the long-polls a change satisfies. */
  private changed(change: Change): void {
    if (this.waiters.size === 0) return;
    const d = assemble(JSON.stringify(change.base), 'null', change.state, '');
    d.attempts = change.attempts;
    for (const w of this.waiters) if (matches(d, w.filter)) w.resolve(d);
  }

  private receive(m: StoreMessage): void {
    if (m.type === 'reset') {
      this.forget();
      return;
    }
    if (m.type === ORG_RESET) {
      this.forgetOrg((m.data as { orgId: string }).orgId);
      return;
    }
    if (m.type !== 'webhooks.delivery') return;
    const change = m.data as Change;
    this.changed(change);
    this.queue.heard(change);
  }
}
