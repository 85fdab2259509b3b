/**
 * `--replay DIR`: a request that matches a recorded HTTP exchange is answered from the recording, after
 * authentication, validation and faults and instead of the handler; anything else is emulated as usual.
 * A match is the same method, the same path, and the same body: equal JSON (after the schema's defaults,
 * with keys in any order), or for uploads the same files by SHA-256. Several recordings of one request are
 * served in recorded order, the last one repeating (a job polled until done).
 */
import { createHash } from 'node:crypto';
import type { RouteTable } from '../contract/compile.js';
import type { OperationContext } from '../http/context.js';
import { readBeside, readRecordings, type HttpExchange, type RecordedBody } from './recording.js';

const SKIPPED_HEADERS = new Set([
  'x-request-id',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
]);

export type ReplayStage = (ctx: OperationContext) => boolean;

export function createReplay(dir: string, routes: RouteTable): ReplayStage {
  const byRequest = new Map<string, { exchanges: HttpExchange[]; next: number }>();
  for (const exchange of readRecordings(dir)) {
    if (exchange.kind !== 'http' || exchange.response.status === null) continue;
    const key = requestKey(exchange.request.method, exchange.request.path, recordedBodyKey(exchange, routes));
    const entry = byRequest.get(key) ?? { exchanges: [], next: 0 };
    entry.exchanges.push(exchange);
    byRequest.set(key, entry);
  }

  return (ctx) => {
    const path = ctx.req.baseUrl + ctx.req.path;
    const entry = byRequest.get(requestKey(ctx.req.method, path, liveBodyKey(ctx)));
    if (!entry) return false;
    const exchange = entry.exchanges[Math.min(entry.next, entry.exchanges.length - 1)];
    entry.next++;
    serve(ctx, exchange, dir);
    return true;
  };
}

function requestKey(method: string, path: string, body: string): string {
  return `${method.toUpperCase()} ${path.replace(/\/$/, '')} ${body}`;
}

/** JSON with object keys sorted, so key order never decides a match. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function recordedBodyKey(exchange: HttpExchange, routes: RouteTable): string {
  const body = exchange.request.body;
  if (body.kind === 'multipart')
    return `files:${body.files
      .map((f) => f.sha256)
      .sort()
      .join(',')}`;
  if (body.kind !== 'json') return '';
  // The live request is matched after validation, with the schema's defaults applied: so is the recording.
  const match = routes.match(exchange.request.method, exchange.request.path);
  const json = structuredClone(body.json);
  if (match.kind === 'match' && match.operation.bodyKind === 'json') match.operation.validateBody?.(json);
  return `json:${canonicalJson(json)}`;
}

function liveBodyKey(ctx: OperationContext): string {
  const files = Object.values(ctx.files);
  if (files.length)
    return `files:${files
      .map((f) => createHash('sha256').update(f.buffer).digest('hex'))
      .sort()
      .join(',')}`;
  if (ctx.operation.bodyKind === 'json') return `json:${canonicalJson(ctx.body)}`;
  return '';
}

function serve(ctx: OperationContext, exchange: HttpExchange, dir: string): void {
  const { res } = ctx;
  ctx.journal.replayed = exchange.id;
  ctx.res.locals.contractExempt = true;
  res.status(exchange.response.status!);
  for (const [name, value] of Object.entries(exchange.response.headers))
    if (!SKIPPED_HEADERS.has(name)) res.setHeader(name, value);
  const payload = bodyBytes(exchange.response.body, dir, ctx.requestId);
  if (exchange.response.status! >= 400 && exchange.response.body.kind === 'json') {
    const code = (exchange.response.body.json as { code?: unknown } | null)?.code;
    ctx.journal.code = typeof code === 'string' ? code : null;
  }
  res.setHeader('Content-Length', payload.length);
  res.end(payload);
}

function bodyBytes(body: RecordedBody, dir: string, requestId: string): Buffer {
  switch (body.kind) {
    case 'json': {
      // The recorded request id belongs to the recorded exchange; problem bodies must repeat this one's.
      const json =
        body.json && typeof body.json === 'object' && 'request_id' in body.json
          ? { ...body.json, request_id: requestId }
          : body.json;
      return Buffer.from(JSON.stringify(json));
    }
    case 'text':
      return Buffer.from(body.text);
    case 'binary':
      return readBeside(dir, body.file);
    default:
      return Buffer.alloc(0);
  }
}
