/**
 * The rate-limit stage (spec, Errors: 429 headers). Every authenticated /v1 response carries
 * RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a refusal adds Retry-After and the code
 * `rate_limited` (credit and test-quota refusals use their own codes, raised by the areas' prechecks).
 */
import type { Principal } from '../auth/principal.js';
import type { Stage } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import type { Metering, RateLimitResult } from '../metering/index.js';

export function rateLimitHeaders(r: RateLimitResult): Record<string, number> {
  return { 'RateLimit-Limit': r.limit, 'RateLimit-Remaining': r.remaining, 'RateLimit-Reset': r.resetSeconds };
}

function check(metering: Metering, principal: Principal): Record<string, number> {
  const result = metering.rateLimiter.hit(principal.keyId, principal.environment);
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
    for (const [name, value] of Object.entries(headers)) ctx.res.setHeader(name, value);
  };
}

/** WebSocket upgrades count against the same window; a refusal is a 429 before the upgrade. */
export function rateLimitUpgradeStage(metering: Metering) {
  return (principal: Principal) => {
    check(metering, principal);
  };
}
