/**
 * A webhook receiver on 127.0.0.1, port 0, that always answers 200 and keeps, per event id, how many times it
 * arrived and whether each arrival's `SVC-Signature` verified. Each round registers its endpoint at its own
 * path (`/hooks/<tag>`) with its own signing secret, so an arrival is checked against the secret of the
 * endpoint it was sent to. The verification follows the documented scheme (README, `SVC-Signature`), written
 * here from the scheme rather than imported from src/: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * "<t>.<raw body>")>`, `t` within 300 s of the arrival. (test/support/receiver.ts records neither the path nor
 * the arrival time, which this needs.)
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface Arrival {
  /** The path's tag: the endpoint it was sent to. */
  tag: string;
  at: number;
  /** Undefined when the signature verified, else why not. */
  invalid?: string;
}

/** Why `header` is not a valid signature of `rawBody` with `secret` at `nowSeconds`, or undefined if it is. */
export function signatureProblem(
  rawBody: string,
  header: string | undefined,
  secret: string | undefined,
  nowSeconds: number,
): string | undefined {
  if (secret === undefined) return 'no secret is known for this endpoint';
  if (!header) return 'no SVC-Signature header';
  let t: number | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const [k, v] = [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()];
    if (k === 't' && /^\d+$/.test(v)) t = Number(v);
    else if (k === 'v1') v1.push(v);
  }
  if (t === undefined || v1.length === 0) return `malformed header: ${header}`;
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return `t=${t} is ${nowSeconds - t} s from now`;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const ok = v1.some(
    (hex) => /^[0-9a-f]{64}$/.test(hex) && timingSafeEqual(expected, Buffer.from(hex, 'hex')),
  );
  return ok ? undefined : 'HMAC mismatch';
}

export class SignedReceiver {
  /** Every arrival, per event id (the envelope's `id`). */
  readonly arrivals = new Map<string, Arrival[]>();
  private readonly secrets = new Map<string, string>();
  private readonly waiters = new Set<() => void>();
  private base = '';

  private constructor(private readonly server: Server) {}

  static async start(): Promise<SignedReceiver> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        receiver.record(
          req.url ?? '',
          req.headers['svc-signature'] as string | undefined,
          Buffer.concat(chunks),
        );
        res.statusCode = 200;
        res.end();
      });
    });
    const receiver = new SignedReceiver(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return receiver;
  }

  /** The URL to register for `tag`; arrivals there are verified with `secret` once expect() names it. */
  url(tag: string): string {
    return `${this.base}/hooks/${tag}`;
  }

  expect(tag: string, secret: string): void {
    this.secrets.set(tag, secret);
  }

  private record(path: string, header: string | undefined, body: Buffer): void {
    const tag = path.replace(/^\/hooks\//, '');
    const raw = body.toString('utf8');
    let id = '(unparseable body)';
    try {
      const parsed = JSON.parse(raw) as { id?: unknown };
      id = typeof parsed.id === 'string' ? parsed.id : '(no id)';
    } catch {
      /* counted under the placeholder id */
    }
    const at = Date.now();
    const invalid = signatureProblem(raw, header, this.secrets.get(tag), Math.floor(at / 1000));
    const list = this.arrivals.get(id) ?? [];
    list.push({ tag, at, invalid });
    this.arrivals.set(id, list);
    for (const wake of [...this.waiters]) wake();
  }

  /** Event ids that arrived at `tag`'s endpoint. */
  idsAt(tag: string): string[] {
    return [...this.arrivals].filter(([, list]) => list.some((a) => a.tag === tag)).map(([id]) => id);
  }

  /**
   * Resolves true once every id in `ids` has arrived at least once, or false at `deadline` (epoch ms): woken by
   * each arrival, not by polling.
   */
  waitFor(ids: Iterable<string>, deadline: number): Promise<boolean> {
    const wanted = [...ids];
    const done = () => wanted.every((id) => this.arrivals.has(id));
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(ok);
      };
      const check = () => done() && finish(true);
      const timer = setTimeout(() => finish(done()), Math.max(0, deadline - Date.now()));
      this.waiters.add(check);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
