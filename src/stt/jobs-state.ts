/**
 * The state of the STT area's transcription jobs (issue 23): the job records of each organization, as the
 * operations the area needs. The memory implementation (jobs.ts) keeps them in this process; the Redis one
 * (redis-jobs.ts) keeps them in Redis, where every instance reads them, with the uploaded audio and the
 * decoding's outcome beside each job so that another instance can finish it if the accepting one dies.
 * The decoding itself (a promise, an abort controller) is not state: the service keeps it on the instance
 * that runs it.
 */
import type { MaybePromise } from '../core/maybe.js';
import type { Problem } from '../http/problem.js';
import { RedisStore } from '../store/redis-store.js';
import type { StateStore } from '../store/state-store.js';
import type { OrgStatePart, StateUnit } from '../store/state-unit.js';
import { MemorySttJobs, type JobPayload } from './jobs.js';
import { RedisSttJobs } from './redis-jobs.js';
import type { SttResultView } from './transcript.js';

export type JobStatus = 'processing' | 'completed' | 'failed';

/** The public record, `SttJob` in openapi/gateway.yaml: `processing` → `completed` or `failed`, never back. */
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

/** A job as its organization's state keeps it: the public record, its organization, mode and due time. */
export interface SttJobRecord extends SttJobView {
  org_id: string;
  livemode: boolean;
  /**
   * When its completion is (or was) due on the emulator clock; null when none is scheduled (a `job_stuck`
   * fault). Kept with the job so that an export carries a job in flight with its due time.
   */
  due_at: string | null;
  /**
   * While it is processing with a completion due: what completing it needs on an instance that did not accept
   * it, or after a load (issue 25), and the decoding's outcome once known (in memory; Redis keeps that
   * beside the job). Never in a public record (jobView); gone once the job ends.
   */
  pending?: PendingJob;
}

/** A due job's completion as kept with the job: the due-work item's payload but its ids, and the outcome. */
export type PendingJob = Omit<JobPayload, 'jobId' | 'orgId'> & { outcome?: Finished };

/** The fields a job takes when it completes or fails. */
export type Finished = Pick<SttJobView, 'status' | 'duration_seconds' | 'result' | 'error'>;

/** What an instance that did not accept a job finds to finish it: the decoding's outcome, else the audio. */
export interface Leftover {
  outcome?: Finished;
  audio: Buffer | null;
}

/**
 * One organization's jobs dropped by `perOrg.reset`: the ones still processing (their decodings stop, their
 * due completions are cancelled); not told when none was. `here`: the reset went through this instance (with Redis the others hear of
 * it from its event), so this instance cancels the due work, which the instances share.
 */
export interface DroppedJobs {
  orgId: string;
  jobIds: string[];
  here: boolean;
}

/** One organization's jobs as `perOrg.export` gives them. */
export interface SttJobsExport {
  /** Every job as stored (in flight ones with their due time), by creation time then id. */
  jobs: SttJobRecord[];
}

/** The jobs' part per organization, its export typed. */
export interface SttJobsOrgPart extends OrgStatePart {
  export(orgId: string): MaybePromise<SttJobsExport | undefined>;
}

export interface SttJobsState extends StateUnit {
  /** The jobs per organization: listed, reset (their processing jobs told to onReset) and exported. */
  readonly perOrg: SttJobsOrgPart;
  /** Throws 502 `upstream_error` while a shared store is away, before anything changes. */
  assertWritable(): void;
  /**
   * A job just accepted, with the audio to decode (null: nothing to decode). With Redis the write is tracked:
   * an answer that waits for the store's `settled()` finds the job on every instance.
   */
  accept(job: SttJobRecord, audio: Uint8Array | null): void;
  /** A job of this organization; another organization's is not found. */
  get(orgId: string, jobId: string): MaybePromise<SttJobRecord | undefined>;
  /** One organization's jobs, or every organization's (no order across organizations). */
  list(orgId?: string): MaybePromise<SttJobRecord[]>;
  /** The decoding's outcome, known on the instance running it: kept for another instance (best effort). */
  outcomeKnown(orgId: string, jobId: string, outcome: Finished): MaybePromise<void>;
  /**
   * A job's decoding runs on this instance; `kept` settles once its outcome is kept (`outcomeKnown`). An
   * export of the organization waits for it, so that it carries the outcome whatever the worker pool's pace.
   */
  decoding(orgId: string, jobId: string, kept: Promise<unknown>): void;
  /** What is kept beside a job for an instance that did not run its decoding (nothing, in memory). */
  leftover(orgId: string, jobId: string): MaybePromise<Leftover>;
  /**
   * Writes the final record if the job is still processing (not completed by anyone, not dropped by a reset).
   * True: this call completed it, so its billing and `job.completed` are this caller's. Drops what was kept
   * beside the job.
   */
  complete(final: SttJobRecord): MaybePromise<boolean>;
  /**
   * Runs when jobs are dropped, through this instance or (Redis) another one: every organization's by a
   * reset (no argument), or one organization's by `perOrg.reset`.
   */
  onReset(drop: (dropped?: DroppedJobs) => void): void;
}

/** The jobs' state for a store: in Redis when the store is, else in this process. */
export function createSttJobsState(store: StateStore): SttJobsState {
  return store instanceof RedisStore ? new RedisSttJobs(store) : new MemorySttJobs();
}
