/**
 * A flush barrier across the instances of one Redis store. State that an instance writes behind (the journal
 * sends its entries in batches, not one round trip per request) registers a flush for a topic; a read that
 * must see every instance's writes calls `barrier(topic)` first: every other live instance runs its flush and
 * answers once the flush's commands are on their way, on the same connection, so Redis has applied them
 * before the answer reaches the reader. An instance that does not answer within the wait (gone without
 * leaving the registry, or stalled) is not waited for longer: its unsent writes are missing from that read.
 */
import type { RedisStore, StoreMessage } from './redis-store.js';

/** How long a barrier waits for the other instances' answers. */
export const BARRIER_WAIT_MS = 1000;

interface Waiting {
  left: Set<string>;
  done: () => void;
}

export class StoreBarriers {
  private readonly flushes = new Map<string, () => void>();
  private readonly waiting = new Map<string, Waiting>();
  private sequence = 0;

  constructor(private readonly store: RedisStore) {
    store.onMessage((m) => this.receive(m));
  }

  /** What this instance sends when another instance's reader raises the barrier for `topic`. */
  onFlush(topic: string, flush: () => void): void {
    this.flushes.set(topic, flush);
  }

  /** Resolves once every other live instance has flushed `topic` (or the wait ran out). */
  async barrier(topic: string): Promise<void> {
    const others = (await this.store.liveInstanceIds()).filter((id) => id !== this.store.instanceId);
    if (others.length === 0) return;
    const token = `${this.store.instanceId}:${++this.sequence}`;
    const answered = new Promise<void>((done) => this.waiting.set(token, { left: new Set(others), done }));
    const timer = new Promise<void>((done) => setTimeout(done, BARRIER_WAIT_MS).unref());
    await this.store.run(() =>
      this.store.redis.publish(this.store.channel, this.store.message('barrier', { topic, token })),
    );
    await Promise.race([answered, timer]);
    this.waiting.delete(token);
  }

  private receive(m: StoreMessage): void {
    if (m.type === 'barrier') {
      const { topic, token } = m.data as { topic: string; token: string };
      this.flushes.get(topic)?.();
      // After the flush's commands on the same connection: Redis runs them before it publishes this.
      void this.store.redis
        .publish(this.store.channel, this.store.message('barrier.done', { token }))
        .catch(() => {});
    } else if (m.type === 'barrier.done') {
      const waiting = this.waiting.get((m.data as { token: string }).token);
      if (!waiting) return;
      waiting.left.delete(m.from);
      if (waiting.left.size === 0) waiting.done();
    }
  }
}
