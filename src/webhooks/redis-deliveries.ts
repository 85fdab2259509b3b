/**
 * The deliveries' state in Redis (redis-scripts.ts has the layout): a delivery and its attempts are in
 * Redis before the call that made them answers, and every read (list, get, long-poll) asks Redis, so any
 * instance sees every instance's deliveries. The attempts wait in a queue by due time on the emulator
 * clock; an instance claims a due attempt with a Lua script that leases it to that instance, makes it with
 * its AttemptMaker, and logs it with a script that also schedules the retry. An instance whose heartbeat is
 * gone loses its leases: another instance makes those attempts. What changes is published, so a long-poll
 * on any instance wakes and an instance wakes for a retry another scheduled. docs/scaling.md says what a
 * client sees.
 */
import type { Redis } from 'ioredis';
import type { Clock, ClockTimer } from '../core/clock.js';
import { SEEN_WITHIN_MS, type RedisStore, type StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import { MAX_ATTEMPTS_LOGGED, type AttemptMaker, type AttemptResult } from './attempt-maker.js';
import type { WebhookDeliveriesState } from './deliveries-state.js';
import { DEFAULT_DELIVERY_LOG_LIMIT, matches, waitForChange, wakeAll, type Waiter } from './delivery-log.js';
import type { RedisEndpointsState } from './redis-endpoints.js';
import {
  DELETE_ORG_KEYS,
  WEBHOOK_CLAIM,
  WEBHOOK_ENQUEUE,
  WEBHOOK_FINISH,
  WEBHOOK_READ,
  WEBHOOK_RECLAIM,
  WEBHOOK_REDELIVER,
} from './redis-scripts.js';
import type { DeliveryAttempt, DeliveryFilter, WaitFilter, WebhookDelivery } from './types.js';

/** Wall time between sweeps: events written while Redis was away, leases of vanished instances, missed wake-ups. */
const SWEEP_MS = 1000;
const HASH_SUFFIX = ':deliveries';

type Base = Omit<WebhookDelivery, 'status' | 'series' | 'attempts' | 'nextAttemptAt' | 'envelope'>;
type Logged = [state: string, attempts: string];
/** A change as published: the delivery without its envelope. */
interface Change {
  id: string;
  state: string;
  base: Base;
  attempts: DeliveryAttempt[];
  /** A new delivery: the instance that emitted it makes its first attempt (the others' sweeps, if it dies). */
  created?: boolean;
}

interface Scripts {
  svcWebhookEnqueue(...args: (string | number)[]): Promise<number>;
  svcWebhookClaim(...args: (string | number)[]): Promise<string[]>;
  svcWebhookFinish(...args: (string | number)[]): Promise<Logged | null>;
  svcWebhookRedeliver(...args: (string | number)[]): Promise<[string, string, string, string] | null>;
  svcWebhookRead(...args: (string | number)[]): Promise<string[]>;
  svcWebhookReclaim(...args: (string | number)[]): Promise<number>;
  svcWebhookDeleteDeliveryKeys(...args: string[]): Promise<number>;
}

export class RedisDeliveriesState implements WebhookDeliveriesState {
  readonly name = 'webhook-deliveries';
  /** Who holds a lease: the instance and its process, so a worker restarted under the same name loses the old ones. */
  private readonly holder: string;
  private readonly waiters = new Set<Waiter>();
  private wake: ClockTimer | undefined;
  private wakeAt = Infinity;
  private sweeper: NodeJS.Timeout | undefined;
  /** Writes made while Redis was away (new deliveries, attempt outcomes), in order, flushed when it is back. */
  private outbox: (() => Promise<unknown>)[] = [];
  /** The deliveries this instance emitted while Redis was away: what it lists until they are written. */
  private held = new Map<string, WebhookDelivery>();
  private running = 0;
  private claiming = false;
  private claimAgain = false;
  /** The last claim was full: more may be due, so a finished attempt claims again. */
  private backlog = false;

  constructor(
    private readonly store: RedisStore,
    private readonly clock: Clock,
    private readonly attempts: AttemptMaker,
    private readonly endpoints: Pick<RedisEndpointsState, 'get'>,
    private readonly logLimit = DEFAULT_DELIVERY_LOG_LIMIT,
  ) {
    this.holder = `${store.instanceId}#${process.pid}`;
    store.onMessage((m) => this.receive(m));
    store.onResync(() => Promise.resolve(this.claimSoon()));
  }

  private get redis(): Redis & Scripts {
    return this.store.redis as unknown as Redis & Scripts;
  }

  private get k() {
    const key = (name: string) => this.store.key(`webhooks:${name}`);
    return {
      orgOf: key('org-of'),
      order: key('order'),
      seq: key('seq'),
      due: key('due'),
      leases: key('leases'),
      orgs: key('delivery-orgs'),
    };
  }

  /** The organization's hash of deliveries. */
  private hash(orgId: string): string {
    return this.store.key(`webhooks:${orgId}${HASH_SUFFIX}`);
  }

  private get prefix(): string {
    return this.store.key('webhooks:');
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
    this.sweeper ??= setInterval(() => void this.sweep(), SWEEP_MS).unref();
    this.claimSoon();
    return Promise.resolve();
  }

  /** Every organization's deliveries and the queue, for every instance (the others forget theirs on the `reset` message). */
  async reset(): Promise<void> {
    const k = this.k;
    await this.store.run(() =>
      this.redis.svcWebhookDeleteDeliveryKeys(
        k.orgs,
        k.orgOf,
        k.order,
        k.seq,
        k.due,
        k.leases,
        this.prefix,
        HASH_SUFFIX,
      ),
    );
    this.forget();
  }

  /** What this instance keeps for the shared deliveries goes (a reset here or elsewhere). */
  private forget(): void {
    this.attempts.abort();
    this.wake?.cancel();
    this.wake = undefined;
    this.wakeAt = Infinity;
    this.outbox = [];
    this.held.clear();
    wakeAll(this.waiters);
  }

  stop(): void {
    this.attempts.abort();
    this.wake?.cancel();
    clearInterval(this.sweeper);
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  add(delivery: WebhookDelivery, body: string): void {
    const { envelope: _e, status: _s, series: _n, attempts: _a, nextAttemptAt: _t, ...base } = delivery;
    const k = this.k;
    const change: Change = { id: delivery.id, state: '1|pending|', base, attempts: [], created: true };
    const message = this.store.message('webhooks.delivery', change);
    const due = this.clock.now();
    const write = async () => {
      await this.redis.svcWebhookEnqueue(
        ...[this.hash(delivery.orgId), k.order, k.seq, k.due, k.orgOf, k.orgs],
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
        ...[this.prefix, HASH_SUFFIX],
      );
      this.held.delete(delivery.id);
      this.changed(change);
    };
    if (this.store.status() !== 'ok' || this.outbox.length > 0) {
      this.hold(delivery, write);
      return;
    }
    // Never a 502 for an event: one Redis could not take waits in the outbox (docs/scaling.md).
    this.store.track(
      write().then(
        () => this.claimSoon(),
        () => this.hold(delivery, write),
      ),
    );
  }

  private hold(delivery: WebhookDelivery, write: () => Promise<unknown>): void {
    this.held.set(delivery.id, delivery);
    this.outbox.push(write);
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
      this.redis.svcWebhookRead(k.orgOf, k.order, this.prefix, HASH_SUFFIX, full ? '1' : '0', ...ids),
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
    const message = this.store.message('webhooks.delivery', null);
    return this.store
      .run(() =>
        this.redis.svcWebhookRedeliver(
          k.orgOf,
          k.due,
          k.order,
          id,
          this.clock.now(),
          this.store.channel,
          message.slice(0, message.lastIndexOf('null')),
          this.prefix,
          HASH_SUFFIX,
        ),
      )
      .then((got) => {
        if (!got) return undefined;
        const d = assemble(got[0], got[1] || 'null', got[2], got[3]);
        this.changed({ id, state: got[2], base: JSON.parse(got[0]) as Base, attempts: d.attempts });
        this.claimSoon();
        return d;
      });
  }

  // The queue

  private claimSoon(): void {
    setImmediate(() => void this.claim());
  }

  /** Takes the due attempts this instance has room for, and makes them. */
  private async claim(): Promise<void> {
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = true;
    try {
      do {
        this.claimAgain = false;
        const room = this.attempts.maxConcurrent - this.running;
        this.backlog = room <= 0;
        if (room <= 0 || this.store.status() !== 'ok') break;
        const k = this.k;
        const got = await this.redis.svcWebhookClaim(
          k.due,
          k.leases,
          k.orgOf,
          this.clock.now(),
          room,
          this.holder,
          this.prefix,
          HASH_SUFFIX,
        );
        for (let i = 0; i < got.length; i += 6) {
          const [member, , base, body, state, attempts] = got.slice(i, i + 6);
          void this.attempt(member, assemble(base, body || 'null', state, attempts), body);
        }
        if (got.length / 6 === room) this.backlog = this.claimAgain = true;
      } while (this.claimAgain);
      await this.scheduleWake();
    } catch {
      // Redis away: the sweep claims again once it is back.
    } finally {
      this.claiming = false;
    }
  }

  /** One claimed attempt: made here, then logged in Redis (or in the outbox until Redis is back). */
  private async attempt(member: string, d: WebhookDelivery, body: string): Promise<void> {
    this.running++;
    try {
      const series = Number(member.slice(member.lastIndexOf('|') + 1));
      if (series !== d.series) return;
      const number = d.attempts.filter((a) => a.series === series).length + 1;
      const endpoint = await this.endpoints.get(d.orgId, d.endpointId);
      const result = await this.attempts.make(
        d,
        body,
        series,
        () => true,
        () => ({ attempt: number, endpoint }),
      );
      // A reset meanwhile: its lease is gone with the queue, nothing to log.
      if (result) await this.finish(member, d, result);
    } catch {
      // Redis away while looking up the endpoint: the attempt goes back to the queue once it is back.
      const now = this.clock.now();
      this.outbox.push(() =>
        this.redis.svcWebhookReclaim(this.k.leases, this.k.due, member, this.holder, now),
      );
    } finally {
      this.running--;
      if (this.backlog) this.claimSoon();
    }
  }

  private async finish(member: string, d: WebhookDelivery, result: AttemptResult): Promise<void> {
    const { logged } = result;
    let status: 'delivered' | 'failed' | 'pending' = result.ok ? 'delivered' : 'failed';
    let nextAt = '';
    let due: number | '' = '';
    const delay = result.ok || result.final ? undefined : this.attempts.retryDelay(logged.attempt);
    if (delay !== undefined) {
      status = 'pending';
      due = this.clock.now() + delay;
      nextAt = new Date(due).toISOString();
    }
    const k = this.k;
    const message = this.store.message('webhooks.delivery', null);
    const write = async () => {
      const done = await this.redis.svcWebhookFinish(
        ...[this.hash(d.orgId), k.leases, k.due, k.order, k.orgOf],
        ...[
          member,
          this.holder,
          d.id,
          d.series,
          JSON.stringify(logged),
          status,
          nextAt,
          due,
          MAX_ATTEMPTS_LOGGED,
        ],
        ...[this.store.channel, message.slice(0, message.lastIndexOf('null'))],
      );
      if (!done) return;
      const { envelope: _e, status: _s, series: _n, attempts: _a, nextAttemptAt: _t, ...base } = d;
      const change: Change = { id: d.id, state: done[0], base, attempts: parseAttempts(done[1]) };
      this.changed(change);
      this.attempts.attempted(
        { ...assemble(JSON.stringify(base), 'null', done[0], done[1]), envelope: d.envelope },
        logged,
      );
    };
    if (this.store.status() !== 'ok' || this.outbox.length > 0) this.outbox.push(write);
    else await write().catch(() => this.outbox.push(write));
  }

  /** A clock timer for the earliest attempt due in Redis, so advancing the clock makes the retries due. */
  private async scheduleWake(): Promise<void> {
    const [, score] = await this.redis.zrange(this.k.due, 0, 0, 'WITHSCORES');
    this.wake?.cancel();
    this.wake = undefined;
    this.wakeAt = Infinity;
    if (score !== undefined) this.wakeFor(Number(score));
  }

  private wakeFor(at: number): void {
    if (at >= this.wakeAt) return;
    const delay = at - this.clock.now();
    if (delay <= 0) {
      this.claimSoon();
      return;
    }
    this.wake?.cancel();
    this.wakeAt = at;
    this.wake = this.clock.setTimeout(
      () => {
        this.wake = undefined;
        this.wakeAt = Infinity;
        return this.claim();
      },
      delay,
      'webhook retries (shared queue)',
    );
  }

  /** Every second: flush the outbox, take back the leases of vanished instances, claim what is due. */
  private async sweep(): Promise<void> {
    if (this.redis.status === 'end') {
      clearInterval(this.sweeper);
      return;
    }
    if (this.store.status() !== 'ok') return;
    try {
      while (this.outbox.length > 0) {
        await this.outbox[0]();
        this.outbox.shift();
      }
      await this.reclaim();
    } catch {
      return;
    }
    await this.claim();
  }

  private async reclaim(): Promise<void> {
    const leases = Object.entries(await this.redis.hgetall(this.k.leases)).filter(
      ([, h]) => h !== this.holder,
    );
    if (leases.length === 0) return;
    const holders = [...new Set(leases.map(([, h]) => h))];
    const ids = holders.map((h) => h.slice(0, h.lastIndexOf('#')));
    const [scores, infos] = await Promise.all([
      this.redis.zmscore(this.store.key('instances'), ...ids),
      this.redis.mget(ids.map((id) => this.store.key(`instance:${id}`))),
    ]);
    const gone = new Set(
      holders.filter((h, i) => {
        const pid = Number(h.slice(h.lastIndexOf('#') + 1));
        const seen = scores[i] !== null && Number(scores[i]) >= Date.now() - SEEN_WITHIN_MS;
        return !seen || (JSON.parse(infos[i] ?? '{}') as { pid?: number }).pid !== pid;
      }),
    );
    const now = this.clock.now();
    for (const [member, holder] of leases)
      if (gone.has(holder))
        await this.redis.svcWebhookReclaim(this.k.leases, this.k.due, member, holder, now);
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
    if (m.type !== 'webhooks.delivery') return;
    const change = m.data as Change;
    this.changed(change);
    const [, status, nextAt] = change.state.split('|');
    if (status === 'pending' && !change.created) {
      if (nextAt) this.wakeFor(Date.parse(nextAt));
      else this.claimSoon();
    }
  }
}

function parseAttempts(lines: string): DeliveryAttempt[] {
  return lines ? lines.split('\n').map((line) => JSON.parse(line) as DeliveryAttempt) : [];
}

/** A delivery from its pieces in Redis. */
function assemble(base: string, body: string, state: string, attempts: string): WebhookDelivery {
  const [series, status, nextAt] = state.split('|');
  return {
    ...(JSON.parse(base) as Base),
    status: status as WebhookDelivery['status'],
    series: Number(series),
    ...(nextAt ? { nextAttemptAt: nextAt } : {}),
    attempts: parseAttempts(attempts),
    envelope: JSON.parse(body) as WebhookDelivery['envelope'],
  };
}
