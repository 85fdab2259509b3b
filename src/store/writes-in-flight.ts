/**
 * The writes an instance has sent and whose outcome its next admin answer waits for (StateStore.settled): the
 * ones tracked, and what its outbox owes (outbox.ts) while Redis answers, bounded so that an answer does not
 * wait for a Redis that went away meanwhile.
 */
import { waitAtMost } from '../core/wait-at-most.js';
import type { StoreOutbox } from './outbox.js';

export class WritesInFlight {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly outbox: StoreOutbox,
    /** The longest an answer waits for the outbox to drain (ms). */
    private readonly owedWaitMs: number,
    /** Told of every tracked write that failed. */
    private readonly failed: (err: unknown) => void,
  ) {}

  track(write: Promise<unknown>): void {
    const p = write.then(
      () => undefined,
      (err: unknown) => {
        this.failed(err);
        throw err;
      },
    );
    this.pending.add(p);
    const drop = () => this.pending.delete(p);
    p.then(drop, drop);
  }

  /** Rejects with the first write's failure; undefined when nothing is in flight. `redisAnswers`: wait for the outbox too. */
  settled(redisAnswers: boolean): Promise<void> | undefined {
    const owed = redisAnswers ? this.outbox.drained() : undefined;
    if (this.pending.size === 0 && !owed) return undefined;
    const waits: Promise<unknown>[] = [...this.pending];
    if (owed) waits.push(waitAtMost(owed, this.owedWaitMs));
    return Promise.all(waits).then(() => undefined);
  }

  /** Every tracked write done, failed or not (a shutdown). */
  async done(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
