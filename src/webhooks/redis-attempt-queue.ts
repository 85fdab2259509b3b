/**
 * The webhook attempts' queue in Redis: attempts wait in a sorted set by due time, one per clock (the lanes of
 * redis-attempt-lanes.ts: an organization with its own clock has its attempts due on it); an instance claims the due ones it has room for with a Lua script that leases each to it, makes them
 * with its AttemptMaker, and logs each with a script that also schedules the retry. A write that cannot
 * reach Redis waits in order in an outbox, flushed by a one-second sweep that also takes back the leases
 * of instances whose heartbeat is gone.
 */
import { SEEN_WITHIN_MS, type RedisStore } from '../store/redis-store.js';
import { MAX_ATTEMPTS_LOGGED, type AttemptMaker, type AttemptResult } from './attempt-maker.js';
import type { WebhookEndpoint } from './endpoints.js';
import type { AttemptLane, AttemptLanes } from './redis-attempt-lanes.js';
import {
  assemble,
  baseOf,
  messagePrefix,
  HASH_SUFFIX,
  parseAttempts,
  type Change,
  type DeliveryKeys,
  type DeliveryRedis,
} from './redis-delivery-codec.js';
import type { WebhookDelivery } from './types.js';

/** Wall time between sweeps: events written while Redis was away, leases of vanished instances, missed wake-ups. */
const SWEEP_MS = 1000;

export class RedisAttemptQueue {
  /** Who holds a lease: the instance and its process, so a worker restarted under the same name loses the old ones. */
  private readonly holder: string;
  private sweeper: NodeJS.Timeout | undefined;
  /**
   * Writes made while Redis was away (new deliveries, attempt outcomes), in order, flushed when it is back;
   * each with its organization, whose reset drops them.
   */
  private outbox: { orgId: string; write: () => Promise<unknown> }[] = [];
  private running = 0;
  private claiming = false;
  private claimAgain = false;
  /** The last claim was full: more may be due, so a finished attempt claims again. */
  private backlog = false;
  /** How many resets of each organization this instance heard of: an attempt claimed before one is not made. */
  private readonly orgResets = new Map<string, number>();

  constructor(
    private readonly store: RedisStore,
    private readonly lanes: AttemptLanes,
    private readonly attempts: AttemptMaker,
    private readonly endpoint: (orgId: string, id: string) => Promise<WebhookEndpoint | undefined>,
    private readonly k: DeliveryKeys,
    /** A change this instance wrote (the others hear it published). */
    private readonly onChange: (change: Change) => void,
  ) {
    this.holder = `${store.instanceId}#${process.pid}`;
  }

  private get redis(): DeliveryRedis {
    return this.store.redis as unknown as DeliveryRedis;
  }

  start(): void {
    this.sweeper ??= setInterval(() => void this.sweep(), SWEEP_MS).unref();
    this.claimSoon();
  }

  stop(): void {
    this.attempts.abort();
    for (const lane of this.lanes.all()) lane.wake?.cancel();
    clearInterval(this.sweeper);
  }

  /** A reset: the queue in Redis is gone; so is what waited here for it. */
  forget(): void {
    this.attempts.abort();
    for (const lane of this.lanes.all()) {
      lane.wake?.cancel();
      lane.wake = undefined;
      lane.wakeAt = Infinity;
    }
    this.outbox = [];
  }

  /** An organization's reset: what waits here to be written for it goes, and its attempts waiting for a slot. */
  forgetOrg(orgId: string): void {
    this.outbox = this.outbox.filter((w) => w.orgId !== orgId);
    this.orgResets.set(orgId, (this.orgResets.get(orgId) ?? 0) + 1);
  }

  /**
   * Writes a new delivery of `orgId`, then claims; while Redis is away (or earlier writes still wait) it
   * waits in the outbox, and `held` is told. Never a 502 for an event: one Redis could not take waits
   * (docs/scaling.md).
   */
  send(orgId: string, write: () => Promise<unknown>, held: () => void): void {
    const hold = () => {
      held();
      this.outbox.push({ orgId, write });
    };
    if (this.store.status() !== 'ok' || this.outbox.length > 0) {
      hold();
      return;
    }
    this.store.track(write().then(() => this.claimSoon(), hold));
  }

  /** A change another instance published: a retry to wake for, or an attempt to claim now. */
  heard(change: Change): void {
    const [, status, nextAt] = change.state.split('|');
    if (status !== 'pending' || change.created) return;
    if (nextAt) this.wakeFor(this.lanes.of(change.base.orgId), Date.parse(nextAt));
    else this.claimSoon();
  }

  /** Claims on a later turn of the event loop. */
  claimSoon(): void {
    setImmediate(() => void this.claim());
  }

  /** Takes the due attempts this instance has room for, lane after lane, and makes them. */
  private async claim(): Promise<void> {
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = true;
    try {
      do {
        this.claimAgain = false;
        for (const lane of [...this.lanes.all()]) {
          const room = this.attempts.maxConcurrent - this.running;
          this.backlog = room <= 0;
          if (room <= 0 || this.store.status() !== 'ok') break;
          const got = await this.claimIn(lane, room);
          if (got === room) this.backlog = this.claimAgain = true;
        }
      } while (this.claimAgain);
      for (const lane of [...this.lanes.all()]) await this.scheduleWake(lane);
    } catch {
      // Redis away: the sweep claims again once it is back.
    } finally {
      this.claiming = false;
    }
  }

  /** Claims up to `room` attempts due on the lane's clock and starts them; how many it took. */
  private async claimIn(lane: AttemptLane, room: number): Promise<number> {
    const k = this.k;
    const got = await this.redis.svcWebhookClaim(
      lane.due,
      k.leases,
      k.orgOf,
      lane.clock.now(),
      room,
      this.holder,
      k.prefix,
      HASH_SUFFIX,
    );
    for (let i = 0; i < got.length; i += 7) {
      const [member, , base, body, state, attempts, due] = got.slice(i, i + 7);
      void this.attempt(member, assemble(base, body || 'null', state, attempts), body, Number(due));
    }
    return got.length / 7;
  }

  /** One claimed attempt: made here, then logged in Redis (or in the outbox until Redis is back). */
  private async attempt(member: string, d: WebhookDelivery, body: string, dueAt: number): Promise<void> {
    this.running++;
    const lane = this.lanes.of(d.orgId);
    const resets = this.orgResets.get(d.orgId);
    try {
      const series = Number(member.slice(member.lastIndexOf('|') + 1));
      if (series !== d.series) return;
      const number = d.attempts.filter((a) => a.series === series).length + 1;
      const endpoint = await this.endpoint(d.orgId, d.endpointId);
      const result = await this.attempts.make(
        d,
        body,
        series,
        () => this.orgResets.get(d.orgId) === resets,
        () => ({ attempt: number, endpoint, dueAt }),
      );
      // A reset meanwhile: its lease is gone with the queue, nothing to log.
      if (result) await this.finish(member, d, result, dueAt);
      // Not made: a reset of its organization was heard while it waited for a slot. Claimed before that
      // reset, its lease went with it; claimed after it (the event came late), it goes back to the queue.
      else if (this.orgResets.get(d.orgId) !== resets)
        await this.redis.svcWebhookReclaim(this.k.leases, lane.due, member, this.holder, lane.clock.now());
    } catch {
      // Redis away while looking up the endpoint: the attempt goes back to the queue once it is back.
      const now = lane.clock.now();
      this.outbox.push({
        orgId: d.orgId,
        write: () => this.redis.svcWebhookReclaim(this.k.leases, lane.due, member, this.holder, now),
      });
    } finally {
      this.running--;
      if (this.backlog) this.claimSoon();
    }
  }

  private async finish(
    member: string,
    d: WebhookDelivery,
    result: AttemptResult,
    dueAt: number,
  ): Promise<void> {
    const { logged } = result;
    let status: 'delivered' | 'failed' | 'pending' = result.ok ? 'delivered' : 'failed';
    let nextAt = '';
    let due: number | '' = '';
    const delay = result.ok || result.final ? undefined : this.attempts.retryDelay(logged.attempt);
    const lane = this.lanes.of(d.orgId);
    if (delay !== undefined) {
      // Counted from when this attempt was due (decisions W4): a clock advanced by days while it was on the
      // wire makes each retry of the schedule in turn.
      status = 'pending';
      due = dueAt + delay;
      nextAt = new Date(due).toISOString();
    }
    const k = this.k;
    const write = async () => {
      const done = await this.redis.svcWebhookFinish(
        ...[this.k.hash(d.orgId), k.leases, lane.due, k.order, k.orgOf],
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
        ...[this.store.channel, messagePrefix(this.store)],
      );
      if (!done) return;
      // Due already on its clock: no timer would fire for it on a frozen clock. Due later: a timer on the
      // lane's clock at once, so a clock advanced right after this attempt makes its retry (not the sweep).
      if (due !== '') this.wakeFor(lane, due);
      const change: Change = { id: d.id, state: done[0], base: baseOf(d), attempts: parseAttempts(done[1]) };
      this.onChange(change);
      this.attempts.attempted(
        { ...assemble(JSON.stringify(change.base), 'null', done[0], done[1]), envelope: d.envelope },
        logged,
      );
    };
    const waiting = { orgId: d.orgId, write };
    if (this.store.status() !== 'ok' || this.outbox.length > 0) this.outbox.push(waiting);
    else await write().catch(() => this.outbox.push(waiting));
  }

  /** A timer on the lane's clock for its earliest attempt due in Redis, so advancing it makes the retries due. */
  private async scheduleWake(lane: AttemptLane): Promise<void> {
    const [, score] = await this.redis.zrange(lane.due, 0, 0, 'WITHSCORES');
    lane.wake?.cancel();
    lane.wake = undefined;
    lane.wakeAt = Infinity;
    if (score !== undefined) this.wakeFor(lane, Number(score));
  }

  /** Claims when the lane's clock reaches `at` (a retry another instance scheduled). */
  private wakeFor(lane: AttemptLane, at: number): void {
    if (at >= lane.wakeAt) return;
    const delay = at - lane.clock.now();
    if (delay <= 0) {
      this.claimSoon();
      return;
    }
    lane.wake?.cancel();
    lane.wakeAt = at;
    lane.wake = lane.clock.setTimeout(
      () => {
        lane.wake = undefined;
        lane.wakeAt = Infinity;
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
        const next = this.outbox[0];
        await next.write();
        // A reset meanwhile may have dropped it (and others) from the outbox.
        if (this.outbox[0] === next) this.outbox.shift();
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
    const taken = leases.filter(([, holder]) => gone.has(holder));
    if (taken.length === 0) return;
    // Each goes back to the due set of its organization's clock, at that clock's time.
    const orgs = await this.redis.hmget(this.k.orgOf, ...taken.map(([m]) => m.slice(0, m.lastIndexOf('|'))));
    for (const [i, [member, holder]] of taken.entries()) {
      const lane = this.lanes.of(orgs[i] ?? '');
      await this.redis.svcWebhookReclaim(this.k.leases, lane.due, member, holder, lane.clock.now());
    }
  }
}
