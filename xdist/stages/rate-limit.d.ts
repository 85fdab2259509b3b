/**
 * The rate-limit stage (spec, Errors: 429 headers). Every authenticated /v1 response carries
 * RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a refusal adds Retry-After and the code
 * `rate_limited` (credit and test-quota refusals use their own codes, raised by the areas' prechecks).
 */
import type { Principal } from '../auth/principal.js';
import type { Stage } from '../http/context.js';
import type { Metering, RateLimitResult } from '../metering/index.js';
export declare function rateLimitHeaders(r: RateLimitResult): Record<string, number>;
export declare function rateLimitStage(metering: Metering): Stage;
/** WebSocket upgrades count against the same window; a refusal is a 429 before the upgrade. */
export declare function rateLimitUpgradeStage(metering: Metering): (principal: Principal) => Promise<void>;
