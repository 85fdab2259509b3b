/**
 * A flush barrier across the instances of one Redis store. State that an instance writes behind (the journal
 * sends its entries in batches, not one round trip per request) registers a flush for a topic; a read that
 * must see every instance's writes calls `barrier(topic)` first: this instance and every other live one wait
 * for the effects of the answers they already sent (answers.ts), run their flushes and send what their outbox
 * owes, and the others answer once those commands are on their way, on the same connection, so Redis has
 * applied them before the answer reaches the reader. An instance that does not answer within the wait (gone
 * without leaving the registry, or stalled) is not waited for longer: its unsent writes are missing from that
 * read. Reads that raise the same topic before its request is published share one barrier.
 */
import { waitAtMost } from '../core/wait-at-most.js';
import { AnswersInFlight } from './answers.js';
import type { RedisStore, StoreMessage } from './redis-store.js';

/** How long a barrier waits for the other instances' answers. */
export const BARRIER_WAIT_MS = 1000;
/** How long an instance waits for its own answers' effects and outbox before it answers a barrier (below BARRIER_WAIT_MS). */
export const FLUSH_WAIT_MS = 750;

/** The topic of reads that must see every answer already sent: the balance, the ledger, the journal. */
export const ANSWERS = 'answers';

type Flush = () => void | Promise<void>;

interface Waiting {
  left: Set<string>;
  done: () => void;
}

export class StoreBarriers {
  /** The answers of this instance whose effects are not written yet (app.ts counts them). */
  readonly answers = new AnswersInFlight();
  private readonly flushes = new Map<string, Flush[]>();
  private readonly waiting = new Map<string, Waiting>();
  /** A barrier per topic not yet published: a read raised meanwhile joins it. */
  private readonly joining = new Map<string, Promise<void>>();
  private sequence = 0;

  constructor(private readonly store: RedisStore) {
    store.onMessage((m) => this.receive(m));
  }

  /** What this instance sends when a reader (here or on another instance) raises the barrier for `topic`. */
  onFlush(topic: string, flush: Flush): void {
    const list = this.flushes.get(topic) ?? [];
    list.push(flush);
    this.flushes.set(topic, list);
  }

  /** Resolves once this instance and every other live one have flushed `topic` (or the wait ran out). */
  barrier(topic: string): Promise<void> {
    let raised = this.joining.get(topic);
    if (!raised) {
      raised = this.raise(topic);
      this.joining.set(topic, raised);
      // A failed barrier is not joined by a later read.
      raised.catch(() => this.joining.delete(topic));
    }
    return raised;
  }

  private async raise(topic: string): Promise<void> {
    // Reads raised in the same turn (a view's parallel reads, an organization list) share this barrier; a
    // read raised later has its own, which covers the answers sent before it.
    await Promise.resolve();
    this.joining.delete(topic);
    await this.flushHere(topic);
    const others = (await this.store.liveInstanceIds()).filter((id) => id !== this.store.instanceId);
    if (others.length === 0) return;
    const token = `${this.store.instanceId}:${++this.sequence}`;
    const answered = new Promise<void>((done) => this.waiting.set(token, { left: new Set(others), done }));
    const timer = new Promise<void>((done) => setTimeout(done, BARRIER_WAIT_MS).unref());
    try {
      await this.store.run(() =>
        this.store.redis.publish(this.store.channel, this.store.message('barrier', { topic, token })),
      );
      await Promise.race([answered, timer]);
    } finally {
      this.waiting.delete(token);
    }
  }

  /** This instance's part: its answers' effects written, its flushes run, its outbox sent (each bounded). */
  private async flushHere(topic: string): Promise<void> {
    await waitAtMost(this.answers.settled(), FLUSH_WAIT_MS);
    for (const flush of this.flushes.get(topic) ?? []) await waitAtMost(flush(), FLUSH_WAIT_MS);
    this.store.outbox.wake();
    await waitAtMost(this.store.outbox.drained(), FLUSH_WAIT_MS);
  }

  private receive(m: StoreMessage): void {
    if (m.type === 'barrier') {
      const { topic, token } = m.data as { topic: string; token: string };
      void this.flushHere(topic).then(() =>
        // After the flush's commands on the same connection: Redis runs them before it publishes this.
        this.store.redis
          .publish(this.store.channel, this.store.message('barrier.done', { token }))
          .catch(() => {}),
      );
    } else if (m.type === 'barrier.done') {
      const waiting = this.waiting.get((m.data as { token: string }).token);
      if (!waiting) return;
      waiting.left.delete(m.from);
      if (waiting.left.size === 0) waiting.done();
    }
  }
}
