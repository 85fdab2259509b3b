import { type StreamPortInput } from './stream.js';
export interface DiagnosticStreamInput extends StreamPortInput {
    chunks: number;
    chunkBytes: number;
    /** [0] chunks posted so far, [1] set to 1 (and notified) whenever the task waits for credit. */
    progress?: SharedArrayBuffer;
    /** Spin this long before the first chunk (to trip the time budget). */
    spinMs?: number;
    /** Throw an error with code `stream_failed` before this chunk. */
    failAt?: number;
    /** Keep spinning after a cancel instead of stopping (to test the forced stop). */
    ignoreCancel?: boolean;
}
export declare const poolTasks: {
    /**
     * Streams `chunks` chunks of `chunkBytes` bytes; each chunk starts with the thread id (Int32) and its
     * index, so tests see which thread served them.
     */
    'pool.stream': (input: DiagnosticStreamInput) => Promise<void>;
    /** Echoes its input: the round trip through a thread. */
    'pool.echo': (input: {
        value: unknown;
    }) => unknown;
    /** The thread's scheduling priority (nice value), as the kernel sees it. */
    'pool.priority': () => number;
    /** Holds `mb` MiB of live JS heap (arrays of doubles), to trip the memory ceiling. */
    'pool.allocate': (input: {
        mb: number;
    }) => number;
    /** Busy for `ms` milliseconds of one core, to trip the time budget. */
    'pool.spin': (input: {
        ms: number;
    }) => number;
    /** Throws an error with a code, as area tasks do. */
    'pool.fail': (input: {
        code: string;
        message: string;
    }) => never;
};
