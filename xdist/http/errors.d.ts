export interface ErrorDefinition {
    readonly status: number;
    readonly title: string;
}
export declare const coreErrors: {
    readonly invalid_json: {
        readonly status: 400;
        readonly title: "Malformed JSON body";
    };
    readonly invalid_multipart: {
        readonly status: 400;
        readonly title: "Malformed multipart body";
    };
    readonly malformed_request: {
        readonly status: 400;
        readonly title: "Malformed HTTP request";
    };
    readonly unsupported_content_type: {
        readonly status: 400;
        readonly title: "Unsupported content type";
    };
    readonly body_too_large: {
        readonly status: 400;
        readonly title: "Request body too large";
    };
    readonly missing_api_key: {
        readonly status: 401;
        readonly title: "Missing API key";
    };
    readonly malformed_api_key: {
        readonly status: 401;
        readonly title: "Malformed API key";
    };
    readonly invalid_api_key: {
        readonly status: 401;
        readonly title: "Invalid API key";
    };
    readonly api_key_revoked: {
        readonly status: 401;
        readonly title: "API key revoked";
    };
    readonly invalid_ws_token: {
        readonly status: 401;
        readonly title: "Invalid WebSocket token";
    };
    readonly insufficient_scope: {
        readonly status: 403;
        readonly title: "Insufficient scope";
    };
    readonly route_not_found: {
        readonly status: 404;
        readonly title: "Route not found";
    };
    readonly not_found: {
        readonly status: 404;
        readonly title: "Resource not found";
    };
    readonly method_not_allowed: {
        readonly status: 405;
        readonly title: "Method not allowed";
    };
    readonly validation_failed: {
        readonly status: 422;
        readonly title: "Validation failed";
    };
    readonly json_too_deep: {
        readonly status: 422;
        readonly title: "JSON nested too deeply";
    };
    readonly internal_error: {
        readonly status: 500;
        readonly title: "Internal gateway error";
    };
    readonly not_implemented: {
        readonly status: 501;
        readonly title: "Not implemented by the emulator yet";
    };
    readonly upstream_error: {
        readonly status: 502;
        readonly title: "Upstream service error";
    };
    readonly upstream_timeout: {
        readonly status: 504;
        readonly title: "Upstream timeout";
    };
    readonly admin_unauthorized: {
        readonly status: 401;
        readonly title: "Admin token required";
    };
    readonly upgrade_required: {
        readonly status: 400;
        readonly title: "WebSocket upgrade required";
    };
    readonly emulator_not_ready: {
        readonly status: 503;
        readonly title: "Emulator not ready";
    };
};
export declare const errorCatalog: {
    readonly rag_not_entitled: {
        readonly status: 403;
        readonly title: "RAG entitlement required";
    };
    readonly rag_not_provisioned: {
        readonly status: 409;
        readonly title: "RAG tenant not provisioned";
    };
    readonly rag_provisioning: {
        readonly status: 409;
        readonly title: "RAG tenant provisioning";
    };
    readonly document_not_found: {
        readonly status: 404;
        readonly title: "Document not found";
    };
    readonly document_too_large: {
        readonly status: 422;
        readonly title: "Document too large";
    };
    readonly unsupported_document_type: {
        readonly status: 422;
        readonly title: "Unsupported document type";
    };
    readonly document_unreadable: {
        readonly status: 422;
        readonly title: "Document unreadable";
    };
    readonly document_empty: {
        readonly status: 422;
        readonly title: "Document has no text";
    };
    readonly document_too_complex: {
        readonly status: 422;
        readonly title: "Document too complex";
    };
    readonly malware_detected: {
        readonly status: 422;
        readonly title: "Malware detected";
    };
    readonly archive_rejected: {
        readonly status: 422;
        readonly title: "Archive rejected";
    };
    readonly invalid_metadata: {
        readonly status: 422;
        readonly title: "Invalid metadata";
    };
    readonly indexing_failed: {
        readonly status: 502;
        readonly title: "Indexing failed";
    };
    readonly unsupported_audio_format: {
        readonly status: 422;
        readonly title: "Unsupported audio format";
    };
    readonly audio_corrupt: {
        readonly status: 422;
        readonly title: "Corrupt audio";
    };
    readonly audio_truncated: {
        readonly status: 422;
        readonly title: "Truncated audio";
    };
    readonly audio_too_complex: {
        readonly status: 422;
        readonly title: "Audio too complex";
    };
    readonly file_too_large: {
        readonly status: 422;
        readonly title: "File too large";
    };
    readonly job_not_found: {
        readonly status: 404;
        readonly title: "Job not found";
    };
    readonly transcription_failed: {
        readonly status: 502;
        readonly title: "Transcription failed upstream";
    };
    readonly unknown_voice: {
        readonly status: 422;
        readonly title: "Unknown voice";
    };
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
    readonly invalid_json: {
        readonly status: 400;
        readonly title: "Malformed JSON body";
    };
    readonly invalid_multipart: {
        readonly status: 400;
        readonly title: "Malformed multipart body";
    };
    readonly malformed_request: {
        readonly status: 400;
        readonly title: "Malformed HTTP request";
    };
    readonly unsupported_content_type: {
        readonly status: 400;
        readonly title: "Unsupported content type";
    };
    readonly body_too_large: {
        readonly status: 400;
        readonly title: "Request body too large";
    };
    readonly missing_api_key: {
        readonly status: 401;
        readonly title: "Missing API key";
    };
    readonly malformed_api_key: {
        readonly status: 401;
        readonly title: "Malformed API key";
    };
    readonly invalid_api_key: {
        readonly status: 401;
        readonly title: "Invalid API key";
    };
    readonly api_key_revoked: {
        readonly status: 401;
        readonly title: "API key revoked";
    };
    readonly invalid_ws_token: {
        readonly status: 401;
        readonly title: "Invalid WebSocket token";
    };
    readonly insufficient_scope: {
        readonly status: 403;
        readonly title: "Insufficient scope";
    };
    readonly route_not_found: {
        readonly status: 404;
        readonly title: "Route not found";
    };
    readonly not_found: {
        readonly status: 404;
        readonly title: "Resource not found";
    };
    readonly method_not_allowed: {
        readonly status: 405;
        readonly title: "Method not allowed";
    };
    readonly validation_failed: {
        readonly status: 422;
        readonly title: "Validation failed";
    };
    readonly json_too_deep: {
        readonly status: 422;
        readonly title: "JSON nested too deeply";
    };
    readonly internal_error: {
        readonly status: 500;
        readonly title: "Internal gateway error";
    };
    readonly not_implemented: {
        readonly status: 501;
        readonly title: "Not implemented by the emulator yet";
    };
    readonly upstream_error: {
        readonly status: 502;
        readonly title: "Upstream service error";
    };
    readonly upstream_timeout: {
        readonly status: 504;
        readonly title: "Upstream timeout";
    };
    readonly admin_unauthorized: {
        readonly status: 401;
        readonly title: "Admin token required";
    };
    readonly upgrade_required: {
        readonly status: 400;
        readonly title: "WebSocket upgrade required";
    };
    readonly emulator_not_ready: {
        readonly status: 503;
        readonly title: "Emulator not ready";
    };
};
export type ErrorCode = keyof typeof errorCatalog;
export declare function isErrorCode(code: string): code is ErrorCode;
/** An error that leaves the emulator as a problem+json response. */
export declare class ApiError extends Error {
    readonly code: ErrorCode;
    readonly detail?: string | undefined;
    readonly headers: Record<string, string | number>;
    readonly status: number;
    readonly title: string;
    constructor(code: ErrorCode, detail?: string | undefined, headers?: Record<string, string | number>);
}
/**
 * An error with a status and code chosen at run time (fault injection, scripted STT errors). The code
 * need not be in the catalog; the status must be a valid HTTP error status.
 */
export declare class CustomApiError extends Error {
    readonly status: number;
    readonly code: string;
    readonly title: string;
    readonly detail?: string | undefined;
    readonly headers: Record<string, string | number>;
    /** The status is not one the operation documents (decision F9); the journal entry says so. */
    offContract: boolean;
    constructor(status: number, code: string, title: string, detail?: string | undefined, headers?: Record<string, string | number>);
}
export type AnyApiError = ApiError | CustomApiError;
export declare function isApiError(err: unknown): err is AnyApiError;
