/** The worker thread's entry point (see pool.ts): runs one registered task per message. */
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { runTask, type TaskRequest, type TaskResult } from './worker-tasks.js';

/**
 * Worker threads run five nice steps below the event loop's priority (docs/decisions.md, "Worker
 * priority"): on Linux the nice value belongs to the thread, so heavy tasks take the cores the event loop
 * leaves and delay its answers less. Where lowering it is refused, and on other systems (where the priority
 * belongs to the process), the thread keeps the normal priority.
 */
export const WORKER_NICE_STEP = 5;
// Linux only: elsewhere (macOS, Windows) the call would lower the whole process's priority, event loop included.
// The pool with no threads (`--workers 0`) runs this program on the main thread: its priority is left alone.
if (process.platform === 'linux' && !isMainThread) {
  try {
    setPriority(Math.min(19, getPriority() + WORKER_NICE_STEP));
  } catch {
    // refused here: normal priority
  }
}

export default function handle(req: TaskRequest): Promise<TaskResult> {
  return runTask(req);
}
