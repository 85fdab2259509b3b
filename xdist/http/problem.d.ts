import type { Response } from 'express';
import { errorCatalog, type AnyApiError } from './errors.js';
/** The RFC 9457 body, with exactly the fields of the specification's Problem. */
export interface Problem {
    type: string;
    title: string;
    status: number;
    detail?: string;
    instance?: string;
    code: string;
    request_id: string;
}
export declare function toProblem(err: AnyApiError, requestId: string, instance?: string): Problem;
/** Turns anything thrown into an API error; unknown errors become 500 `internal_error`. */
export declare function normalizeError(err: unknown): AnyApiError;
/** The single exit for every error response of the emulator. */
export declare function sendProblem(res: Response, err: unknown, requestId: string): void;
export { errorCatalog };
