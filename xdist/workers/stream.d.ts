/**
 * Streaming tasks on the worker pool: a task that produces bytes over time (TTS audio) posts them on a
 * MessagePort as they exist, and the caller reads them as an async iterable (docs/decisions.md, "Worker pool:
 * streaming tasks").
 *
 * - **Backpressure by credit**: the task may have at most `windowBytes` posted but not yet consumed; past
 *   that it waits for the caller to take chunks, so a slow reader never lets the worker run far ahead.
 * - **Cooperative cancel**: stopping early (abort `signal`, or `return()`/`break` on the iterator) sends a
 *   cancel message; the task stops at its next chunk and its thread stays warm for the next stream. A task
 *   that does not stop within CANCEL_GRACE_MS is stopped the hard way (thread terminated and replaced).
 * - **Time budget of active work**: `timeMs` counts only while the task has credit; time spent waiting for a
 *   slow reader does not count. Past it the thread is terminated and the stream throws TaskLimitError.
 * - The stream holds one of the pool's slots while it runs (see pool.ts, admission).
 */
import { type MessagePort } from 'node:worker_threads';
import { type RunOptions } from './pool.js';
/** Default credit window: bytes a task may post ahead of its reader. */
export declare const DEFAULT_STREAM_WINDOW_BYTES: number;
/** How long a cancelled task may take to notice before its thread is terminated. */
export declare const CANCEL_GRACE_MS = 2000;
/** What every streaming task receives besides its own input. */
export interface StreamPortInput {
    port: MessagePort;
    windowBytes: number;
}
export interface StreamOptions {
    /** Aborting it stops the task (cooperatively, then by force) and makes the iterator throw the reason. */
    signal?: AbortSignal;
    /** Budget of active time (ms); default the pool's time budget. */
    timeMs?: number;
    windowBytes?: number;
}
type Runner = (input: StreamPortInput, opts: RunOptions) => Promise<unknown>;
/** Caller side (pool.ts `stream`): starts the task through `run` and yields its chunks in order. */
export declare function readStream(run: Runner, name: string, defaultTimeMs: number, opts: StreamOptions): AsyncGenerator<Uint8Array, void, undefined>;
/**
 * Defines a streaming task for an area's task table: `fn` writes its chunks to the sink. The end marker is
 * posted however `fn` ends, and a cancel (the reader left) ends the task quietly.
 */
export declare function streamTask<I extends StreamPortInput>(fn: (input: I, sink: StreamSink) => Promise<void>): (input: I) => Promise<void>;
/** Thrown inside a task by StreamSink once the reader has gone. */
export declare class StreamCancelled extends Error {
    name: string;
}
/** Task side (made by streamTask): posts chunks under the credit window and notices cancellation. */
export declare class StreamSink {
    private readonly port;
    private credit;
    private readonly controller;
    private waiter;
    constructor(port: MessagePort, windowBytes: number);
    /** Aborts when the reader cancels; pass it to cooperative loops. */
    get signal(): AbortSignal;
    /** Bytes the task may still post before it has to wait for the reader. */
    get creditBytes(): number;
    get cancelled(): boolean;
    /** Posts one chunk (moved, not copied), then waits while the reader is a full window behind. */
    send(bytes: Uint8Array): Promise<void>;
    /** Marks the end of the stream (after the last chunk); the reader closes the channel. */
    end(): void;
    private stop;
    private wake;
}
export {};
