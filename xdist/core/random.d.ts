declare const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** Deterministic pseudo-random numbers (sfc32 seeded from SHA-256 of the seed string). */
export declare class Random {
    readonly seed: string;
    private a;
    private b;
    private c;
    private d;
    constructor(seed: string);
    /** Back to the first number of the sequence. */
    reset(): void;
    nextUint32(): number;
    /** A float in [0, 1). */
    next(): number;
    /** An integer in [0, n). */
    int(n: number): number;
    pick<T>(items: readonly T[]): T;
    base62(length: number): string;
    /** An independent stream derived from this seed and a label. */
    fork(label: string): Random;
}
/**
 * Deterministic identifiers: the n-th id of a given prefix depends only on the seed, the prefix and n,
 * so the same seed and the same sequence of requests from process start give the same ids. The counters
 * survive an emulator reset on purpose: an id never repeats within a process, so a receiver that
 * de-duplicates webhook events by id never drops a real event after a reset.
 */
export declare class IdFactory {
    private readonly seed;
    private counters;
    constructor(seed: string);
    next(prefix: string, length?: number): string;
}
export declare function base62FromHash(input: string, length: number): string;
export declare function sha256Hex(data: string | Buffer): string;
export { BASE62 };
