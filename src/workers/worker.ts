/** The worker thread's entry point (see pool.ts): runs one registered task per message. */
import { setPriority } from 'node:os';
import { runTask, type TaskRequest, type TaskResult } from './tasks.js';

/**
 * Worker threads run at a lower scheduling priority than the event loop (docs/decisions.md, "Worker
 * priority"): on Linux the nice value belongs to the thread, so heavy tasks take the cores the event loop
 * leaves and never delay its answers. Where lowering it is refused, the thread keeps the normal priority.
 */
export const WORKER_NICE = 10;
try {
  setPriority(WORKER_NICE);
} catch {
  // not supported here: normal priority
}

export default function handle(req: TaskRequest): Promise<TaskResult> {
  return runTask(req);
}
