/** Open WebSockets by API key, so revoking a key tears its streams down at once. */
export class SocketRegistry {
    byKey = new Map();
    add(keyId, ws) {
        let set = this.byKey.get(keyId);
        if (!set)
            this.byKey.set(keyId, (set = new Set()));
        set.add(ws);
        ws.once('close', () => {
            set.delete(ws);
            if (set.size === 0)
                this.byKey.delete(keyId);
        });
    }
    closeForKey(keyId, code, reason) {
        const set = this.byKey.get(keyId);
        if (!set)
            return 0;
        for (const ws of set)
            closeWithError(ws, code, 'api_key_revoked', reason);
        return set.size;
    }
    closeAll(code, reason) {
        for (const set of this.byKey.values())
            for (const ws of set)
                ws.close(code, reason);
    }
    count() {
        let n = 0;
        for (const set of this.byKey.values())
            n += set.size;
        return n;
    }
}
/** Sends an `error` frame, then closes with the given code (the documented close-code table). */
export function closeWithError(ws, closeCode, code, detail) {
    if (ws.readyState === ws.OPEN) {
        ws.send(JSON.stringify({ type: 'error', code, detail }));
        // The close reason is limited to 123 bytes by the protocol.
        ws.close(closeCode, Buffer.from(detail).subarray(0, 123).toString());
    }
}
/** A protocol error of a realtime session: the close code, the error frame's code and its detail. */
export class SessionError extends Error {
    closeCode;
    code;
    detail;
    constructor(closeCode, code, detail) {
        super(detail);
        this.closeCode = closeCode;
        this.code = code;
        this.detail = detail;
    }
}
/** Ends a realtime session after an error: its own close code for a SessionError, 1011 for anything else. */
export function closeSessionOnError(ws, err, session) {
    if (err instanceof SessionError) {
        closeWithError(ws, err.closeCode, err.code, err.detail);
        return;
    }
    console.error(`[svc-emulator] ${session} session failed:`, err);
    closeWithError(ws, 1011, 'internal_error', 'the emulator hit an unexpected error; see its log');
}
