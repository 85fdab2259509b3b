/** The worker thread's entry point (see pool.ts): runs one registered task per message. */
import { getPriority, setPriority } from 'node:os';
import { runTask, type TaskRequest, type TaskResult } from './tasks.js';

/**
 * Worker threads run ten nice steps below the event loop's priority (docs/decisions.md, "Worker
 * priority"): on Linux the nice value belongs to the thread, so heavy tasks take the cores the event loop
 * leaves and never delay its answers. Where lowering it is refused, the thread keeps the normal priority.
 */
export const WORKER_NICE_STEP = 10;
try {
  setPriority(Math.min(19, getPriority() + WORKER_NICE_STEP));
} catch {
  // not supported here: normal priority
}

export default function handle(req: TaskRequest): Promise<TaskResult> {
  return runTask(req);
}
