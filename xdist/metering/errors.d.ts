/**
 * The metering area's error catalog. All three are 429s; the `code` is what separates a rate limit from
 * a credit or test quota (the spec leaves that code "not shown").
 */
export declare const meteringErrors: {
    readonly rate_limited: {
        readonly status: 429;
        readonly title: "Rate limit exceeded";
    };
    readonly insufficient_credits: {
        readonly status: 429;
        readonly title: "Insufficient credits";
    };
    readonly test_quota_exceeded: {
        readonly status: 429;
        readonly title: "Test quota exceeded";
    };
};
export type MeteringErrorCode = keyof typeof meteringErrors;
export declare class MeteringError extends Error {
    readonly code: MeteringErrorCode;
    /** Names the rule and the numbers, e.g. "this request costs 12.5 credits; the organization's balance is 3.2". */
    readonly detail: string;
    /** Integer seconds for the Retry-After header (at least 1). */
    readonly retryAfterSeconds: number;
    readonly status: number;
    readonly title: string;
    constructor(code: MeteringErrorCode, 
    /** Names the rule and the numbers, e.g. "this request costs 12.5 credits; the organization's balance is 3.2". */
    detail: string, 
    /** Integer seconds for the Retry-After header (at least 1). */
    retryAfterSeconds: number);
}
