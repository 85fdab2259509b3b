/**
 * The webhook attempts' queue in Redis: attempts wait in a sorted set by due time, one per clock (the lanes of
 * redis-attempt-lanes.ts: an organization with its own clock has its attempts due on it); an instance claims
 * the due ones it has room for with a Lua script that leases each to it, makes them with its AttemptMaker,
 * and logs each with a script that also schedules the retry. A new delivery and an attempt's outcome are owed
 * to Redis until they land (the store's outbox), each applied once (by delivery id; by lease). A one-second
 * sweep takes back the leases of instances whose heartbeat is gone, and this instance's own leases that a
 * claim whose reply was lost left behind (decisions W-L1).
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

/** Wall time between sweeps: leases of vanished instances and lost claims, missed wake-ups. */
const SWEEP_MS = 1000;
/** What the webhooks owe Redis is theirs in the store's outbox (a reset of theirs drops it). */
const AREA = 'webhooks';

export class RedisAttemptQueue {
  /** Who holds a lease: the instance and its process, so a worker restarted under the same name loses the old ones. */
  private readonly holder: string;
  private sweeper: NodeJS.Timeout | undefined;
  private running = 0;
  /** The attempts this instance holds a lease on and has not logged in Redis yet (made, or being made). */
  private readonly mine = new Set<string>();
  /** A claim got no reply: it may have leased attempts to this instance that it never heard of. */
  private claimLost = false;
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
    this.store.outbox.drop(AREA);
    this.mine.clear();
  }

  /** An organization's reset: what waits here to be written for it goes, and its attempts waiting for a slot. */
  forgetOrg(orgId: string): void {
    this.store.outbox.drop(AREA, orgId);
    this.orgResets.set(orgId, (this.orgResets.get(orgId) ?? 0) + 1);
  }

  /**
   * Writes a new delivery of `orgId` (`key`: its id), then claims; owed to Redis until it lands (the store's
   * outbox), in order after what this instance owes already. Never a 502 for an event: one Redis could not
   * take waits (docs/scaling.md).
   */
  send(orgId: string, key: string, write: () => Promise<unknown>): void {
    void this.store.outbox
      .submit({ key, area: AREA, orgId, send: write })
      .then(() => this.claimSoon())
      .catch(() => {});
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
          const got = await this.claimIn(lane, room).catch((err: unknown) => {
            // Sent, its reply lost: it may have leased attempts here (taken back by the sweep).
            this.claimLost = true;
            this.store.noteFailure(err);
            throw err;
          });
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
      this.mine.add(member);
      void this.attempt(member, assemble(base, body || 'null', state, attempts), body, Number(due));
    }
    return got.length / 7;
  }

  /** One claimed attempt: made here, then logged in Redis (or in the outbox until Redis is back). */
  private async attempt(member: string, d: WebhookDelivery, body: string, dueAt: number): Promise<void> {
    this.running++;
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
      if (result) this.finish(member, d, result, dueAt);
      // Not made: a reset of its organization was heard while it waited for a slot. Claimed before that
      // reset, its lease went with it; claimed after it (the event came late), it goes back to the queue.
      else if (this.orgResets.get(d.orgId) !== resets) this.giveBack(member, d.orgId);
      else this.mine.delete(member);
    } catch {
      // Redis away while looking up the endpoint: the attempt goes back to the queue once it is back.
      this.giveBack(member, d.orgId);
    } finally {
      this.running--;
      if (this.backlog) this.claimSoon();
    }
  }

  /** An attempt leased here and not made goes back to the queue of its organization's clock (owed until it lands). */
  private giveBack(member: string, orgId: string, holder = this.holder): void {
    const lane = this.lanes.of(orgId);
    const now = lane.clock.now();
    void this.store.outbox
      .submit({
        key: `reclaim:${member}`,
        area: AREA,
        orgId,
        send: () => this.redis.svcWebhookReclaim(this.k.leases, lane.due, member, holder, now),
      })
      .catch(() => {})
      .finally(() => this.mine.delete(member));
  }

  /** Logs an attempt's outcome: owed until it lands, applied once (only while its lease is held here). */
  private finish(member: string, d: WebhookDelivery, result: AttemptResult, dueAt: number): void {
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
    void this.store.outbox
      .submit({ key: `attempt:${member}:${logged.attempt}`, area: AREA, orgId: d.orgId, send: write })
      .catch(() => {})
      .finally(() => this.mine.delete(member));
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
      await this.reclaim();
      if (this.claimLost && !this.claiming) await this.reclaimOwn();
    } catch {
      return;
    }
    await this.claim();
  }

  /**
   * After a claim whose reply was lost: the leases held by this instance for attempts it never heard of go
   * back to the queue. Run between claims, so every lease of this holder not in `mine` is such a one.
   */
  private async reclaimOwn(): Promise<void> {
    this.claimLost = false;
    const leases = Object.entries(await this.redis.hgetall(this.k.leases)).filter(
      ([m, h]) => h === this.holder && !this.mine.has(m),
    );
    if (leases.length === 0) return;
    const orgs = await this.redis.hmget(this.k.orgOf, ...leases.map(([m]) => m.slice(0, m.lastIndexOf('|'))));
    for (const [i, [member]] of leases.entries()) {
      this.mine.add(member);
      this.giveBack(member, orgs[i] ?? '');
    }
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
