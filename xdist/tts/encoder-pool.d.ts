/**
 * Ready-made MP3 encoders, one spare per (rate, bitrate). Building a lamejs encoder allocates its tables
 * and costs several milliseconds (10-20 ms on a loaded 2-core machine), which would otherwise sit in every
 * stream's time to first byte. A spare is taken by a request and replaced on a later event-loop turn,
 * off the request's critical path. Encoders are never reused, so output stays byte-identical.
 */
import { Mp3StreamEncoder } from '../audio/index.js';
export declare class Mp3EncoderPool {
    private readonly spares;
    private readonly refills;
    private closed;
    take(sampleRate: number, kbps: number): Mp3StreamEncoder;
    /** Builds the spares now (at boot). */
    fill(pairs: Iterable<{
        sampleRate: number;
        kbps: number;
    }>): void;
    close(): void;
    private scheduleRefill;
}
