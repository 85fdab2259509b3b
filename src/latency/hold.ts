/**
 * Holds a response's bytes for a wall-time delay that starts when the handler first writes: the work is done
 * (and billed) as usual, and the client sees the answer, or a stream's first chunk, that much later. Nothing waits
 * on a worker or a lock; a client that leaves during the delay clears the timer.
 */
import type { ServerResponse } from 'node:http';

type Call = [fn: (...args: any[]) => unknown, args: unknown[]];

/** `delay` is asked once, at the first write, so it can depend on the work (the audio's duration). */
export function holdResponse(res: ServerResponse, delay: () => number, signal: AbortSignal): void {
  // Kept unbound on purpose: put back as they were and always applied to `res`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const write = res.write;
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const end = res.end;
  const queued: Call[] = [];
  let timer: NodeJS.Timeout | undefined;
  const restore = () => {
    res.write = write;
    res.end = end;
    signal.removeEventListener('abort', onAbort);
  };
  const release = () => {
    timer = undefined;
    restore();
    for (const [fn, args] of queued) fn.apply(res, args);
    queued.length = 0;
  };
  const onAbort = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    queued.length = 0;
    restore();
    if (!res.writableEnded) res.destroy();
  };
  const hold = (fn: Call[0], args: unknown[]) => {
    queued.push([fn, args]);
    timer ??= setTimeout(release, delay());
  };
  signal.addEventListener('abort', onAbort, { once: true });
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    hold(write, args);
    return true;
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    hold(end, args);
    return res;
  } as ServerResponse['end'];
}
