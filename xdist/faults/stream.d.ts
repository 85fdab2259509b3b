/**
 * Faults for chunked streams (`/tts/stream`): `stream_truncate` cuts the connection after N bytes without
 * the final chunk, so clients see an incomplete body; `stream_slow` paces the stream to N bytes per second
 * (wall time: it is about the client's read timeouts).
 */
import type { FaultHit } from './store.js';
export interface StreamShaper {
    /** The part of `chunk` to send, and whether the stream must be cut right after it. */
    next(chunk: Buffer, signal: AbortSignal): Promise<{
        send: Buffer;
        cut: boolean;
    }>;
}
export declare function streamShaper(hit: FaultHit | null): StreamShaper;
