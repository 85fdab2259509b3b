/**
 * The outbox of a shared store (issue 35, item 1): effects an instance owes Redis and has not yet seen land.
 * Every write put here is idempotent for its key (a charge by its ledger entry id, a release by its
 * reservation id, a webhook event by its id, an attempt's outcome by its lease): applied twice, it applies
 * once. A write is sent at once when Redis answers and nothing waits before it; one that fails for want of
 * Redis (never sent, timed out, connection lost: its reply is unknown) waits here, in order, and is sent again
 * when Redis is back, until a reply says it landed. A write Redis refused with an error reply landed as far as
 * it ever will and is not sent again. The outbox lives as long as the process and is bounded (OUTBOX_LIMIT):
 * full, it refuses new work before it starts (502), never drops what it holds. Its size is in health.
 */
import type { Redis } from 'ioredis';

/** How many writes an instance may owe Redis before it refuses new work (502) until they land. */
export const OUTBOX_LIMIT = 100_000;
/** Wall time between drain attempts while writes wait and Redis answers nothing. */
export const OUTBOX_RETRY_MS = 250;

export interface OutboxWrite<T = unknown> {
  /** The effect's idempotency key, fixed before the first send (for logs and the health view). */
  readonly key: string;
  /** The area that owes it (`billing`, `webhooks`): a reset drops what one area owes, not another's. */
  readonly area: string;
  /** The organization the effect belongs to: its reset drops what waits here for it. */
  readonly orgId: string | null;
  /** Sends the effect; must apply at most once for `key`, however often it is sent. */
  send(): Promise<T>;
  /** The reply of the send that landed. */
  landed?(result: T): void;
}

interface Waiting {
  write: OutboxWrite<any>;
  resolve(result: unknown): void;
  reject(err: Error): void;
}

/** The reply of a failed send was an error Redis gave (a script's error): the write landed, or never will. */
export function isReplyError(err: unknown): err is Error {
  return err instanceof Error && err.name === 'ReplyError';
}

export class StoreOutbox {
  private queue: Waiting[] = [];
  /** First sends whose reply has not come yet. */
  private sending = 0;
  private draining: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private readonly idle = new Set<() => void>();
  /** Sends that failed (for health: how often Redis missed a reply). */
  retried = 0;

  constructor(
    private readonly connection: () => Redis | undefined,
    /** True when a send may go out now (Redis ready, commands answered). */
    private readonly available: () => boolean,
    /** Told of every send that found no Redis or got no reply (a timeout marks the store stalled). */
    private readonly failed: (err: unknown) => void,
    private readonly limit = OUTBOX_LIMIT,
  ) {}

  /** The writes not yet known to have landed: waiting here, or sent and not answered yet. */
  get size(): number {
    return this.queue.length + this.sending;
  }

  get full(): boolean {
    return this.queue.length >= this.limit;
  }

  /**
   * Sends `write` now, or after the writes that wait before it. Resolves with the reply of the send that
   * landed (never rejects for want of Redis: the write waits). A write refused by Redis rejects.
   */
  submit<T>(write: OutboxWrite<T>): Promise<T> {
    if (this.queue.length > 0 || !this.available()) return this.enqueue(write);
    // The usual case: Redis answers and nothing waits; one promise chain, no waiting entry.
    this.sending++;
    return write.send().then(
      (result) => {
        this.sent();
        write.landed?.(result);
        return result;
      },
      (err: unknown) => {
        if (isReplyError(err)) {
          this.sent();
          throw err;
        }
        this.failed(err);
        this.retried++;
        // Queued before its send stops counting, so the outbox is never seen empty in between.
        const waiting = this.enqueue(write);
        this.sent();
        return waiting;
      },
    );
  }

  private enqueue<T>(write: OutboxWrite<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once nothing waits here and no first send is unanswered (undefined when so already). */
  drained(): Promise<void> | undefined {
    if (this.size === 0) return undefined;
    return new Promise((resolve) => this.idle.add(resolve));
  }

  /** A reset of an area's state (of one organization, or all): what it owes for it is not sent. */
  drop(area: string, orgId?: string): void {
    this.keep((w) => w.area !== area || (orgId !== undefined && w.orgId !== orgId));
  }

  private sent(): void {
    this.sending--;
    if (this.size === 0) this.becameIdle();
  }

  /** Redis answered again (a reconnect, a reply after a stall): send what waits. */
  wake(): void {
    if (this.queue.length > 0) void this.drain();
  }

  close(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
  }

  private keep(predicate: (w: OutboxWrite) => boolean): void {
    const dropped = this.queue.filter((w) => !predicate(w.write));
    this.queue = this.queue.filter((w) => predicate(w.write));
    // A dropped write's caller stops waiting: its effect went with the state it belonged to.
    for (const w of dropped) w.resolve(undefined);
    if (this.size === 0) this.becameIdle();
  }

  private schedule(): void {
    if (this.retry || this.draining) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.drain();
    }, OUTBOX_RETRY_MS);
    this.retry.unref();
  }

  /** Sends the waiting writes in order, each once its predecessor's reply came; stops at the first failure. */
  private drain(): Promise<void> {
    this.draining ??= this.run().finally(() => {
      this.draining = undefined;
      if (this.queue.length > 0) this.schedule();
      else if (this.size === 0) this.becameIdle();
    });
    return this.draining;
  }

  private async run(): Promise<void> {
    while (this.queue.length > 0 && this.available() && this.connection()) {
      const next = this.queue[0];
      let result: unknown;
      let refused: Error | undefined;
      try {
        result = await next.write.send();
      } catch (err) {
        if (!isReplyError(err)) {
          this.failed(err);
          this.retried++;
          return;
        }
        refused = err;
      }
      // A reset meanwhile may have dropped it from the queue (its caller was answered then).
      if (this.queue[0] !== next) continue;
      this.queue.shift();
      if (refused) {
        next.reject(refused);
        continue;
      }
      next.write.landed?.(result);
      next.resolve(result);
    }
  }

  private becameIdle(): void {
    for (const done of this.idle) done();
    this.idle.clear();
  }
}
