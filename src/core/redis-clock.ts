/**
 * The clock shared between instances (issue 17): its state (mode, scale, one anchor) lives in Redis. A set or
 * an advance through any instance's admin API is one Lua script (core/redis-clock-scripts.ts CLOCK_CHANGE) that changes
 * the state and publishes it; every instance then re-anchors its own Clock and fires its own timers that
 * became due. Reading the time stays a local computation from the anchor, with no round trip. An instance
 * started later takes the clock in Redis; the first one writes its own.
 */
import type { Redis } from 'ioredis';
import type { Clock, ClockAnchor, ClockMode, ClockReplica } from './clock.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import { CLOCK_CHANGE } from './redis-clock-scripts.js';

interface SharedAnchor extends ClockAnchor {
  seq: number;
}

type ClockChange = { advance: number } | { mode?: ClockMode; now?: number; timeScale?: number } | { replace: ClockAnchor };

interface ClockScripts {
  svcClockChange(k: string, change: string, wall: number, current: string, channel: string, id: string): Promise<string>;
}

export class SharedClock implements ClockReplica {
  /** The last state taken: an older one (a message overtaken by a later change) is ignored. */
  private seq = 0;
  /** States are taken one after another: firing timers is async. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: RedisStore,
    private readonly clock: Clock,
  ) {
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  private get redis(): Redis & ClockScripts {
    return this.store.redis as unknown as Redis & ClockScripts;
  }

  private get key(): string {
    return this.store.key('clock');
  }

  /** At start (and after a reconnection): the clock in Redis, or this instance's when there is none yet. */
  async load(): Promise<void> {
    defineOnce(this.store.redis, 'svcClockChange', 1, CLOCK_CHANGE);
    await this.redis.set(this.key, JSON.stringify({ ...this.clock.anchor(), seq: 0 }), 'NX');
    const json = await this.redis.get(this.key);
    if (json) await this.take(JSON.parse(json) as SharedAnchor, true);
    this.clock.replica = this;
  }

  set(options: { mode?: ClockMode; now?: number; timeScale?: number }): Promise<void> {
    return this.change(options);
  }

  advance(ms: number): Promise<void> {
    if (!(ms >= 0)) throw new RangeError('advance needs a non-negative number of milliseconds');
    return this.change({ advance: ms });
  }

  /** A reset put this instance's clock back to its start options: that becomes the shared clock. */
  restored(): void {
    this.store.assertAvailable();
    const write = this.run({ replace: this.clock.anchor() });
    this.store.track(write);
    void write.then((json) => this.take(JSON.parse(json) as SharedAnchor), () => {});
  }

  /** Changes the clock in Redis (502 before anything changes while it is down), then here. */
  private async change(change: ClockChange): Promise<void> {
    const json = await this.store.run(() => this.run(change));
    await this.take(JSON.parse(json) as SharedAnchor);
  }

  private run(change: ClockChange): Promise<string> {
    const current = JSON.stringify({ ...this.clock.anchor(), seq: 0 });
    return this.redis.svcClockChange(this.key, JSON.stringify(change), Date.now(), current, this.store.channel, this.store.instanceId);
  }

  private take(state: SharedAnchor, always = false): Promise<void> {
    const next = this.chain.then(async () => {
      if (!always && state.seq <= this.seq) return;
      this.seq = state.seq;
      await this.clock.follow(state);
    });
    this.chain = next.catch(() => {});
    return next;
  }

  private receive(m: StoreMessage): void {
    if (m.type === 'clock.changed') void this.take(m.data as SharedAnchor).catch(() => {});
  }
}
