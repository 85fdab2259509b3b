/**
 * Webhook endpoints (webhooks/redis-endpoints.ts), the delivery queue and the delivery log in Redis
 * (issue 17). Deliveries go into a Redis queue
 * (a sorted set by due time on the emulator clock); any instance claims a due attempt with a Lua script
 * that leases it to that instance (webhooks/redis-scripts.ts), makes it exactly as a single emulator does, and
 * logs it with a script that also schedules the retry. Each instance's delivery log is a copy kept coherent
 * by the events, so lists and waits answer locally. An instance whose heartbeat is gone loses its leases:
 * another instance makes those attempts. docs/scaling.md says what a client sees.
 */
import { ApiError } from '../http/errors.js';
import type { ClockTimer } from '../core/clock.js';
import type { WebhookEndpoint } from './endpoints.js';
import {
  DEFAULT_MAX_CONCURRENT_ATTEMPTS,
  MAX_ATTEMPTS_LOGGED,
  type AttemptResult,
  type DeliveryReplica,
  type WebhookEngine,
} from './engine.js';
import { DEFAULT_DELIVERY_LOG_LIMIT } from './delivery-log.js';
import type { DeliveryAttempt, WebhookDelivery } from './types.js';
import { SEEN_WITHIN_MS, type RedisStore, type StoreMessage } from '../store/redis-store.js';
import {
  WEBHOOK_CLAIM,
  WEBHOOK_ENQUEUE,
  WEBHOOK_FINISH,
  WEBHOOK_RECLAIM,
  WEBHOOK_REDELIVER,
} from './redis-scripts.js';
import { SharedWebhookEndpoints } from './redis-endpoints.js';

/** Wall time between sweeps: events written while Redis was away, leases of vanished instances, missed wake-ups. */
const SWEEP_MS = 1000;

type Base = Omit<WebhookDelivery, 'status' | 'series' | 'attempts' | 'nextAttemptAt' | 'envelope'>;
type Logged = [state: string, attempts: string];

interface Scripts {
  svcWebhookEnqueue(...args: (string | number)[]): Promise<number>;
  svcWebhookClaim(...args: (string | number)[]): Promise<string[]>;
  svcWebhookFinish(...args: (string | number)[]): Promise<Logged | null>;
  svcWebhookRedeliver(...args: (string | number)[]): Promise<Logged | null>;
  svcWebhookReclaim(...args: (string | number)[]): Promise<number>;
}

export class SharedWebhooks implements DeliveryReplica {
  readonly endpoints: SharedWebhookEndpoints;
  /** Who holds a lease: the instance and its process, so a worker restarted under the same name loses the old ones. */
  private readonly holder: string;
  private wake: ClockTimer | undefined;
  private wakeAt = Infinity;
  private sweeper: NodeJS.Timeout | undefined;
  /** Writes made while Redis was away (new deliveries, attempt outcomes), in order, flushed when it is back. */
  private outbox: (() => Promise<unknown>)[] = [];
  private running = 0;
  private claiming = false;
  private claimAgain = false;
  /** The last claim was full: more may be due, so a finished attempt claims again. */
  private backlog = false;

  constructor(
    private readonly store: RedisStore,
    private readonly engine: WebhookEngine,
  ) {
    this.holder = `${store.instanceId}#${process.pid}`;
    this.endpoints = new SharedWebhookEndpoints(store, engine);
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  private get redis() {
    return this.store.redis as RedisStore['redis'] & Scripts;
  }

  private get k() {
    const key = (name: string) => this.store.key(`webhooks:${name}`);
    return {
      base: key('base'),
      body: key('body'),
      state: key('state'),
      attempts: key('attempts'),
      order: key('order'),
      seq: key('seq'),
      due: key('due'),
      leases: key('leases'),
    };
  }

  /** The keys a reset deletes. */
  keyNames(): string[] {
    return [this.endpoints.key, ...Object.values(this.k)];
  }

  /** At start and after the subscriber reconnects: endpoints and the listed deliveries into the local copies. */
  async load(): Promise<void> {
    const r = this.redis;
    if (!this.sweeper) {
      r.defineCommand('svcWebhookEnqueue', { numberOfKeys: 7, lua: WEBHOOK_ENQUEUE });
      r.defineCommand('svcWebhookClaim', { numberOfKeys: 6, lua: WEBHOOK_CLAIM });
      r.defineCommand('svcWebhookFinish', { numberOfKeys: 7, lua: WEBHOOK_FINISH });
      r.defineCommand('svcWebhookRedeliver', { numberOfKeys: 3, lua: WEBHOOK_REDELIVER });
      r.defineCommand('svcWebhookReclaim', { numberOfKeys: 2, lua: WEBHOOK_RECLAIM });
    }
    const k = this.k;
    await this.endpoints.load();
    const ids = await r.zrange(k.order, 0, -1);
    if (ids.length > 0) {
      const [bases, bodies, states, attempts] = await Promise.all(
        [k.base, k.body, k.state, k.attempts].map((key) => r.hmget(key, ...ids)),
      );
      ids.forEach((_, i) => {
        if (bases[i] && states[i]) this.engine.log.put(assemble(bases[i], bodies[i] ?? '{}', states[i], attempts[i] ?? ''));
      });
    }
    this.engine.replica = this;
    this.sweeper ??= setInterval(() => void this.sweep(), SWEEP_MS).unref();
    this.claimSoon();
  }

  /** A reset made here: the shared keys are gone; forget the wake-up and what waited for Redis. */
  forget(): void {
    this.wake?.cancel();
    this.wake = undefined;
    this.wakeAt = Infinity;
    this.outbox = [];
  }

  // Deliveries (DeliveryReplica)

  assertWritable(): void {
    this.store.assertAvailable();
  }

  enqueue(delivery: WebhookDelivery, body: string): void {
    const { envelope: _e, status: _s, series: _n, attempts: _a, nextAttemptAt: _t, ...base } = delivery;
    const k = this.k;
    const message = this.store.message('webhooks.delivery', { base, body });
    const due = this.engine.clock.now();
    const write = () =>
      this.redis.svcWebhookEnqueue(
        ...[k.base, k.body, k.state, k.attempts, k.order, k.seq, k.due],
        ...[delivery.id, JSON.stringify(base), body, due, DEFAULT_DELIVERY_LOG_LIMIT, this.store.channel, message],
      );
    if (this.store.status() !== 'ok' || this.outbox.length > 0) {
      this.outbox.push(write);
      return;
    }
    // Never a 502 for an event: one Redis could not take waits in the outbox (docs/scaling.md).
    this.store.track(write().then(() => this.claimSoon(), () => this.outbox.push(write)));
  }

  async redeliver(deliveryId: string): Promise<WebhookDelivery> {
    const k = this.k;
    const logged = await this.store.run(() =>
      this.redis.svcWebhookRedeliver(k.state, k.due, k.attempts, deliveryId, this.engine.clock.now(), this.store.channel, this.prefix()),
    );
    const local = logged && this.apply(deliveryId, logged[0], parseAttempts(logged[1]));
    if (!local) throw new ApiError('not_found', `no webhook delivery ${deliveryId}`);
    this.claimSoon();
    return this.engine.delivery(deliveryId) ?? local;
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
        const room = DEFAULT_MAX_CONCURRENT_ATTEMPTS - this.running;
        this.backlog = room <= 0;
        if (room <= 0 || this.store.status() !== 'ok') break;
        const k = this.k;
        const got = await this.redis.svcWebhookClaim(
          ...[k.due, k.leases, k.base, k.body, k.state, k.attempts],
          ...[this.engine.clock.now(), room, this.holder],
        );
        for (let i = 0; i < got.length; i += 5) {
          const [member, base, body, state, attempts] = got.slice(i, i + 5);
          void this.attempt(member, assemble(base, body, state, attempts), body);
        }
        if (got.length / 5 === room) this.backlog = this.claimAgain = true;
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
      const endpoint = await this.endpointFor(d);
      const result = await this.engine.attemptShared(d, body, number, endpoint);
      // A reset meanwhile: its lease is gone with the queue, nothing to log.
      if (result) await this.finish(member, d, result);
    } catch {
      // Redis away while looking up the endpoint: the attempt goes back to the queue once it is back.
      const now = this.engine.clock.now();
      this.outbox.push(() => this.redis.svcWebhookReclaim(this.k.leases, this.k.due, member, this.holder, now));
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
    const delay = result.ok || result.final ? undefined : this.engine.retryDelay(logged.attempt);
    if (delay !== undefined) {
      status = 'pending';
      due = this.engine.clock.now() + delay;
      nextAt = new Date(due).toISOString();
    }
    const k = this.k;
    const write = async () => {
      const done = await this.redis.svcWebhookFinish(
        ...[k.state, k.leases, k.due, k.order, k.base, k.body, k.attempts],
        ...[member, this.holder, d.id, d.series, JSON.stringify(logged), status, nextAt, due, MAX_ATTEMPTS_LOGGED],
        ...[this.store.channel, this.prefix()],
      );
      if (!done) return;
      const local = this.apply(d.id, done[0], parseAttempts(done[1])) ?? d;
      this.engine.attempted(local, logged);
    };
    if (this.store.status() !== 'ok' || this.outbox.length > 0) this.outbox.push(write);
    else await write().catch(() => this.outbox.push(write));
  }

  private async endpointFor(d: WebhookDelivery): Promise<WebhookEndpoint | undefined> {
    return this.engine.endpoints.get(d.orgId, d.endpointId) ?? (await this.endpoints.fetch(d.orgId, d.endpointId));
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
    const delay = at - this.engine.clock.now();
    if (delay <= 0) {
      this.claimSoon();
      return;
    }
    this.wake?.cancel();
    this.wakeAt = at;
    this.wake = this.engine.clock.setTimeout(
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
    const leases = Object.entries(await this.redis.hgetall(this.k.leases)).filter(([, h]) => h !== this.holder);
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
    const now = this.engine.clock.now();
    for (const [member, holder] of leases)
      if (gone.has(holder)) await this.redis.svcWebhookReclaim(this.k.leases, this.k.due, member, holder, now);
  }

  // Events from the other instances

  /** The start of a `webhooks.delivery` message the scripts complete with the delivery's state and attempts. */
  private prefix(): string {
    const m = this.store.message('webhooks.delivery', null);
    return m.slice(0, m.lastIndexOf('null'));
  }

  /** A delivery's new state and attempts into the local copy (unknown here: evicted from the list, ignored). */
  private apply(id: string, state: string, attempts: DeliveryAttempt[]): WebhookDelivery | undefined {
    const local = this.engine.log.has(id) ? this.engine.delivery(id) : undefined;
    if (!local) return undefined;
    const [series, status, nextAt] = state.split('|');
    const next = { ...local, series: Number(series), status: status as WebhookDelivery['status'], attempts };
    if (nextAt) next.nextAttemptAt = nextAt;
    else delete next.nextAttemptAt;
    return this.engine.log.put(next);
  }

  private receive(m: StoreMessage): void {
    if (this.endpoints.receive(m)) return;
    switch (m.type) {
      case 'webhooks.delivery':
        return this.receiveDelivery(m.data as { base?: Base; body?: string; id?: string; state?: string; attempts?: DeliveryAttempt[] });
      case 'reset':
        this.forget();
        this.engine.reset();
        return;
    }
  }

  private receiveDelivery(data: { base?: Base; body?: string; id?: string; state?: string; attempts?: DeliveryAttempt[] }): void {
    if (data.base) {
      this.engine.log.put(assemble(JSON.stringify(data.base), data.body ?? '{}', '1|pending|', ''));
      return;
    }
    if (!data.id || !data.state || !this.apply(data.id, data.state, data.attempts ?? [])) return;
    const [, status, nextAt] = data.state.split('|');
    if (status === 'pending') {
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
