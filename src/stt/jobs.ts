/**
 * Transcription jobs (audio longer than the sync cutoff) in this process: the memory implementation of
 * SttJobsState (jobs-state.ts), keyed by organization, and what a job's completion carries in the due-work
 * queue.
 */
import type { Principal } from '../auth/principal.js';
import type { AudioFormat } from '../audio/formats.js';
import type { Problem } from '../http/problem.js';
import type {
  DroppedJobs,
  Finished,
  Leftover,
  PendingJob,
  SttJobRecord,
  SttJobsExport,
  SttJobView,
  SttJobsOrgPart,
  SttJobsState,
} from './jobs-state.js';
import { checkSttJobs } from './jobs-import.js';
import { resultInOrder } from './transcript.js';
import { inOrder, PROBLEM_ORDER } from '../core/in-order.js';
import type { SttParams } from './service.js';

/** The due-work kind of a job's completion (src/store/work-queue.ts). */
export const JOB_KIND = 'stt.job';

/** The principal of a job as JSON: what another instance needs to bill it. */
export type JobPrincipal = Pick<
  Principal,
  'orgId' | 'keyId' | 'keyDisplay' | 'environment' | 'livemode' | 'scopes' | 'via'
>;

/**
 * What a job's completion needs, in the due-work queue: everything another instance needs to finish it if
 * the accepting one dies (with the memory store it is this process that finishes it, from its own decoding).
 */
export interface JobPayload {
  jobId: string;
  orgId: string;
  principal: JobPrincipal;
  params: SttParams;
  format: AudioFormat;
  sha256: string;
  fileName: string;
  estimatedSeconds: number;
  /** A `job_fail` fault's failure, decided when the job was accepted. */
  failure?: Problem;
}

const NOTHING_LEFT: Leftover = { audio: null };

/** The jobs in this process: one instance, so nothing is kept for another one (no audio, no outcome). */
export class MemorySttJobs implements SttJobsState {
  readonly name = 'stt_jobs';
  private readonly byOrg = new Map<string, Map<string, SttJobRecord>>();
  private readonly drops: ((dropped?: DroppedJobs) => void)[] = [];
  private readonly decodings = new Decodings();

  readonly perOrg: SttJobsOrgPart = {
    ids: () => this.byOrg.keys(),
    reset: (orgId) => {
      const jobs = this.byOrg.get(orgId);
      if (!jobs) return;
      this.byOrg.delete(orgId);
      const jobIds = [...jobs.values()].filter((j) => j.status === 'processing').map((j) => j.job_id);
      if (jobIds.length > 0) for (const drop of this.drops) drop({ orgId, jobIds, here: true });
    },
    export: async (orgId) => {
      await this.decodings.of(orgId);
      const jobs = this.byOrg.get(orgId);
      // As JSON, exactly as the Redis state stores them (no undefined member), and no longer the stored objects.
      return jobs ? { jobs: asJson([...jobs.values()].sort(exportOrder)) } : undefined;
    },
    import: (orgId, data) => {
      const jobs = new Map<string, SttJobRecord>();
      for (const job of asJson((data as SttJobsExport).jobs)) jobs.set(job.job_id, job);
      if (jobs.size > 0) this.byOrg.set(orgId, jobs);
    },
    check: (orgId, data) => checkSttJobs(orgId, data as SttJobsExport),
  };

  assertWritable(): void {}

  accept(job: SttJobRecord): void {
    let jobs = this.byOrg.get(job.org_id);
    if (!jobs) this.byOrg.set(job.org_id, (jobs = new Map()));
    jobs.set(job.job_id, job);
  }

  get(orgId: string, jobId: string): SttJobRecord | undefined {
    return this.byOrg.get(orgId)?.get(jobId);
  }

  list(orgId?: string): SttJobRecord[] {
    const orgs =
      orgId === undefined
        ? [...this.byOrg.values()]
        : [this.byOrg.get(orgId) ?? new Map<string, SttJobRecord>()];
    return orgs.flatMap((m) => [...m.values()]);
  }

  /** Kept with the job, for a load to complete it from (no other instance to keep it for). */
  outcomeKnown(orgId: string, jobId: string, outcome: Finished): void {
    const job = this.get(orgId, jobId);
    if (job?.status === 'processing' && job.pending) job.pending.outcome = outcome;
  }

  decoding(orgId: string, jobId: string, kept: Promise<unknown>): void {
    this.decodings.add(orgId, jobId, kept);
  }

  /** After a load the decoding is not running here: its outcome, if it was known at the export. */
  leftover(orgId: string, jobId: string): Leftover {
    const outcome = this.get(orgId, jobId)?.pending?.outcome;
    return outcome ? { outcome, audio: null } : NOTHING_LEFT;
  }

  complete(final: SttJobRecord): boolean {
    const jobs = this.byOrg.get(final.org_id);
    if (jobs?.get(final.job_id)?.status !== 'processing') return false;
    jobs.set(final.job_id, final);
    return true;
  }

  reset(): void {
    this.byOrg.clear();
    for (const drop of this.drops) drop();
  }

  onReset(drop: (dropped?: DroppedJobs) => void): void {
    this.drops.push(drop);
  }
}

/**
 * Jobs in the order of an export: by creation time, then id. The records are exported as stored (JSON data
 * already); the audio and outcome the Redis state keeps beside a job in flight are not: they are a copy for
 * another instance to finish the job, which the memory state, one instance, never holds.
 */
export function exportOrder(a: SttJobRecord, b: SttJobRecord): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.job_id < b.job_id ? -1 : a.job_id > b.job_id ? 1 : 0;
}

/** The decodings running on this instance, per organization, until their outcome is kept. */
export class Decodings {
  private readonly byOrg = new Map<string, Map<string, Promise<unknown>>>();

  add(orgId: string, jobId: string, kept: Promise<unknown>): void {
    let running = this.byOrg.get(orgId);
    if (!running) this.byOrg.set(orgId, (running = new Map()));
    running.set(jobId, kept);
    void kept.finally(() => {
      if (running.get(jobId) !== kept) return;
      running.delete(jobId);
      if (running.size === 0 && this.byOrg.get(orgId) === running) this.byOrg.delete(orgId);
    });
  }

  /** Settles once every decoding of the organization running now has its outcome kept. */
  async of(orgId: string): Promise<void> {
    const running = this.byOrg.get(orgId);
    if (running) await Promise.all(running.values());
  }
}

/** What a due job's completion keeps with the job (its payload without the ids, which the record has). */
export function pendingOf(payload: JobPayload): PendingJob {
  const { jobId: _jobId, orgId: _orgId, ...pending } = payload;
  return pending;
}

/** The due-work payload of a job kept with its record (`pending`), as when it was accepted. */
export function payloadOf(job: SttJobRecord): JobPayload | undefined {
  if (!job.pending) return undefined;
  const { outcome: _outcome, ...rest } = job.pending;
  return { jobId: job.job_id, orgId: job.org_id, ...rest };
}

function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The public record of a job, without what the state keeps beside it. */
export function jobView(job: SttJobView): SttJobView {
  return {
    job_id: job.job_id,
    status: job.status,
    created_at: job.created_at,
    updated_at: job.updated_at,
    completed_at: job.completed_at,
    duration_seconds: job.duration_seconds,
    result: job.result && resultInOrder(job.result),
    error: job.error && inOrder(job.error, PROBLEM_ORDER),
    request_id: job.request_id,
  };
}
