/**
 * Completing a job with a shared store (issue 17), on whichever instance claimed its completion in the
 * due-work queue: the instance that accepted it finishes from its own decoding; another one from the outcome
 * stored in Redis, or, if the accepting instance died before its decoding ended, by decoding the stored
 * audio again. The final record is written once (SharedSttJobs.complete): only the instance whose write won
 * bills the job and sends `job.completed`, so a completion that runs twice completes the job once.
 */
import { ApiError } from '../http/errors.js';
import { normalizeError } from '../http/problem.js';
import type { SharedJobRecord, SharedSttJobs } from './redis-jobs.js';
import type { Finished, JobPayload, SttJob } from './jobs.js';
import type { Intake, Outcome, SttService } from './service.js';

export async function finishSharedJob(service: SttService, shared: SharedSttJobs, p: JobPayload, local: SttJob | undefined): Promise<void> {
  const record = await shared.get(p.jobId);
  if (!record || record.status !== 'processing') return; // reset, or completed already
  const principal = service.principalFor(p.principal!, local);
  let done: Finished | undefined;
  if (local?.work) done = service.finished(await local.work, local, p.params!);
  else if (p.failure) done = { status: 'failed', duration_seconds: record.duration_seconds, result: null, error: p.failure };
  else done = (await shared.outcome<Finished>(p.jobId)) ?? (await decodeAgain(service, shared, p, record));
  const now = service.nowIso();
  const final: SharedJobRecord = { ...record, ...done, updated_at: now, completed_at: now };
  if (!(await shared.complete(final))) return;
  if (local) service.completeLocal(local, done, now);
  service.announce(principal, { ...final, orgId: final.org_id });
}

/** The accepting instance died before its decoding ended: decode the stored audio here (no script is taken). */
async function decodeAgain(service: SttService, shared: SharedSttJobs, p: JobPayload, record: SharedJobRecord): Promise<Finished> {
  const audio = await shared.audio(p.jobId);
  let outcome: Outcome;
  if (!audio) {
    const lost = new ApiError('upstream_error', `the audio of job '${p.jobId}' was lost with the instance that accepted it; nothing was billed`);
    outcome = { kind: 'error', error: lost };
  } else {
    const intake: Intake = {
      bytes: new Uint8Array(audio.buffer, audio.byteOffset, audio.byteLength),
      format: p.format!,
      sha256: Buffer.from(p.sha256!, 'hex'),
      fileName: p.fileName!,
      estimatedSeconds: p.estimatedSeconds!,
    };
    outcome = await service.transcribe(service.principalFor(p.principal!), intake, undefined, false).then(
      (o) => o,
      (err: unknown): Outcome => ({ kind: 'error', error: normalizeError(err) }),
    );
  }
  return service.finished(outcome, record, p.params!);
}
