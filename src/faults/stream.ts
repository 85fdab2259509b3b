/**
 * Faults for chunked streams (`/tts/stream`): `stream_truncate` cuts the connection after N bytes without
 * the final chunk, so clients see an incomplete body; `stream_slow` paces the stream to N bytes per second
 * (wall time: it is about the client's read timeouts).
 */
import type { FaultHit } from './store.js';

export interface StreamShaper {
  /** The part of `chunk` to send, and whether the stream must be cut right after it. */
  next(chunk: Buffer, signal: AbortSignal): Promise<{ send: Buffer; cut: boolean }>;
}

export function streamShaper(hit: FaultHit | null): StreamShaper {
  let sent = 0;
  return {
    async next(chunk, signal) {
      if (!hit) return { send: chunk, cut: false };
      const rule = hit.rule;
      if (rule.kind === 'stream_truncate') {
        const room = Math.max(0, (rule.after_bytes ?? 0) - sent);
        const send = chunk.subarray(0, room);
        sent += send.length;
        return { send, cut: sent >= (rule.after_bytes ?? 0) };
      }
      if (rule.kind === 'stream_slow' && rule.bytes_per_second) {
        const ms = (chunk.length / rule.bytes_per_second) * 1000;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      sent += chunk.length;
      return { send: chunk, cut: false };
    },
  };
}
