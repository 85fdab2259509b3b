/**
 * The webhook receiver of the snapshot property test, on 127.0.0.1 port 0. Its answer depends on the request
 * alone (the path and the event id), never on what it received before, so emulator A and emulator B, loaded
 * with A's state, meet the same receiver: `/ok` answers 200, `/down` 500, `/flaky` 500 for about one event
 * in two (by a hash of the event id). What arrives is recorded per phase (`take()` empties the record).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SinkPath = 'ok' | 'down' | 'flaky';

export interface SinkHit {
  path: string;
  status: number;
  body: string;
}

export interface Sink {
  url(path: SinkPath): string;
  /** What arrived since the last `take()`, sorted (the order attempts leave in is not part of the state). */
  take(): SinkHit[];
  /** Resolves on the next request (awaited instead of sleeping). */
  next(): Promise<void>;
  close(): Promise<void>;
}

export function sinkStatus(path: string, eventId: string): number {
  if (path === '/ok') return 200;
  if (path === '/down') return 500;
  return createHash('sha256').update(eventId).digest()[0] % 2 === 0 ? 200 : 500;
}

export async function startSink(): Promise<Sink> {
  let hits: SinkHit[] = [];
  let waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let eventId = '';
      try {
        eventId = String((JSON.parse(body) as { id?: unknown }).id);
      } catch {
        // Not an envelope: answered as an unknown event.
      }
      const status = sinkStatus(req.url ?? '', eventId);
      hits.push({ path: req.url ?? '', status, body });
      res.statusCode = status;
      res.end();
      const w = waiters;
      waiters = [];
      for (const resolve of w) resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}/${path}`,
    take() {
      const out = hits.sort((a, b) =>
        a.path + a.body < b.path + b.body ? -1 : a.path + a.body > b.path + b.body ? 1 : 0,
      );
      hits = [];
      return out;
    },
    next: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
