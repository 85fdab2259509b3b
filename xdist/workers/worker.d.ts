import { type TaskRequest, type TaskResult } from './tasks.js';
/**
 * Worker threads run five nice steps below the event loop's priority (docs/decisions.md, "Worker
 * priority"): on Linux the nice value belongs to the thread, so heavy tasks take the cores the event loop
 * leaves and delay its answers less. Where lowering it is refused, and on other systems (where the priority
 * belongs to the process), the thread keeps the normal priority.
 */
export declare const WORKER_NICE_STEP = 5;
export default function handle(req: TaskRequest): Promise<TaskResult>;
