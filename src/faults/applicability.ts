/**
 * Whether a fault rule can ever fire (decision F37-A1): the /v1 operations its match can reach, read from the
 * gateway document, and whether its kind applies to any of them, judged by what each operation documents:
 * JSON kinds need a 2xx `application/json` answer (`extra_fields` also a WebSocket's frames), stream kinds a
 * chunked answer (`x-chunked`), WebSocket kinds `x-websocket`, job kinds a 202 (a job accepted). A rule that
 * reaches several operations is accepted when its kind applies to at least one: it fires on those only.
 */
import type { OpenApiDocument } from '../contract/documents.js';
import { resolveRef } from '../contract/compile.js';
import { KIND_CHANNEL, type FaultKind } from './kinds.js';
import type { FaultMatch } from './store.js';

/** What a /v1 operation documents, as far as fault kinds care. */
export interface OperationShape {
  operationId: string;
  method: string;
  /** The path template, `/v1/rag/documents/{id}`. */
  path: string;
  websocket: boolean;
  /** A 2xx answer with an `application/json` body. */
  json: boolean;
  /** A 2xx answer sent in chunks as it is made (`x-chunked`). */
  chunked: boolean;
  /** A 202: the operation accepts a job. */
  job: boolean;
  /** Its JSON request body has a `mode` (what `match.mode` reads). */
  mode: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function operationShapes(doc: OpenApiDocument, basePath = '/v1'): OperationShape[] {
  const shapes: OperationShape[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths ?? {}))
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const success = Object.entries<any>(op.responses ?? {})
        .filter(([status]) => status.startsWith('2'))
        .map(([status, response]) => [status, resolveRef(doc, response)] as const);
      const body = resolveRef(doc, resolveRef(doc, op.requestBody)?.content?.['application/json']?.schema);
      shapes.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path: basePath + path,
        websocket: Boolean(op['x-websocket']),
        json: success.some(([, r]) => r?.content?.['application/json']),
        chunked: success.some(([, r]) => r?.['x-chunked']),
        job: success.some(([status]) => status === '202'),
        mode: Boolean(body?.properties?.mode),
      });
    }
  return shapes;
}

/** Whether a kind can act on an operation (webhook kinds act on deliveries, never on an operation). */
export function kindApplies(kind: FaultKind, op: OperationShape): boolean {
  switch (KIND_CHANNEL[kind]) {
    case 'request':
      return true;
    case 'response':
      return kind === 'extra_fields' ? op.json || op.websocket : op.json && !op.websocket;
    case 'stream':
      return op.chunked;
    case 'websocket':
      return op.websocket;
    case 'job':
      return op.job;
    case 'webhook':
      return false;
  }
}

/** Whether some request path of the template `/v1/a/{id}` starts with `prefix`. */
function templateHasPrefix(template: string, prefix: string): boolean {
  const parts = template.split(/(\{[^}]+\})/).filter(Boolean);
  const walk = (part: number, at: number): boolean => {
    if (at >= prefix.length) return true;
    if (part >= parts.length) return false;
    const piece = parts[part];
    if (!piece.startsWith('{')) {
      const rest = prefix.slice(at, at + piece.length);
      return piece.startsWith(rest) && walk(part + 1, at + piece.length);
    }
    // A parameter is one or more characters other than `/`.
    for (let end = at + 1; end <= prefix.length; end++) {
      if (prefix[end - 1] === '/') return false;
      if (walk(part + 1, end)) return true;
    }
    return false;
  };
  return walk(0, 0);
}

function pathReaches(pattern: string, template: string): boolean {
  if (pattern.endsWith('*')) return templateHasPrefix(template, pattern.slice(0, -1));
  const regex = new RegExp(
    `^${template
      .split(/(\{[^}]+\})/)
      .map((p) => (p.startsWith('{') ? '[^/]+' : p.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('')}\\/?$`,
  );
  return regex.test(pattern);
}

/** The operations a match can reach (every field but the organization, key, scope and event ones). */
export function reachedOperations(
  match: FaultMatch | undefined,
  ops: readonly OperationShape[],
): OperationShape[] {
  const m = match ?? {};
  return ops.filter(
    (op) =>
      (!m.operation || m.operation === op.operationId) &&
      (!m.method || m.method.toUpperCase() === op.method) &&
      (!m.path || pathReaches(m.path, op.path)) &&
      (!m.mode || op.mode),
  );
}

const OPERATION_FIELDS = ['operation', 'method', 'path', 'mode'] as const;
/** What a webhook delivery's target lacks (src/faults/webhooks.ts: organization, event, environment only). */
const DELIVERY_LACKS = [...OPERATION_FIELDS, 'key_id', 'scope'] as const;

function matchText(m: FaultMatch): string {
  return OPERATION_FIELDS.filter((f) => m[f] !== undefined)
    .map((f) => `${f}=${m[f]}`)
    .join(', ');
}

/** Where a kind applies, for a problem's detail. */
function whereKindApplies(kind: FaultKind, ops: readonly OperationShape[]): string {
  const ids = ops.filter((op) => kindApplies(kind, op)).map((op) => op.operationId);
  return ids.length ? `it applies to ${ids.join(', ')}` : 'it applies to no /v1 operation';
}

/** Why a rule of `kind` with `match` can never fire, or undefined when it can. */
export function whyNeverFires(
  kind: FaultKind,
  match: FaultMatch | undefined,
  ops: readonly OperationShape[],
): string | undefined {
  const m = match ?? {};
  const channel = KIND_CHANNEL[kind];
  if (channel === 'webhook') {
    const fields = DELIVERY_LACKS.filter((f) => m[f] !== undefined);
    return fields.length
      ? `\`${kind}\` acts on webhook deliveries, which have no ${fields.map((f) => `\`${f}\``).join(', ')}: match.${fields[0]} can never match one; match on org_id, environment, sandbox or event`
      : undefined;
  }
  if (m.event !== undefined)
    return `match.event names a webhook event, which only webhook kinds match: a \`${kind}\` rule with it can never fire`;
  const reached = reachedOperations(m, ops);
  if (reached.length === 0)
    return `match (${matchText(m)}) reaches no /v1 operation; operations: ${ops.map((op) => `${op.operationId} (${op.method} ${op.path})`).join(', ')}`;
  if (reached.some((op) => kindApplies(kind, op))) return undefined;
  const names = reached.map((op) => op.operationId).join(', ');
  return `\`${kind}\` cannot apply to ${names}${matchText(m) ? ` (what match ${matchText(m)} reaches)` : ''}: ${kindNeeds(kind)}; ${whereKindApplies(kind, ops)}`;
}

/** What an operation must document for the kind to act on it. */
export function kindNeeds(kind: FaultKind): string {
  switch (KIND_CHANNEL[kind]) {
    case 'response':
      return kind === 'extra_fields'
        ? 'it changes a 2xx JSON answer or the JSON frames of a WebSocket session'
        : 'it changes the 2xx JSON answer of an HTTP operation';
    case 'stream':
      return 'it acts on a chunked stream';
    case 'websocket':
      return 'it acts on a WebSocket session';
    case 'job':
      return 'it acts on a job an operation accepts with 202';
    default:
      return 'it acts on every operation';
  }
}
