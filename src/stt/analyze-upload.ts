/**
 * An upload's decoding on the worker pool (task `audio.analyze`, analyze.ts) within its time budget; the
 * decoder's refusals and the pool's ceilings become the API's errors. Used by SttService (service.ts).
 */
import type { AudioLimits } from '../audio/errors.js';
import { ApiError, isErrorCode, type ErrorCode } from '../core/errors.js';
import { movable, TaskError, TaskLimitError } from '../workers/pool.js';
import type { AnalyzeOutput } from './analyze.js';
import type { Intake, SttServiceDeps } from './service.js';

export interface SttAnalysisConfig {
  limits: AudioLimits;
  /** Time budget of an upload's analysis: the pool's budget plus this many ms per estimated audio second. */
  baseTimeMs: number;
  msPerAudioSecond: number;
}

export async function analyze(
  deps: Pick<SttServiceDeps, 'workers' | 'config'>,
  intake: Intake,
  transcribe: boolean,
  signal?: AbortSignal,
): Promise<AnalyzeOutput> {
  const { limits, baseTimeMs, msPerAudioSecond } = deps.config;
  const timeMs = Math.round(baseTimeMs + intake.estimatedSeconds * msPerAudioSecond);
  try {
    // Moved to the worker, not copied: after the task the bytes are done with (transcribe empties them).
    const { bytes, transferList } = movable(intake.bytes);
    return await deps.workers.run(
      'audio.analyze',
      { bytes, limits, transcribe, sha256: intake.sha256.toString('hex') },
      { signal, timeMs, transferList },
    );
  } catch (err) {
    if (signal?.aborted) throw err;
    if (err instanceof TaskError && isErrorCode(err.code ?? ''))
      throw new ApiError(err.code as ErrorCode, `file: ${err.message}`);
    if (err instanceof TaskLimitError) {
      const ceiling =
        err.limit === 'memory'
          ? 'the memory ceiling of a worker thread (--worker-memory-mb)'
          : `its time budget of ${timeMs} ms (--task-timeout-ms plus stt.msPerAudioSecond per audio second)`;
      throw new ApiError('audio_too_complex', `file: decoding this audio exceeded ${ceiling}`);
    }
    throw err;
  }
}
