/** TTS synthesis and encoding tasks run by the worker pool (src/workers). Heavy modules load inside the task. */
export const ttsTasks = {};
