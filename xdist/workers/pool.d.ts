import type { MessagePort } from 'node:worker_threads';
import type { TaskInput, TaskName, TaskOutput } from './tasks.js';
import { type StreamOptions, type StreamPortInput } from './stream.js';
/** Tasks whose input carries a stream port: the ones `stream` can run. */
type StreamTaskName = {
    [N in TaskName]: TaskInput<N> extends StreamPortInput ? N : never;
}[TaskName];
export interface PoolOptions {
    /** Threads; 0 runs tasks in-process. Default: the number of cores. */
    size: number;
    /** Old-generation heap ceiling per worker thread, MiB. */
    memoryMb: number;
    /** Wall-time budget per task, ms. */
    timeMs: number;
}
export declare const DEFAULT_POOL_OPTIONS: PoolOptions;
export interface RunOptions {
    signal?: AbortSignal;
    /** Buffers (or ports) to move to the worker instead of copying (the caller must not use them afterwards). */
    transferList?: readonly (ArrayBuffer | MessagePort)[];
    /** Overrides the pool's time budget for this task. */
    timeMs?: number;
}
/**
 * Bytes to hand to a task, moved rather than copied: the caller's own memory when the view owns its
 * ArrayBuffer (an upload, or a view spanning a whole buffer), otherwise a copy. Pass `transferList` with
 * them; the caller's view is emptied by the move and must not be read again.
 */
export declare function movable(bytes: Uint8Array): {
    bytes: Uint8Array;
    transferList: ArrayBuffer[];
};
export type LimitKind = 'memory' | 'time';
/** A task stopped for exceeding a ceiling of the pool. */
export declare class TaskLimitError extends Error {
    readonly limit: LimitKind;
    name: string;
    constructor(limit: LimitKind, message: string);
}
/** A task that threw: the thrown error's name, code and message, as the worker saw them. */
export declare class TaskError extends Error {
    readonly errorName: string;
    readonly code: string | undefined;
    readonly details?: Record<string, unknown> | undefined;
    name: string;
    constructor(errorName: string, code: string | undefined, message: string, details?: Record<string, unknown> | undefined);
}
export declare class WorkerPool {
    readonly options: PoolOptions;
    private piscina;
    private running;
    /** Called with an error when the pool closes before the task gets a thread. */
    private readonly waiting;
    private closed;
    constructor(options?: Partial<PoolOptions>);
    /** Tasks waiting for a thread, and tasks running. */
    stats(): {
        running: number;
        queued: number;
        threads: number;
    };
    run<N extends TaskName>(name: N, input: TaskInput<N>, opts?: RunOptions): Promise<TaskOutput<N>>;
    /**
     * Runs a streaming task (stream.ts): its chunks are yielded as the task posts them, under a credit window;
     * leaving the loop early or aborting `signal` cancels the task.
     */
    stream<N extends StreamTaskName>(name: N, input: Omit<TaskInput<N>, keyof StreamPortInput>, opts?: StreamOptions): AsyncGenerator<Uint8Array, void, undefined>;
    /** Tasks waiting for a thread reject; running ones are stopped (see the header on when). */
    close(): Promise<void>;
    private pool;
    private runInWorker;
    private runInProcess;
    private acquire;
    private release;
}
export {};
