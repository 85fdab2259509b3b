/** Document tasks run by the worker pool (src/workers). Heavy modules load inside the task. */
export const documentTasks = {};
