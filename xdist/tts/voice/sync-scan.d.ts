import type { SampleBuffer } from './sample-buffer.js';
export declare class SyncScanner {
    private readonly sampleRate;
    readonly hop: number;
    private readonly omegas;
    private cum;
    /** block index whose prefix sum is cum[0..STRIDE) (all zeros) */
    private base;
    private count;
    private readonly scratch;
    private readonly inner;
    private readonly full;
    /** blocks after a candidate block needed to evaluate it */
    readonly span: number;
    constructor(sampleRate: number);
    /** Restarts the prefix sums at block `b` (used when the scan jumps over a decoded utterance). */
    resetAt(b: number): void;
    /** Computes prefix sums up to block `end` (exclusive) if the samples are there. */
    ensure(end: number, pcm: SampleBuffer): boolean;
    private sum;
    private tonePower;
    /** Whether a sync could start at block b (blocks up to b + span must be ensured). */
    passes(b: number): boolean;
    /** Coherent sync-tone power over the full on-time of both bursts: peaks at the true start. */
    alignment(b: number): number;
}
