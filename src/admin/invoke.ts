/**
 * Runs an admin operation in-process, through the same route table, validators and handlers as HTTP.
 * Scenarios and the config file use it, so they can do exactly what the admin API can, and are checked
 * by the same contract.
 */
import type { Request, Response } from 'express';
import { assertValid, type RouteTable } from '../contract/compile.js';
import { assertDeclaredQuery } from './query-names.js';
import { ApiError } from '../core/errors.js';
import type { AdminHandler } from './admin-context.js';

export interface AdminCall {
  method: string;
  path: string;
  body?: unknown;
  query?: Record<string, unknown>;
}

export interface AdminCallResult {
  status: number;
  body: unknown;
}

export type AdminInvoker = (call: AdminCall) => Promise<AdminCallResult>;

export interface AdminInvokerDeps {
  /** The admin route table (Contract.admin), the one the HTTP router matches against. */
  routes: RouteTable;
  /** Read at each call, so an invoker made before the areas registered their handlers finds them too. */
  handlers: ReadonlyMap<string, AdminHandler>;
  /** A request id for each call, as the HTTP server gives one to each request. */
  requestId: () => string;
}

export function createAdminInvoker(deps: AdminInvokerDeps): AdminInvoker {
  return (call) => invokeAdmin(deps, call);
}

async function invokeAdmin(deps: AdminInvokerDeps, call: AdminCall): Promise<AdminCallResult> {
  const match = deps.routes.match(call.method, call.path);
  if (match.kind !== 'match')
    throw new ApiError('route_not_found', `no admin route ${call.method} ${call.path}`);
  const op = match.operation;
  const body = structuredClone(call.body ?? {});
  const query = { ...(call.query ?? {}) };
  assertDeclaredQuery(op, query);
  if (op.validateParams) assertValid(op.validateParams, match.params, 'path');
  if (op.validateQuery) assertValid(op.validateQuery, query, 'query');
  if (op.bodyKind === 'json') assertValid(op.validateBody!, body, `${call.method} ${call.path} body`);
  const handler = deps.handlers.get(op.operationId);
  if (!handler) throw new ApiError('not_implemented', `${op.operationId} has no handler`);

  const result: AdminCallResult = { status: 200, body: undefined };
  const res = {
    statusCode: 200,
    headersSent: false,
    status(code: number) {
      result.status = code;
      return res;
    },
    setHeader() {
      return res;
    },
    end(chunk?: string | Buffer) {
      if (chunk) result.body = JSON.parse(String(chunk));
      return res;
    },
  };
  await handler({
    requestId: deps.requestId(),
    req: { method: call.method, path: call.path, headers: {}, query } as unknown as Request,
    res: res as unknown as Response,
    params: match.params,
    query,
    body,
    signal: new AbortController().signal,
  });
  return result;
}
