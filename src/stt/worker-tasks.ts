/**
 * The STT area's task run by the worker pool (src/workers; composed into app/worker-tasks.ts): audio decoding and analysis. The heavy modules (mpg123's
 * WebAssembly, music-metadata, faker) load inside the task, on first use. The analysis module itself is
 * imported statically: under tsx (the test suite) a dynamic import of a `.ts` source fails inside a worker.
 */
import { analyzeUpload, type AnalyzeInput, type AnalyzeOutput } from './analyze.js';

export const audioTasks = {
  /** An STT upload: streamed decode, voice decoding, fallback transcript (src/stt/analyze.ts). */
  'audio.analyze': (input: AnalyzeInput): Promise<AnalyzeOutput> => analyzeUpload(input),
};
