/** The worker thread's entry point (see pool.ts): runs one registered task per message. */
import { runTask, type TaskRequest, type TaskResult } from './tasks.js';

export default function handle(req: TaskRequest): Promise<TaskResult> {
  return runTask(req);
}
