/**
 * While a load runs, requests wait at the start of the pipeline instead of seeing half a state (decision
 * ST-G1): one boolean test per request when no load runs. Health and the load's own operation pass (health
 * answers; a second PUT /state is told 409). With Redis, the loading instance tells the others
 * (`state.load` events, renewed every second) and they hold their requests too, until its `end` event or,
 * should the loading instance vanish, HOLD_MS after the last renewal (wall time: infrastructure).
 */
import type { IncomingMessage } from 'node:http';
import { RedisStore } from '../store/redis-store.js';
import type { StateStore } from '../store/index.js';

/** How often the loading instance renews its hold on the others, and how long they wait without a renewal. */
export const RENEW_MS = 1000;
export const HOLD_MS = 5000;

const HEALTH = /^\/_emulator\/health\/?(\?|$)/;
const STATE = /^\/_emulator\/state\/?(\?|$)/;

export class LoadGate {
  /** True while this instance runs a load or another instance holds it: read on every request. */
  closed = false;
  /** A load runs on this instance. */
  private local = false;
  /** Another instance's load holds this one (until the timer, or its end event). */
  private remote: NodeJS.Timeout | undefined;
  private waiting: (() => void)[] = [];
  private renewal: NodeJS.Timeout | undefined;
  private readonly redis: RedisStore | null;
  /** Told when another instance's load ended (onRemoteEnd). */
  private readonly remoteEnds: (() => void)[] = [];

  constructor(store: StateStore) {
    this.redis = store instanceof RedisStore ? store : null;
    this.redis?.onMessage((m) => {
      if (m.type !== 'state.load') return;
      if ((m.data as { phase?: string }).phase !== 'end') return this.holdRemote();
      this.releaseRemote();
      for (const listener of this.remoteEnds) listener();
    });
  }

  /**
   * With Redis: `listener` runs when another instance's load ended (loaded, refused or put back), once the
   * state it wrote is in this instance's copies (its events come before the end's on the channel).
   */
  onRemoteEnd(listener: () => void): void {
    this.remoteEnds.push(listener);
  }

  /** Whether a load runs anywhere (this instance's or, with Redis, another's): a second one is refused. */
  get busy(): boolean {
    return this.closed;
  }

  /** Health and the state operation itself go through; everything else waits. */
  passes(req: IncomingMessage): boolean {
    const url = req.url ?? '';
    return HEALTH.test(url) || (req.method === 'PUT' && STATE.test(url));
  }

  /** Runs `go` once no load runs. */
  wait(go: () => void): void {
    this.waiting.push(go);
  }

  /** A load begins here: requests wait, and the other instances are told to hold theirs. */
  async close(): Promise<void> {
    this.local = true;
    this.closed = true;
    if (!this.redis) return;
    await this.tell('begin');
    this.renewal = setInterval(() => void this.tell('renew').catch(() => {}), RENEW_MS);
    this.renewal.unref();
  }

  /** The load ended (loaded, refused or put back): the others are told, and waiting requests go on. */
  async open(): Promise<void> {
    clearInterval(this.renewal);
    this.renewal = undefined;
    this.local = false;
    if (this.redis) await this.tell('end').catch(() => {});
    this.release();
  }

  private tell(phase: 'begin' | 'renew' | 'end'): Promise<unknown> {
    const redis = this.redis!;
    return redis.run(() => redis.redis.publish(redis.channel, redis.message('state.load', { phase })));
  }

  private holdRemote(): void {
    this.closed = true;
    clearTimeout(this.remote);
    this.remote = setTimeout(() => this.releaseRemote(), HOLD_MS);
    this.remote.unref();
  }

  private releaseRemote(): void {
    clearTimeout(this.remote);
    this.remote = undefined;
    this.release();
  }

  private release(): void {
    if (this.local || this.remote) return;
    this.closed = false;
    const waiting = this.waiting;
    this.waiting = [];
    for (const go of waiting) go();
  }

  dispose(): void {
    clearInterval(this.renewal);
    clearTimeout(this.remote);
    this.local = false;
    this.remote = undefined;
    this.release();
  }
}
