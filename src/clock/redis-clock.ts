/**
 * A clock shared between instances (issue 17): its state (mode, scale, one anchor) lives in Redis. A change or
 * a reset through any instance is one Lua script (redis-clock-scripts.ts CLOCK_CHANGE) that changes the state
 * and publishes it; every instance takes the new anchor, and its Clock fires its own timers that became due.
 * Each instance keeps the anchor at hand, so reading the time is a local computation with no round trip. An
 * instance started later takes the clock in Redis; the first one writes its own start.
 */
import type { Redis } from 'ioredis';
import {
  checkChange,
  loadedAnchor,
  savedAnchor,
  startAnchor,
  timeAt,
  type ClockAnchor,
  type ClockChange,
  type ClockStart,
} from '../core/clock-anchor.js';
import type { ClockAnchorState, ClockStateOptions, MoveListener } from '../core/clock-state.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import type { ResetOptions } from '../store/state-unit.js';
import { Acknowledged } from '../store/acknowledged.js';
import { CLOCK_CHANGE } from './redis-clock-scripts.js';

/** The state in Redis: the anchor, and a sequence number that orders the changes. */
interface SharedAnchor extends ClockAnchor {
  seq: number;
}

type ScriptChange = ClockChange | { replace: ClockAnchor };

interface ClockScripts {
  svcClockChange(
    k: string,
    change: string,
    wall: number,
    current: string,
    channel: string,
    from: string,
    id: string,
    token: string,
  ): Promise<[string, number]>;
}

export class RedisClockState implements ClockAnchorState {
  readonly name: string;
  /** Which clock of the store: its key, and the id its messages carry. */
  private readonly id: string;
  /** The anchor at hand: the last state taken (an older one, overtaken by a later change, is ignored). */
  private current: SharedAnchor;
  private readonly wallNow: () => number;
  private readonly listeners: MoveListener[] = [];
  /** Changes held until the other instances acknowledge them. */
  private readonly acks: Acknowledged;

  constructor(
    private readonly store: RedisStore,
    private readonly start: ClockStart,
    options: ClockStateOptions = {},
  ) {
    this.id = options.id ?? 'clock';
    this.name = this.id;
    this.wallNow = options.wallNow ?? (() => Date.now());
    this.acks = new Acknowledged(store, 'clock.ack', `${this.id}:`);
    this.current = { ...startAnchor(start, this.wallNow()), seq: 0 };
    const offMessage = store.onMessage((m) => this.receive(m));
    const offResync = store.onResync(() => this.load());
    this.unlisten = () => {
      offMessage();
      offResync();
    };
  }

  private readonly unlisten: () => void;

  /** A sandbox's clock, deleted: this instance stops following it (its key is the sandbox's to delete). */
  dispose(): void {
    this.unlisten();
    this.listeners.length = 0;
  }

  private get redis(): Redis & ClockScripts {
    return this.store.redis as unknown as Redis & ClockScripts;
  }

  private get key(): string {
    return this.store.key(this.id);
  }

  async open(): Promise<void> {
    defineOnce(this.store.redis, 'svcClockChange', 1, CLOCK_CHANGE);
    await this.load();
  }

  anchor(): Readonly<ClockAnchor> {
    return this.current;
  }

  now(): number {
    const a = this.current;
    return a.mode === 'frozen' ? a.virtual : timeAt(a, this.wallNow());
  }

  /**
   * Changes the clock in Redis (502 before anything changes while it is down), then here, and resolves once
   * every other live instance has taken it too (or BARRIER_WAIT_MS ran out): a read through another instance
   * right after the answer sees the new time, as the sandboxes' writes do (redis-sandboxes.ts).
   */
  async change(change: ClockChange): Promise<void> {
    checkChange(change);
    void this.take(await this.forAll(change));
  }

  onMove(listener: MoveListener): void {
    this.listeners.push(listener);
  }

  /**
   * The clock in Redis (a change through another instance whose event has not arrived yet included); this
   * instance's anchor if the key is gone (a flushed database, until the next change writes it again). A running
   * clock's is re-anchored at this instance's wall time (savedAnchor).
   */
  async exportShared(): Promise<ClockAnchor> {
    const json = await this.store.run(() => this.redis.get(this.key));
    return savedAnchor(json ? (JSON.parse(json) as SharedAnchor) : this.current, this.wallNow());
  }

  /** One script, as a reset: the loaded anchor replaces the one in Redis and reaches every instance. */
  async importShared(data: unknown): Promise<void> {
    const anchor = loadedAnchor(data as ClockAnchor, this.wallNow());
    void this.take(await this.forAll({ replace: anchor }));
  }

  /** A reset through this instance puts its start back in Redis, for every instance. */
  async reset(options: ResetOptions = {}): Promise<void> {
    if (options.keepClock) return;
    void this.take(await this.forAll({ replace: startAnchor(this.start, this.wallNow()) }));
  }

  /** At start and after a reconnection (events may have been missed): the clock in Redis, or this one's when there is none. */
  private async load(): Promise<void> {
    await this.redis.set(this.key, JSON.stringify({ ...this.current, seq: 0 }), 'NX');
    const json = await this.redis.get(this.key);
    if (json) void this.take(json, true);
  }

  /** The change's script, held until the other instances acknowledge it (store/acknowledged.ts). */
  private async forAll(change: ScriptChange): Promise<string> {
    // The subscribers reached, less this instance's own.
    const [json] = await this.acks.forAll(
      (token) => this.run(change, token),
      ([, reached]) => Math.max(0, Number(reached) - 1),
    );
    return json;
  }

  private run(change: ScriptChange, token: string): Promise<[string, number]> {
    // The current state goes along for the case where the key is gone (a flushed database): the script starts
    // from it, after this instance's sequence number, so the result is not taken for an old one.
    return this.redis.svcClockChange(
      this.key,
      JSON.stringify(change),
      this.wallNow(),
      JSON.stringify(this.current),
      this.store.channel,
      this.store.instanceId,
      this.id,
      token,
    );
  }

  /** Takes a newer state; resolves once the timers it made due here have fired (Clock.moved). */
  private take(state: string | SharedAnchor, always = false): Promise<unknown> | undefined {
    const next = typeof state === 'string' ? (JSON.parse(state) as SharedAnchor) : state;
    if (!always && next.seq <= this.current.seq) return undefined;
    const before = this.now();
    this.current = next;
    return Promise.all(this.listeners.map((listener) => listener(before)));
  }

  // Another instance's reset needs nothing here: the clock is not emptied by a reset, and the instance that
  // reset it publishes its start as a change (or keeps the clock, with keep_clock).
  private receive(m: StoreMessage): void {
    const data = m.data as { id?: string; anchor?: SharedAnchor; token?: string } | undefined;
    if (m.type === 'clock.changed' && data?.id === this.id && data.anchor) {
      // Acknowledged once the due work the change made due here is done (CJ7), so a read after the changer's
      // answer sees it; the changer stops waiting at BARRIER_WAIT_MS, nothing else depends on this.
      this.acks.acknowledge(this.take(data.anchor), data.token, () => {});
    } else if (m.type === 'clock.ack' && data?.token) {
      this.acks.received(data.token);
    }
  }
}
