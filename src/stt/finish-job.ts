/**
 * Completing a job, on whichever instance claimed its completion in the due-work queue: the instance that
 * accepted it finishes from its own decoding; another one (Redis) from the outcome kept beside the job, or,
 * if the accepting instance died before its decoding ended, by decoding the kept audio again. The final
 * record is written once (SttJobsState.complete): only the caller whose write won bills the job and sends
 * `job.completed`, so a completion that runs twice, or after a reset, completes the job at most once.
 */
import type { Principal } from '../auth/principal.js';
import { ApiError } from '../core/errors.js';
import { normalizeError } from '../http/problem.js';
import type { JobPayload } from './jobs.js';
import type { Finished, SttJobRecord, SttJobsState } from './jobs-state.js';
import type { Intake, Outcome, SttService } from './service.js';

/** A job's decoding, on the instance that accepted the job (process-local: a promise is not state). */
export interface RunningJob {
  principal: Principal;
  /** The fields the job takes from its decoding. */
  done: Promise<Finished>;
  /** Stops the decoding on the worker pool when the job is dropped. */
  abort: AbortController;
}

export async function finishJob(
  service: SttService,
  jobs: SttJobsState,
  p: JobPayload,
  running: RunningJob | undefined,
): Promise<void> {
  const record = await jobs.get(p.orgId, p.jobId);
  if (!record || record.status !== 'processing') return; // reset, or completed already
  let done: Finished;
  if (running) done = await running.done;
  else if (p.failure)
    done = { status: 'failed', duration_seconds: record.duration_seconds, result: null, error: p.failure };
  else {
    const left = await jobs.leftover(p.orgId, p.jobId);
    done = left.outcome ?? (await decodeAgain(service, p, record, left.audio));
  }
  // Completed at its due time, even when the clock moved on meanwhile (advanced by days while the decoding
  // finished): the same record whatever the pace of the worker pool.
  const clockNow = service.nowIso(p.orgId);
  const now = record.due_at !== null && record.due_at < clockNow ? record.due_at : clockNow;
  const { pending: _pending, ...rest } = record;
  const final: SttJobRecord = { ...rest, ...done, updated_at: now, completed_at: now };
  if (!(await jobs.complete(final))) return;
  service.announce(running?.principal ?? service.principalFor(p.principal), final);
}

/** The accepting instance died before its decoding ended: decode the kept audio here (no script is taken). */
async function decodeAgain(
  service: SttService,
  p: JobPayload,
  record: SttJobRecord,
  audio: Buffer | null,
): Promise<Finished> {
  let outcome: Outcome;
  if (!audio) {
    const lost = new ApiError(
      'upstream_error',
      `the audio of job '${p.jobId}' was lost with the instance that accepted it; nothing was billed`,
    );
    outcome = { kind: 'error', error: lost };
  } else {
    const intake: Intake = {
      bytes: new Uint8Array(audio.buffer, audio.byteOffset, audio.byteLength),
      format: p.format,
      sha256: Buffer.from(p.sha256, 'hex'),
      fileName: p.fileName,
      estimatedSeconds: p.estimatedSeconds,
    };
    outcome = await service.transcribe(service.principalFor(p.principal), intake, undefined, false).then(
      (o) => o,
      (err: unknown): Outcome => ({ kind: 'error', error: normalizeError(err) }),
    );
  }
  return service.finished(outcome, record, p.params);
}
