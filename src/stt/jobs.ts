/**
 * Transcription jobs (audio longer than the sync cutoff), keyed by organization. The public record is
 * `SttJob` in openapi/gateway.yaml: `processing` → `completed` (with `result`) or `failed` (with a
 * Problem in `error`), never back.
 */
import type { ClockTimer } from '../core/clock.js';
import type { Problem } from '../http/problem.js';
import type { SttResultView } from './transcript.js';

export type JobStatus = 'processing' | 'completed' | 'failed';

export interface SttJobView {
  job_id: string;
  status: JobStatus;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  duration_seconds: number;
  result: SttResultView | null;
  error: Problem | null;
  request_id: string;
}

export interface SttJob extends SttJobView {
  orgId: string;
  livemode: boolean;
  timer?: ClockTimer;
  /** Stops the job's decoding on the worker pool when the job is dropped. */
  abort?: AbortController;
}

export class JobStore {
  private byOrg = new Map<string, Map<string, SttJob>>();

  add(job: SttJob): void {
    let jobs = this.byOrg.get(job.orgId);
    if (!jobs) this.byOrg.set(job.orgId, (jobs = new Map()));
    jobs.set(job.job_id, job);
  }

  /** Only the owning organization sees a job. */
  get(orgId: string, jobId: string): SttJob | undefined {
    return this.byOrg.get(orgId)?.get(jobId);
  }

  list(orgId?: string): SttJob[] {
    const orgs = orgId === undefined ? [...this.byOrg.values()] : [this.byOrg.get(orgId) ?? new Map<string, SttJob>()];
    return orgs.flatMap((m) => [...m.values()]);
  }

  reset(): void {
    for (const job of this.list()) {
      job.timer?.cancel();
      job.abort?.abort(new Error('the job was dropped by a reset'));
    }
    this.byOrg.clear();
  }
}

export function jobView(job: SttJob): SttJobView {
  return {
    job_id: job.job_id,
    status: job.status,
    created_at: job.created_at,
    updated_at: job.updated_at,
    completed_at: job.completed_at,
    duration_seconds: job.duration_seconds,
    result: job.result,
    error: job.error,
    request_id: job.request_id,
  };
}
