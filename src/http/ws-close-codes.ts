/**
 * Every WebSocket close code the emulator sends, in one table (WebSocketCloseCodes / decision D12 in
 * docs/decisions.md): the realtime protocols' (STT and TTS alike) and those of the control plane.
 */
export const CLOSE = {
  normal: 1000,
  /** The emulator is shutting down. */
  goingAway: 1001,
  wrongFrameKind: 1008,
  internal: 1011,
  /** A reset: the emulator's, an organization's or a sandbox's. */
  reset: 1012,
  /** The key the session was opened with was revoked. */
  keyRevoked: 4001,
  protocol: 4400,
  idle: 4408,
  /** The sandbox the session belongs to was deleted. */
  sandboxDeleted: 4410,
  quota: 4429,
} as const;
