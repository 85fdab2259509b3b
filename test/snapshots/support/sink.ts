/**
 * The webhook receiver of the snapshot property test, on 127.0.0.1 port 0. Its answer depends on the request
 * alone (the path and the event id), never on what it received before, so emulator A and emulator B, loaded
 * with A's state, meet the same receiver: `/ok` answers 200, `/down` 500, `/flaky` 500 for about one event
 * in two (by a hash of the event id). What arrives is recorded per phase (`take()` empties the record).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonical } from '../../../src/store/state-unit.js';

export type SinkPath = 'ok' | 'down' | 'flaky';

export interface SinkHit {
  path: string;
  status: number;
  /** The envelope as JSON data: its members' order is not compared (a loaded job's result is canonical). */
  body: unknown;
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
      let envelope: unknown = body;
      try {
        envelope = JSON.parse(body);
      } catch {
        // Not an envelope: kept as text, answered as an unknown event.
      }
      const status = sinkStatus(req.url ?? '', String((envelope as { id?: unknown })?.id));
      hits.push({ path: req.url ?? '', status, body: envelope });
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
      const key = (h: SinkHit) => h.path + JSON.stringify(canonical(h.body));
      const out = hits.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
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
