import { assertValid } from '../contract/compile.js';
import { ApiError } from '../http/errors.js';
export async function invokeAdmin(emulator, call) {
    const match = emulator.contract.admin.match(call.method, call.path);
    if (match.kind !== 'match')
        throw new ApiError('route_not_found', `no admin route ${call.method} ${call.path}`);
    const op = match.operation;
    const body = structuredClone(call.body ?? {});
    const query = { ...(call.query ?? {}) };
    if (op.validateParams)
        assertValid(op.validateParams, match.params, 'path');
    if (op.validateQuery)
        assertValid(op.validateQuery, query, 'query');
    if (op.bodyKind === 'json')
        assertValid(op.validateBody, body, `${call.method} ${call.path} body`);
    const handler = emulator.adminHandlers.get(op.operationId);
    if (!handler)
        throw new ApiError('not_implemented', `${op.operationId} has no handler`);
    const result = { status: 200, body: undefined };
    const res = {
        statusCode: 200,
        headersSent: false,
        status(code) {
            result.status = code;
            return res;
        },
        setHeader() {
            return res;
        },
        end(chunk) {
            if (chunk)
                result.body = JSON.parse(String(chunk));
            return res;
        },
    };
    await handler({
        requestId: emulator.ids.next('req', 20),
        req: { method: call.method, path: call.path, headers: {}, query },
        res: res,
        params: match.params,
        query,
        body,
        emulator,
        signal: new AbortController().signal,
    });
    return result;
}
