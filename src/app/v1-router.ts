/**
 * The /v1 pipeline, in the order a request passes through it:
 * route → authenticate → scopes → rate limit → parse body → validate → faults → replay → handler
 * (in proxy mode: route → faults → upstream, src/proxy).
 * Every failure leaves through sendProblem.
 */
import type { NextFunction, Request, Response } from 'express';
import { assertScopes, authenticateApiKey } from '../auth/authenticate.js';
import { assertValid, type CompiledOperation, type RouteTable } from '../contract/compile.js';
import type { OrgStore } from '../orgs/store.js';
import type { HttpProxy } from '../proxy/http-proxy.js';
import type { ReplayStage } from '../proxy/replay.js';
import type { FaultHeaderParser } from '../faults/header.js';
import { parseJsonBody, parseMultipartBody, type MultipartLimits } from '../http/body.js';
import type { OperationContext, OperationHandler, Stage } from '../http/context.js';
import { depthMessage, jsonDepthOverflow } from '../http/json-limits.js';
import { ApiError } from '../core/errors.js';
import { routeHint } from '../contract/near-miss.js';
import { keepSentJson } from '../observe/capture.js';
import { requestState } from '../http/request-state.js';

export interface V1RouterDeps {
  routes: RouteTable;
  orgs: OrgStore;
  handlers: Map<string, OperationHandler>;
  /** Before the body is read: rate limits. */
  stages: Stage[];
  /** After validation, before the handler: faults (they may match on body fields such as the RAG mode). */
  preHandlerStages: Stage[];
  uploadLimits: Map<string, MultipartLimits>;
  defaultUploadLimits: MultipartLimits;
  /** Proxy mode: every /v1 request goes to the upstream gateway (faults still apply first). */
  proxy?: HttpProxy | null;
  /** Replay mode: answers a request that matches a recording, in place of the handler. */
  replay?: ReplayStage | null;
  /** `--fault-header`: reads `X-Emulator-Fault` onto the request (null: the header is ignored). */
  faultHeader?: FaultHeaderParser | null;
}

export function createV1Router(deps: V1RouterDeps) {
  return async function v1Router(req: Request, res: Response, next: NextFunction): Promise<void> {
    const state = requestState(res);
    try {
      const path = req.baseUrl + req.path;
      const match = deps.routes.match(req.method, path);
      // First, so an invalid header is refused before any work (and never billed), in proxy mode too.
      if (deps.faultHeader)
        deps.faultHeader.attach(
          req,
          false,
          !deps.proxy && match.kind === 'match' ? match.operation.operationId : undefined,
        );
      if (deps.proxy) return await deps.proxy(req, res, match);
      if (match.kind === 'not_found') {
        throw new ApiError(
          'route_not_found',
          `no route ${req.method} ${path}${routeHint(path, deps.routes)}; routes: ${deps.routes.describe()}`,
        );
      }
      if (match.kind === 'method_not_allowed') {
        throw new ApiError(
          'method_not_allowed',
          `${path} accepts ${match.allowed.join(', ')}, not ${req.method}`,
          {
            Allow: match.allowed.join(', '),
          },
        );
      }
      const op = match.operation;
      state.journal.operation_id = op.operationId;

      const authenticated = authenticateApiKey(req, deps.orgs);
      // A promise only for a key this instance has not seen under a shared store (src/orgs/redis-orgs.ts).
      const principal = authenticated instanceof Promise ? await authenticated : authenticated;
      state.setPrincipal(principal);
      if (op.scopes) assertScopes(principal, op.scopes, `${op.method} ${op.path}`);

      const ctx: OperationContext = {
        requestId: state.requestId,
        operation: op,
        req,
        res,
        principal,
        params: match.params,
        query: { ...(req.query as Record<string, unknown>) },
        body: undefined,
        files: {},
        get signal() {
          return state.signal;
        },
        journal: state.journal,
        testScope: state.journal.scope,
      };

      for (const stage of deps.stages) await stage(ctx);

      if (op.websocket) {
        throw new ApiError(
          'upgrade_required',
          `${op.path} is a WebSocket endpoint; connect with an Upgrade: websocket request`,
        );
      }
      await parseAndValidate(ctx, op, deps);
      for (const stage of deps.preHandlerStages) await stage(ctx);
      if (deps.replay?.(ctx)) return;

      const handler = deps.handlers.get(op.operationId);
      if (!handler) {
        throw new ApiError(
          'not_implemented',
          `${op.method} ${op.path} (${op.operationId}) is not emulated yet`,
        );
      }
      const handlerStart = performance.now();
      try {
        await handler(ctx);
      } finally {
        ctx.journal.timings.handler_ms = Math.round(performance.now() - handlerStart);
      }
    } catch (err) {
      next(err);
    } finally {
      state.handlerSettled();
    }
  };
}

async function parseAndValidate(
  ctx: OperationContext,
  op: CompiledOperation,
  deps: V1RouterDeps,
): Promise<void> {
  if (op.validateParams) assertValid(op.validateParams, ctx.params, 'path');
  if (op.validateQuery) assertValid(op.validateQuery, ctx.query, 'query');
  if (op.bodyKind === 'json') {
    ctx.body = await parseJsonBody(ctx.req, ctx.res, op.bodyRequired);
    keepSentJson(ctx.res, ctx.body);
    assertValid(op.validateBody!, ctx.body, 'body');
  } else if (op.bodyKind === 'multipart') {
    const limits = deps.uploadLimits.get(op.operationId) ?? deps.defaultUploadLimits;
    const { fields, files } = await parseMultipartBody(ctx.req, ctx.res, op.fileFields, limits);
    for (const name of op.jsonFields) {
      const deep = fields[name] === undefined ? -1 : jsonDepthOverflow(fields[name]);
      if (deep >= 0) throw new ApiError('json_too_deep', depthMessage(`the ${name} part`, deep));
    }
    // File parts are validated by presence: the schema sees their file name in their place.
    const data: Record<string, unknown> = fields;
    for (const [name, file] of Object.entries(files)) data[name] = file.originalName || name;
    assertValid(op.validateBody!, data, 'body');
    for (const name of op.fileFields) delete data[name];
    ctx.body = data;
    ctx.files = files;
  }
}
