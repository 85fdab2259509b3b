/**
 * Close codes of the realtime protocols, STT and TTS alike (the shared table, WebSocketCloseCodes /
 * decision D12 in docs/decisions.md).
 */
export const CLOSE = {
  normal: 1000,
  wrongFrameKind: 1008,
  internal: 1011,
  protocol: 4400,
  idle: 4408,
  quota: 4429,
} as const;
