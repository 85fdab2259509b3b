/**
 * Waits for `p`, but no longer than `ms` of wall time (infrastructure waits: a Redis reply, an outbox drained,
 * another instance's answer; never a rule a test moves the clock for). Nothing to wait for when `p` is
 * undefined. Whether `p` settled in time is not told: the callers go on either way. Never rejects.
 */
export async function waitAtMost(p: void | Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!p) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    p.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}
