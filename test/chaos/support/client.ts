/**
 * What a client of the cluster does in a burst, and what it saw: a billed RAG search, a ws-token mint, a
 * webhook trigger (admin API), each one HTTP call to one instance with a client deadline, its answer reduced
 * to an Outcome. Plus the ws-token reuse probe (open a WebSocket with a token) and admin reads.
 */
import WebSocket from 'ws';
import { adminCall } from '../../support/redis.js';
import type { Node } from './cluster.js';

export type OpKind = 'search' | 'token' | 'trigger';

export interface Outcome {
  op: OpKind;
  node: string;
  /** The HTTP status; 'cut' when the connection failed without an answer; 'timeout' past the client deadline. */
  status: number | 'cut' | 'timeout';
  /** The problem's `code` of an error answer. */
  code?: string;
  detail?: string;
  /** X-Request-Id of the answer (searches and mints). */
  requestId?: string;
  /** The event id of an accepted trigger. */
  eventId?: string;
  /** The token of a successful mint. */
  token?: string;
  start: number;
  end: number;
}

/** No answer within this is a failure in itself: a stall of 3 s must not hold a request this long. */
export const CLIENT_DEADLINE_MS = 10_000;

export const SEARCH_BODY = { query: 'chaos', mode: 'retrieve' } as const;

interface Call {
  url: string;
  body: unknown;
  key?: string;
}

function callFor(op: OpKind, node: Node, key: string, orgId: string): Call {
  if (op === 'search') return { url: `${node.base}/rag/search`, body: SEARCH_BODY, key };
  if (op === 'token') return { url: `${node.base}/auth/ws-token`, body: { scopes: ['tts:speak'] }, key };
  return { url: `${node.admin}/webhooks/trigger`, body: { org_id: orgId, event: 'key.compromised' } };
}

/** One operation against one instance; never throws. */
export async function perform(op: OpKind, node: Node, key: string, orgId: string): Promise<Outcome> {
  const call = callFor(op, node, key, orgId);
  const start = Date.now();
  const base = { op, node: node.id, start };
  let res: Response;
  let text: string;
  try {
    res = await fetch(call.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(call.key ? { Authorization: `Bearer ${call.key}` } : {}),
      },
      body: JSON.stringify(call.body),
      signal: AbortSignal.timeout(CLIENT_DEADLINE_MS),
    });
    text = await res.text();
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { ...base, status: timedOut ? 'timeout' : 'cut', detail: String(err), end: Date.now() };
  }
  const out: Outcome = {
    ...base,
    status: res.status,
    requestId: res.headers.get('x-request-id') ?? undefined,
    end: Date.now(),
  };
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    out.detail = `not JSON: ${text.slice(0, 120)}`;
    return out;
  }
  if (res.status >= 400) {
    out.code = body?.code;
    out.detail = body?.detail;
  } else if (op === 'token') out.token = body?.token;
  else if (op === 'trigger') out.eventId = body?.event?.id;
  return out;
}

/** An admin call; a connection error becomes status 0 (for polls that retry until a deadline). */
export async function admin<T>(
  node: Pick<Node, 'admin'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  try {
    return await adminCall<T>(node, method, path, body);
  } catch (err) {
    return { status: 0, body: { error: String(err) } as T };
  }
}

/** An admin call that must answer `status` (setup and checks outside any fault). */
export async function adminOk<T>(
  node: Pick<Node, 'admin'>,
  method: string,
  path: string,
  body: unknown,
  status: number,
): Promise<T> {
  const res = await admin<T>(node, method, path, body);
  if (res.status !== status)
    throw new Error(`${method} ${path}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export type OpenResult = { opened: true } | { opened: false; status: number; code?: string; error?: string };

/** Tries to open /v1/tts/realtime with a ws-token (the subprotocol); closes it at once if it opened. */
export function openWithToken(node: Node, token: string): Promise<OpenResult> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${node.base.replace(/^http/, 'ws')}/tts/realtime`, [token]);
    let settled = false;
    const done = (r: OpenResult) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    ws.once('open', () => {
      done({ opened: true });
      ws.close();
    });
    ws.on('error', (err) => done({ opened: false, status: 0, error: String(err) }));
    ws.once('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () => {
        let code: string | undefined;
        try {
          code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string }).code;
        } catch {
          /* no JSON body */
        }
        done({ opened: false, status: res.statusCode ?? 0, code });
        ws.terminate();
      });
    });
  });
}

/** `fn` over `items`, at most `limit` at a time, results in order. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
