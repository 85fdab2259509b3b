/**
 * Audio decoding and analysis tasks run by the worker pool (src/workers). The heavy modules (mpg123's
 * WebAssembly, music-metadata, faker) load inside the task, on first use. The analysis module itself is
 * imported statically: under tsx (the test suite) a dynamic import of a `.ts` source fails inside a worker.
 */
import { type AnalyzeInput, type AnalyzeOutput } from '../stt/analyze.js';
export declare const audioTasks: {
    /** An STT upload: streamed decode, voice decoding, fallback transcript (src/stt/analyze.ts). */
    'audio.analyze': (input: AnalyzeInput) => Promise<AnalyzeOutput>;
};
