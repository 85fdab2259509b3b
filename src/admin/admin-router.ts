/**
 * The admin API under /_emulator, compiled from openapi/admin.yaml exactly like /v1: route table,
 * validators, problem+json errors. With an admin token configured, every route but health needs it
 * (`Authorization: Bearer <token>` or `X-Admin-Token`); an API key never opens it.
 */
import { routeHint } from '../contract/near-miss.js';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { assertValid, type RouteTable } from '../contract/compile.js';
import { parseJsonBody } from '../http/body.js';
import { ApiError } from '../core/errors.js';
import { requestState } from '../http/request-state.js';
import type { StateStore } from '../store/index.js';
import type { AdminHandler } from './admin-context.js';
import { assertDeclaredQuery } from './query-names.js';
import { guardedByStore, writesSharedState } from './store-guard.js';

// The dashboard page and its files are open so a browser can load them; the page then asks for the token.
const OPEN_OPERATIONS = new Set(['admin.health', 'admin.ui', 'admin.uiAsset']);

function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

export function presentedAdminToken(req: Request): string | undefined {
  const header = req.headers['x-admin-token'];
  if (typeof header === 'string') return header;
  const auth = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return auth?.[1];
}

export function createAdminRouter(deps: {
  routes: RouteTable;
  handlers: ReadonlyMap<string, AdminHandler>;
  /** `--admin-token`: with one, every operation but the open ones needs it. */
  adminToken: string | null;
  /** For the guard around operations that write shared state (store-guard.ts). */
  store: Pick<StateStore, 'assertAvailable' | 'settled'>;
}) {
  return async function adminRouter(req: Request, res: Response, next: NextFunction): Promise<void> {
    const state = requestState(res);
    try {
      const match = deps.routes.match(req.method, req.path);
      if (match.kind === 'not_found') {
        throw new ApiError(
          'route_not_found',
          `no admin route ${req.method} /_emulator${req.path}${routeHint(req.path, deps.routes, '/_emulator')}; routes: ${deps.routes.describe()}`,
        );
      }
      if (match.kind === 'method_not_allowed') {
        throw new ApiError(
          'method_not_allowed',
          `/_emulator${req.path} accepts ${match.allowed.join(', ')}, not ${req.method}`,
          {
            Allow: match.allowed.join(', '),
          },
        );
      }
      const op = match.operation;
      const token = deps.adminToken;
      if (token && !OPEN_OPERATIONS.has(op.operationId)) {
        const presented = presentedAdminToken(req);
        if (!presented || !sameSecret(presented, token)) {
          throw new ApiError(
            'admin_unauthorized',
            presented
              ? 'the admin token is wrong'
              : 'this emulator runs with --admin-token; send it as X-Admin-Token or Authorization: Bearer',
          );
        }
      }
      const params = match.params;
      const query: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
      assertDeclaredQuery(op, query);
      if (op.validateParams) assertValid(op.validateParams, params, 'path');
      if (op.validateQuery) assertValid(op.validateQuery, query, 'query');
      let body: unknown;
      if (op.bodyKind === 'json') {
        body = await parseJsonBody(req, res, op.bodyRequired);
        assertValid(op.validateBody!, body, 'body');
      }
      const handler = deps.handlers.get(op.operationId);
      if (!handler) throw new ApiError('not_implemented', `${op.method} ${op.path} is not implemented yet`);
      const ctx = {
        requestId: state.requestId,
        req,
        res,
        params,
        query,
        body,
        signal: state.signal,
      };
      if (writesSharedState(op)) await guardedByStore(deps.store, res, () => handler(ctx));
      else await handler(ctx);
    } catch (err) {
      next(err);
    }
  };
}
