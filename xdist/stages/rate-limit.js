import { ApiError } from '../http/errors.js';
export function rateLimitHeaders(r) {
    return { 'RateLimit-Limit': r.limit, 'RateLimit-Remaining': r.remaining, 'RateLimit-Reset': r.resetSeconds };
}
/** Synchronous with the memory store; a promise when windows are shared (Redis). */
function check(metering, principal) {
    const limiter = metering.rateLimiter;
    if (limiter.shared)
        return limiter.sharedHit(principal.keyId, principal.environment).then(verdict);
    return verdict(limiter.hit(principal.keyId, principal.environment));
}
function verdict(result) {
    const headers = rateLimitHeaders(result);
    if (!result.allowed) {
        throw new ApiError('rate_limited', `this key may make ${result.limit} requests per window; the window resets in ${result.resetSeconds} s`, { ...headers, 'Retry-After': result.resetSeconds });
    }
    return headers;
}
export function rateLimitStage(metering) {
    return (ctx) => {
        const headers = check(metering, ctx.principal);
        if (headers instanceof Promise)
            return headers.then((h) => setHeaders(ctx.res, h));
        setHeaders(ctx.res, headers);
    };
}
function setHeaders(res, headers) {
    for (const [name, value] of Object.entries(headers))
        res.setHeader(name, value);
}
/** WebSocket upgrades count against the same window; a refusal is a 429 before the upgrade. */
export function rateLimitUpgradeStage(metering) {
    return async (principal) => {
        await check(metering, principal);
    };
}
