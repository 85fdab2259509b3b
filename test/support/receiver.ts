/**
 * A real webhook receiver on port 0. Each request is recorded with its raw body; the answer is chosen by
 * `respond`, which tests swap to simulate a receiver that is down, failing or slow. `next()` resolves
 * with the next request (`next(match)`: the next one `match` accepts), so tests await deliveries instead of
 * sleeping.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  rawBody: string;
  json: any;
}

export interface Receiver {
  url: string;
  received: ReceivedHook[];
  respond: (hook: ReceivedHook) => number;
  next(match?: (hook: ReceivedHook) => boolean): Promise<ReceivedHook>;
  close(): Promise<void>;
}

/** `next(ofJob(id))`: a job's own delivery (another test's job may complete at the worker pool's pace meanwhile). */
export const ofJob = (jobId: unknown) => (hook: ReceivedHook) =>
  (hook.json as { data?: { job_id?: unknown } } | null)?.data?.job_id === jobId;

export async function startReceiver(): Promise<Receiver> {
  const waiters: { match: (hook: ReceivedHook) => boolean; resolve: (hook: ReceivedHook) => void }[] = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    respond: () => 200,
    next: (match = () => true) => new Promise((resolve) => waiters.push({ match, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const hook: ReceivedHook = { headers: req.headers, rawBody, json: JSON.parse(rawBody) };
      receiver.received.push(hook);
      res.statusCode = receiver.respond(hook);
      res.end();
      const waiter = waiters.findIndex((w) => w.match(hook));
      if (waiter >= 0) waiters.splice(waiter, 1)[0]?.resolve(hook);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
