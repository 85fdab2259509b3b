import { keepResponseJson } from '../observe/capture.js';
export function sendJson(ctx, status, body) {
    const text = JSON.stringify(body);
    ctx.res.status(status);
    ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
    ctx.res.setHeader('Content-Length', Buffer.byteLength(text));
    keepResponseJson(ctx.res, text);
    ctx.res.end(text);
}
