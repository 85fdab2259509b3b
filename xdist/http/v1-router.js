import { assertScopes, authenticateApiKey } from '../auth/authenticate.js';
import { assertValid } from '../contract/compile.js';
import { parseJsonBody, parseMultipartBody } from './body.js';
import { depthMessage, jsonDepthOverflow } from './json-limits.js';
import { ApiError } from './errors.js';
import { routeHint } from '../contract/near-miss.js';
import { keepSentJson } from '../observe/capture.js';
import { requestState } from './request-state.js';
export function createV1Router(deps) {
    return async function v1Router(req, res, next) {
        const state = requestState(res);
        try {
            const path = req.baseUrl + req.path;
            const match = deps.routes.match(req.method, path);
            if (deps.proxy)
                return await deps.proxy(req, res, match);
            if (match.kind === 'not_found') {
                throw new ApiError('route_not_found', `no route ${req.method} ${path}${routeHint(path, deps.routes)}; routes: ${deps.routes.describe()}`);
            }
            if (match.kind === 'method_not_allowed') {
                throw new ApiError('method_not_allowed', `${path} accepts ${match.allowed.join(', ')}, not ${req.method}`, {
                    Allow: match.allowed.join(', '),
                });
            }
            const op = match.operation;
            state.journal.operation_id = op.operationId;
            const authenticated = authenticateApiKey(req, deps.orgs);
            // A promise only for a key this instance has not seen under a shared store (src/store/shared-orgs.ts).
            const principal = authenticated instanceof Promise ? await authenticated : authenticated;
            state.setPrincipal(principal);
            if (op.scopes)
                assertScopes(principal, op.scopes, `${op.method} ${op.path}`);
            const ctx = {
                requestId: state.requestId,
                operation: op,
                req,
                res,
                principal,
                params: match.params,
                query: { ...req.query },
                body: undefined,
                files: {},
                get signal() {
                    return state.signal;
                },
                journal: state.journal,
                testScope: state.journal.scope,
            };
            for (const stage of deps.stages)
                await stage(ctx);
            if (op.websocket) {
                throw new ApiError('upgrade_required', `${op.path} is a WebSocket endpoint; connect with an Upgrade: websocket request`);
            }
            await parseAndValidate(ctx, op, deps);
            for (const stage of deps.preHandlerStages)
                await stage(ctx);
            if (deps.replay?.(ctx))
                return;
            const handler = deps.handlers.get(op.operationId);
            if (!handler) {
                throw new ApiError('not_implemented', `${op.method} ${op.path} (${op.operationId}) is not emulated yet`);
            }
            const handlerStart = performance.now();
            try {
                await handler(ctx);
            }
            finally {
                ctx.journal.timings.handler_ms = Math.round(performance.now() - handlerStart);
            }
        }
        catch (err) {
            next(err);
        }
    };
}
async function parseAndValidate(ctx, op, deps) {
    if (op.validateParams)
        assertValid(op.validateParams, ctx.params, 'path');
    if (op.validateQuery)
        assertValid(op.validateQuery, ctx.query, 'query');
    if (op.bodyKind === 'json') {
        ctx.body = await parseJsonBody(ctx.req, ctx.res, op.bodyRequired);
        keepSentJson(ctx.res, ctx.body);
        assertValid(op.validateBody, ctx.body, 'body');
    }
    else if (op.bodyKind === 'multipart') {
        const limits = deps.uploadLimits.get(op.operationId) ?? deps.defaultUploadLimits;
        const { fields, files } = await parseMultipartBody(ctx.req, ctx.res, op.fileFields, limits);
        for (const name of op.jsonFields) {
            const deep = fields[name] === undefined ? -1 : jsonDepthOverflow(fields[name]);
            if (deep >= 0)
                throw new ApiError('json_too_deep', depthMessage(`the ${name} part`, deep));
        }
        // File parts are validated by presence: the schema sees their file name in their place.
        const data = fields;
        for (const [name, file] of Object.entries(files))
            data[name] = file.originalName || name;
        assertValid(op.validateBody, data, 'body');
        for (const name of op.fileFields)
            delete data[name];
        ctx.body = data;
        ctx.files = files;
    }
}
