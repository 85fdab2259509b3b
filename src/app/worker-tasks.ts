/**
 * The registry of worker tasks: one table per area, merged here. A task is a plain function of
 * structured-cloneable input to structured-cloneable output; it runs inside a worker thread (worker.ts) or,
 * with `--workers 0`, in-process. Area tables import their heavy modules lazily, inside the task, so a new
 * thread starts fast.
 */
import { poolTasks } from '../workers/pool-tasks.js';
import { documentTasks } from '../rag/engine/worker-tasks.js';
import { audioTasks } from '../stt/worker-tasks.js';
import { ttsTasks } from '../tts/worker-tasks.js';

type TaskFn = (input: any) => unknown;

export const taskTable = { ...poolTasks, ...documentTasks, ...audioTasks, ...ttsTasks } satisfies Record<
  string,
  TaskFn
>;

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

export type TaskResult = { ok: true; value: unknown } | { ok: false; error: SerializedError };

/** Runs one task; a thrown error comes back as data so its `code` survives the thread boundary. */
export async function runTask(req: TaskRequest): Promise<TaskResult> {
  const fn = taskTable[req.name] as TaskFn | undefined;
  if (!fn)
    return { ok: false, error: { name: 'Error', message: `unknown worker task '${String(req.name)}'` } };
  try {
    return { ok: true, value: await fn(req.input) };
  } catch (err) {
    const e = err as Error & { code?: unknown; details?: unknown };
    return {
      ok: false,
      error: {
        name: e?.name ?? 'Error',
        code: typeof e?.code === 'string' ? e.code : undefined,
        message: e?.message ?? String(err),
        details:
          e?.details && typeof e.details === 'object' ? (e.details as Record<string, unknown>) : undefined,
      },
    };
  }
}
