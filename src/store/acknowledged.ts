/**
 * A write that holds for every instance before it answers (sandboxes, shared clocks): its script publishes the
 * change with a token, every other instance applies it and publishes an acknowledgement of the token, and the
 * writer waits for them, at most BARRIER_WAIT_MS (wall time on purpose: how long to wait for another process is
 * infrastructure, not emulated time). Counted from what PUBLISH answers, so an instance whose heartbeat is late
 * is waited for too; one that does not answer in time is not waited for longer.
 */
import type { MaybePromise } from '../core/maybe.js';
import { BARRIER_WAIT_MS } from './barrier.js';
import type { RedisStore } from './redis-store.js';

export class Acknowledged {
  /** Writes waiting for the other instances' acknowledgements, by token: how many are still to come. */
  private readonly waiting = new Map<string, { left: number; done: () => void }>();
  private sequence = 0;

  /**
   * @param ackType the message type of this kind's acknowledgements (`sandboxes.ack`, `clock.ack`).
   * @param scope what keeps this writer's tokens apart from another's of the same instance (a clock's id).
   */
  constructor(
    private readonly store: RedisStore,
    private readonly ackType: string,
    private readonly scope = '',
  ) {}

  /**
   * Runs `write` with a new token, then waits until every other instance its message reached has acknowledged
   * it; `others` says from the write's result how many that is (PUBLISH's count, less this instance's own).
   */
  async forAll<T>(write: (token: string) => Promise<T>, others: (result: T) => number): Promise<T> {
    const token = `${this.store.instanceId}:${this.scope}${++this.sequence}`;
    let done!: () => void;
    const answered = new Promise<void>((resolve) => (done = resolve));
    // Registered before the write: an acknowledgement may come before the write's own reply.
    const waiting = { left: 0, done };
    this.waiting.set(token, waiting);
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await this.store.run(() => write(token));
      waiting.left += others(result);
      if (waiting.left > 0) {
        const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, BARRIER_WAIT_MS)));
        await Promise.race([answered, waited]);
      }
      return result;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(token);
    }
  }

  /** A message of this kind's `ackType`: one more instance has applied the write of `token`. */
  received(token: string): void {
    const waiting = this.waiting.get(token);
    if (!waiting) return;
    // Before the write's reply, `left` goes below zero; the reply adds the number expected.
    waiting.left -= 1;
    if (waiting.left === 0) waiting.done();
  }

  /** Once another instance's change is applied here, tells its writer (`token` from its message). */
  acknowledge(
    applied: MaybePromise<unknown>,
    token: string | undefined,
    onFailure: (err: unknown) => void,
  ): void {
    void Promise.resolve(applied)
      .then(() => {
        if (!token) return;
        return this.store.redis.publish(this.store.channel, this.store.message(this.ackType, { token }));
      })
      .catch(onFailure);
  }
}
