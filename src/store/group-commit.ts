/**
 * Group commit for a Redis script on the request path: a call made while an earlier batch is on its way waits
 * for that batch's answer and goes with every other call made meanwhile, in one script call. An idle
 * connection sends a call at once (no added latency); under load one round trip serves many requests, which
 * is where the Redis store's CPU per request goes (each command costs a write, a read and a turn of the event
 * loop whatever it carries). The script takes the calls' arguments one after the other and answers their
 * results one after the other; it runs them in order, as separate calls would.
 */

/** Calls per batch at most: a batch is one script run, which blocks Redis while it runs. */
const MAX_BATCH = 64;

interface Waiting<R> {
  args: (string | number)[];
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<R> {
  private queue: Waiting<R>[] = [];
  private inFlight = false;

  /**
   * `send` runs the batch script with the calls' arguments concatenated and answers one result per call, in
   * order. Every call of a batch fails with the batch's error.
   */
  constructor(private readonly send: (args: (string | number)[], calls: number) => Promise<R[]>) {}

  call(args: (string | number)[]): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ args, resolve, reject });
      if (!this.inFlight) this.flush();
    });
  }

  private flush(): void {
    const batch = this.queue.splice(0, MAX_BATCH);
    this.inFlight = true;
    // A send that throws fails its batch like one that rejects.
    Promise.resolve()
      .then(() =>
        this.send(
          batch.flatMap((w) => w.args),
          batch.length,
        ),
      )
      .then(
        (results) => batch.forEach((w, i) => w.resolve(results[i])),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        this.inFlight = false;
        if (this.queue.length > 0) this.flush();
      });
  }
}
