/**
 * The rate-limit stage (spec, Errors: 429 headers). Every authenticated /v1 response carries
 * RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a refusal adds Retry-After and the code
 * `rate_limited` (credit and test-quota refusals use their own codes, raised by the areas' prechecks).
 */
import type { Principal } from '../auth/principal.js';
import type { Stage } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import { andThen, type MaybePromise } from '../core/maybe.js';
import type { Metering, RateLimitResult } from '../metering/index.js';

export function rateLimitHeaders(r: RateLimitResult): Record<string, number> {
  return {
    'RateLimit-Limit': r.limit,
    'RateLimit-Remaining': r.remaining,
    'RateLimit-Reset': r.resetSeconds,
  };
}

/** Synchronous with the memory store; a promise (one round trip) when windows are in Redis. */
function check(metering: Metering, principal: Principal): MaybePromise<Record<string, number>> {
  return andThen(metering.rateLimiter.hit(principal), verdict);
}

function verdict(result: RateLimitResult): Record<string, number> {
  const headers = rateLimitHeaders(result);
  if (!result.allowed) {
    throw new ApiError(
      'rate_limited',
      `this key may make ${result.limit} requests per window; the window resets in ${result.resetSeconds} s`,
      { ...headers, 'Retry-After': result.resetSeconds },
    );
  }
  return headers;
}

export function rateLimitStage(metering: Metering): Stage {
  return (ctx) => {
    const headers = check(metering, ctx.principal);
    if (headers instanceof Promise) return headers.then((h) => setHeaders(ctx.res, h));
    setHeaders(ctx.res, headers);
  };
}

function setHeaders(
  res: { setHeader(name: string, value: number): unknown },
  headers: Record<string, number>,
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** WebSocket upgrades count against the same window; a refusal is a 429 before the upgrade. */
export function rateLimitUpgradeStage(metering: Metering) {
  return async (principal: Principal) => {
    await check(metering, principal);
  };
}
