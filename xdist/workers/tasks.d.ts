export declare const taskTable: {
    'tts.render': (input: import("../tts/render.js").RenderInput) => Promise<void>;
    'tts.warmup': (input: {
        encoder: import("../audio/encoders.js").Mp3EncoderKind;
    }) => Promise<number>;
    'audio.analyze': (input: import("../stt/analyze.js").AnalyzeInput) => Promise<import("../stt/analyze.js").AnalyzeOutput>;
    'rag.inspect': (input: import("../rag/engine/worker-tasks.js").InspectTaskInput) => Promise<import("../rag/engine/inspect.js").InspectedDocument>;
    'pool.stream': (input: import("./pool-tasks.js").DiagnosticStreamInput) => Promise<void>;
    'pool.echo': (input: {
        value: unknown;
    }) => unknown;
    'pool.priority': () => number;
    'pool.allocate': (input: {
        mb: number;
    }) => number;
    'pool.spin': (input: {
        ms: number;
    }) => number;
    'pool.fail': (input: {
        code: string;
        message: string;
    }) => never;
};
export type TaskName = keyof typeof taskTable;
export type TaskInput<N extends TaskName> = Parameters<(typeof taskTable)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof taskTable)[N]>>;
export interface TaskRequest {
    name: TaskName;
    input: unknown;
}
export interface SerializedError {
    name: string;
    code?: string;
    message: string;
    /** Plain data the area wants back (for example which content limit was exceeded). */
    details?: Record<string, unknown>;
}
export type TaskResult = {
    ok: true;
    value: unknown;
} | {
    ok: false;
    error: SerializedError;
};
/** Runs one task; a thrown error comes back as data so its `code` survives the thread boundary. */
export declare function runTask(req: TaskRequest): Promise<TaskResult>;
