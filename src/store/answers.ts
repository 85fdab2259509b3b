/**
 * The answers an instance has sent whose effects are not all written yet (issue 35, item 5). A /v1 answer's
 * last byte can leave before its request's end runs: TTS bills a clip once the socket took it, the journal
 * records the entry once the response closed. A read that must see every answer already sent (the balance,
 * the ledger, the journal, through any instance) first waits for these, on every instance, through the flush
 * barrier (barrier.ts): an answer counts from its `end` call (the client cannot have it whole before) until its
 * request's end has run.
 */

interface Open {
  /** Called when the answer's effects are written (made on first wait: most answers are never waited for). */
  waiters: (() => void)[] | undefined;
}

export class AnswersInFlight {
  private readonly open = new Set<Open>();

  /** An answer's `end` was called: returns what to call once its request's end has run (once). */
  ended(): () => void {
    const entry: Open = { waiters: undefined };
    this.open.add(entry);
    return () => {
      if (!this.open.delete(entry)) return;
      if (entry.waiters) for (const w of entry.waiters) w();
    };
  }

  /** Resolves once every answer ended so far has its effects written (undefined when none is open). */
  settled(): Promise<void> | undefined {
    if (this.open.size === 0) return undefined;
    const now = [...this.open];
    return new Promise((resolve) => {
      let left = now.length;
      const one = () => {
        if (--left === 0) resolve();
      };
      for (const entry of now) (entry.waiters ??= []).push(one);
    });
  }
}
