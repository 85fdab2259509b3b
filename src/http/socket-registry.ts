import type { WebSocket } from 'ws';

/**
 * Emitted on a session's socket when a fault (`ws_stall`) takes the session over: the session stops as if its
 * socket had closed (timers, work and metering end) while the socket itself stays open.
 */
export const SESSION_HALT = 'emulator:halt';

/** Open WebSockets by API key, so revoking a key tears its streams down at once. */
export class SocketRegistry {
  private byKey = new Map<string, Set<WebSocket>>();

  add(keyId: string, ws: WebSocket): void {
    let set = this.byKey.get(keyId);
    if (!set) this.byKey.set(keyId, (set = new Set()));
    set.add(ws);
    ws.once('close', () => {
      set.delete(ws);
      if (set.size === 0) this.byKey.delete(keyId);
    });
  }

  closeForKey(keyId: string, code: number, reason: string): number {
    const set = this.byKey.get(keyId);
    if (!set) return 0;
    for (const ws of set) closeWithError(ws, code, 'api_key_revoked', reason);
    return set.size;
  }

  /** Closes these keys' sockets as a reset does, without an error frame (one organization's reset: 1012). */
  closeForKeys(keyIds: readonly string[], code: number, reason: string): void {
    for (const keyId of keyIds) for (const ws of this.byKey.get(keyId) ?? []) ws.close(code, reason);
  }

  closeAll(code: number, reason: string): void {
    for (const set of this.byKey.values()) for (const ws of set) ws.close(code, reason);
  }

  count(): number {
    let n = 0;
    for (const set of this.byKey.values()) n += set.size;
    return n;
  }
}

/** Sends an `error` frame, then closes with the given code (the documented close-code table). */
export function closeWithError(ws: WebSocket, closeCode: number, code: string, detail: string): void {
  if (ws.readyState === ws.OPEN) {
    ws.send(JSON.stringify({ type: 'error', code, detail }));
    // The close reason is limited to 123 bytes by the protocol.
    ws.close(closeCode, Buffer.from(detail).subarray(0, 123).toString());
  }
}

/** A protocol error of a realtime session: the close code, the error frame's code and its detail. */
export class SessionError extends Error {
  constructor(
    readonly closeCode: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Ends a realtime session after an error: its own close code for a SessionError, 1011 for anything else. */
export function closeSessionOnError(ws: WebSocket, err: unknown, session: string): void {
  if (err instanceof SessionError) {
    closeWithError(ws, err.closeCode, err.code, err.detail);
    return;
  }
  console.error(`[svc-emulator] ${session} session failed:`, err);
  closeWithError(ws, 1011, 'internal_error', 'the emulator hit an unexpected error; see its log');
}
