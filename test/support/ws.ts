/** Promise-based helpers around `ws` clients: every wait is on an event, never on a timer. */
import type { IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';

/** Opens a WebSocket; rejects with the refusal (status and body) when the upgrade is refused. */
export function openWs(
  url: string,
  protocols?: string[],
  headers?: Record<string, string>,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols ?? [], { headers });
    ws.once('open', () => resolve(ws));
    ws.on('error', reject);
    ws.once('unexpected-response', (_req, res) => {
      reject(new Error(`upgrade refused with ${res.statusCode}`));
      ws.terminate();
    });
  });
}

export interface Refusal {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Attempts an upgrade that must be refused, and returns the HTTP response that refused it. */
export function refusedUpgrade(
  url: string,
  protocols?: string[],
  headers?: Record<string, string>,
): Promise<Refusal> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols ?? [], { headers });
    ws.once('open', () => {
      ws.terminate();
      reject(new Error('the upgrade was accepted'));
    });
    // Aborting the handshake below makes the client emit an error we do not care about.
    ws.on('error', () => {});
    ws.once('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        });
        ws.terminate();
      });
    });
  });
}

export function nextMessage(ws: WebSocket): Promise<{ data: Buffer; isBinary: boolean }> {
  return new Promise((resolve) =>
    ws.once('message', (data: Buffer, isBinary: boolean) => resolve({ data, isBinary })),
  );
}

export function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    ws.once('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })),
  );
}

/** Fails when `promise` does not settle within `ms`: a deadline on an awaited event, not a sleep. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
