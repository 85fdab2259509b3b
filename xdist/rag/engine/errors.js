/** A rejected document; `code` maps 1:1 onto the API's error codes. */
export class DocumentError extends Error {
    code;
    name = 'DocumentError';
    /** Plain data for the caller, e.g. which limit was exceeded (crosses the worker-thread boundary). */
    details;
    constructor(code, message, options) {
        super(message, options);
        this.code = code;
        this.details = options?.details;
    }
}
