/**
 * Shared harness of the fuzz properties: one emulator per file on port 0 with a frozen clock (jobs never
 * finish between two snapshots) and rate limits high enough that the properties never hit them, a raw
 * HTTP client that sends exactly the bytes it is given, the invariants every answer must keep, and a
 * snapshot of everything a rejected request must leave alone.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

/** The one seed of every property; `docs/fuzzing.md` records it. */
export const FUZZ_SEED = 20250301;

/** fast-check parameters: fixed seed, bounded runs, no shrinking time bomb. */
export function fcParams(numRuns: number): fc.Parameters<unknown> {
  return { seed: FUZZ_SEED, numRuns, endOnFailure: true, interruptAfterTimeLimit: 60_000 };
}

export interface FuzzEmulator extends TestEmulator {
  clock: Clock;
  port: number;
  baseUrl: string;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: unknown;
}

/** Cases run per property, printed once at the end of the file (and recorded in docs/fuzzing.md). */
const counts = new Map<string, number>();
export function countCase(property: string): void {
  counts.set(property, (counts.get(property) ?? 0) + 1);
}

/**
 * Installs the process-level tripwires for a fuzz file: unhandled rejections, uncaught exceptions and the
 * emulator's own "unexpected error" log lines are recorded, and `assertNoCrash()` fails on any of them.
 */
const crashes: string[] = [];
export function installCrashRecorder(): void {
  const onRejection = (reason: unknown) =>
    crashes.push(`unhandledRejection: ${String((reason as Error)?.stack ?? reason)}`);
  const onException = (err: Error) => crashes.push(`uncaughtException: ${err.stack ?? String(err)}`);
  const consoleError = console.error;
  beforeAll(() => {
    process.on('unhandledRejection', onRejection);
    process.on('uncaughtException', onException);
    console.error = (...args: unknown[]) => {
      // The emulator logs every 500 and every failed realtime session with this prefix.
      if (typeof args[0] === 'string' && args[0].startsWith('[svc-emulator]'))
        crashes.push(args.map(String).join(' '));
      consoleError(...args);
    };
  });
  afterAll(() => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
    console.error = consoleError;
    const summary = [...counts].map(([name, n]) => `${name}: ${n}`).join(', ');
    console.log(`[fuzz] cases run (seed ${FUZZ_SEED}): ${summary}`);
  });
}

export function assertNoCrash(): void {
  if (crashes.length > 0) throw new Error(`crash recorded:\n${crashes.splice(0).join('\n')}`);
}

export async function buildFuzzEmulator(seed: string): Promise<FuzzEmulator> {
  const clock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
  const generous = { limit: 1_000_000, windowSeconds: 60 };
  const t = await buildEmulator(
    { seed, demo: { credits: 1_000_000 }, rateLimits: { live: generous, test: generous } },
    { clock },
  );
  await t.emulator.ready();
  const { port, baseUrl } = await t.emulator.listen(0, '127.0.0.1');
  return { ...t, clock, port, baseUrl };
}

export interface SendOptions {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/** Sends exactly these headers and bytes (Node adds Host and, for a body, Content-Length unless given). */
export function send(t: FuzzEmulator, opts: SendOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: t.port,
        method: opts.method,
        path: opts.path,
        headers: { Connection: 'close', ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = /json/.test(String(res.headers['content-type'])) ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * Sends a raw request over a socket and half-closes it: for a Content-Length the body does not match,
 * which no HTTP client allows. Resolves with the status line's code, or null when the server closed the
 * connection without answering (it is entitled to: the request never ended).
 */
export function sendRaw(
  t: FuzzEmulator,
  head: string,
  body: Buffer,
): Promise<{ status: number | null; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(t.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? undefined : reject(err)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : null, text });
    });
    socket.write(head);
    socket.end(body);
  });
}

/** The body of a raw response (after the blank line). */
export function rawBody(text: string): string {
  const at = text.indexOf('\r\n\r\n');
  return at < 0 ? '' : text.slice(at + 4);
}

/** Never a 5xx; every error a Problem as the contract states, with X-Request-Id equal to its request_id. */
export function expectSound(res: RawResponse): void {
  expect(res.status, `${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(res.status).toBeGreaterThanOrEqual(200);
  if (res.status >= 400) {
    const code = (res.body as { code?: unknown } | undefined)?.code;
    expectProblem(res, res.status, typeof code === 'string' ? code : '<no code>');
  }
  assertNoCrash();
}

export interface Snapshot {
  ledger: unknown;
  totals: unknown;
  balance: unknown;
  sttJobs: unknown;
  ragTenant: unknown;
  documents: unknown;
  deliveries: unknown;
}

/**
 * Everything a rejected request must leave as it was: the ledger, its totals and the balance of the
 * organization, its STT jobs and RAG tenant (through the admin API), its documents (through /v1) and the
 * webhook deliveries.
 */
export async function snapshot(t: FuzzEmulator): Promise<Snapshot> {
  const admin = (path: string) => send(t, { method: 'GET', path: `/_emulator${path}` });
  const [sttJobs, ragTenant, documents] = await Promise.all([
    admin(`/stt/jobs?org_id=${t.orgId}`),
    admin(`/orgs/${t.orgId}/rag`),
    send(t, {
      method: 'GET',
      path: '/v1/rag/documents?limit=1000',
      headers: { Authorization: `Bearer ${t.keys.live}` },
    }),
  ]);
  for (const r of [sttJobs, ragTenant, documents]) expect(r.status, r.text).toBe(200);
  const tenant = { ...(ragTenant.body as Record<string, unknown>) };
  // Reading the tenant is activity: only what it holds matters here.
  delete tenant.last_activity_at;
  delete tenant.next_state_at;
  return {
    ledger: t.emulator.part('metering').entries({ orgId: t.orgId }),
    totals: t.emulator.part('metering').totals({ orgId: t.orgId }),
    balance: t.emulator.part('metering').balance(t.orgId),
    sttJobs: sttJobs.body,
    ragTenant: tenant,
    documents: (documents.body as { documents: unknown }).documents,
    deliveries: await t.emulator.part('webhooks').deliveries(),
  };
}

export function expectUnchanged(before: Snapshot, after: Snapshot, what: string): void {
  expect(after, `state changed by a rejected request: ${what}`).toEqual(before);
}

/** Runs one case: the invariants always, and the snapshot comparison when the answer is an error. */
export async function checkCase(
  t: FuzzEmulator,
  property: string,
  what: string,
  run: () => Promise<RawResponse>,
): Promise<RawResponse> {
  countCase(property);
  const before = await snapshot(t);
  const res = await run();
  expectSound(res);
  if (res.status >= 400)
    expectUnchanged(before, await snapshot(t), `${what} → ${res.status} ${res.text.slice(0, 200)}`);
  return res;
}

export function bearerHeader(key: string): Record<string, string> {
  return { Authorization: `Bearer ${key}` };
}
