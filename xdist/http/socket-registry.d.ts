import type { WebSocket } from 'ws';
/** Open WebSockets by API key, so revoking a key tears its streams down at once. */
export declare class SocketRegistry {
    private byKey;
    add(keyId: string, ws: WebSocket): void;
    closeForKey(keyId: string, code: number, reason: string): number;
    closeAll(code: number, reason: string): void;
    count(): number;
}
/** Sends an `error` frame, then closes with the given code (the documented close-code table). */
export declare function closeWithError(ws: WebSocket, closeCode: number, code: string, detail: string): void;
/** A protocol error of a realtime session: the close code, the error frame's code and its detail. */
export declare class SessionError extends Error {
    readonly closeCode: number;
    readonly code: string;
    readonly detail: string;
    constructor(closeCode: number, code: string, detail: string);
}
/** Ends a realtime session after an error: its own close code for a SessionError, 1011 for anything else. */
export declare function closeSessionOnError(ws: WebSocket, err: unknown, session: string): void;
