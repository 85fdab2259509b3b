/**
 * Whether a connected Redis stalls (issue 35, item 3): a command that got no reply within the command timeout
 * marks it stalled; from then on new work is refused at once (502) instead of each request waiting out the
 * timeout, and a PING every PROBE_MS asks whether it answers again. Any reply ends the stall.
 */
import { isCommandTimeout } from './state-store.js';

/** While commands time out, how often a PING asks whether Redis answers again (wall time). */
export const PROBE_MS = 250;

export class StallWatch {
  private probe: NodeJS.Timeout | undefined;
  private stalledNow = false;

  constructor(
    /** Asks Redis for a reply (a PING). */
    private readonly ping: () => Promise<unknown>,
    /** Redis answered again after a stall. */
    private readonly recovered: () => void,
  ) {}

  get stalled(): boolean {
    return this.stalledNow;
  }

  /** A reply came. */
  answered(): void {
    if (!this.stalledNow) return;
    this.stalledNow = false;
    clearInterval(this.probe);
    this.probe = undefined;
    this.recovered();
  }

  /** A command failed: a timeout (sent, no reply) means Redis stalls, or lost the reply. */
  failed(err: unknown): void {
    if (!isCommandTimeout(err) || this.stalledNow) return;
    this.stalledNow = true;
    this.probe = setInterval(
      () =>
        void this.ping().then(
          () => this.answered(),
          () => {},
        ),
      PROBE_MS,
    );
    this.probe.unref();
  }

  stop(): void {
    clearInterval(this.probe);
    this.probe = undefined;
  }
}
