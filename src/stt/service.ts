/**
 * The STT rules: intake (format and a duration estimate from the headers, content limits), the credit and
 * quota precheck on that estimate, then the decoding and the transcript sources in order (scripted → round
 * trip → fallback) on the worker pool, result shaping, billing by decoded seconds, and jobs for audio
 * longer than the sync cutoff (decisions "STT" and "STT uploads on the worker pool" in docs/decisions.md).
 */
import { uploadSha256 } from '../core/upload-digest.js';
import type { Principal } from '../auth/principal.js';
import { AudioDecodeError } from '../audio/errors.js';
import type { AudioFormat } from '../audio/formats.js';
import { probeAudio } from '../audio/probe.js';
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import { andThen, type MaybePromise } from '../core/maybe.js';
import type { IdFactory } from '../core/random.js';
import type { UploadedFile } from '../http/context.js';
import { ApiError, type AnyApiError } from '../core/errors.js';
import { normalizeError, toProblem } from '../http/problem.js';
import type { Metering } from '../metering/index.js';
import type { WebhookEngine } from '../webhooks/index.js';
import type { WorkerPool } from '../workers/pool.js';
import type { AnalyzeOutput } from './analyze.js';
import { analyze, type SttAnalysisConfig } from './analyze-upload.js';
import { jobFailError } from '../faults/stage.js';
import type { FaultRule } from '../faults/store.js';
import type { StateStore } from '../store/state-store.js';
import { MemoryWorkQueue, oneClock, type WorkQueue } from '../store/work-queue.js';
import { JOB_KIND, jobView, pendingOf, type JobPayload, type JobPrincipal } from './jobs.js';
import type { Finished, SttJobRecord, SttJobView, SttJobsState } from './jobs-state.js';
import { roundTripTranscript, type SpeakerNamer } from './round-trip.js';
import { sttScripts, type SttScripts } from './scripts.js';
import { scriptOutcome } from './scripted-outcome.js';
import { finishJob, type RunningJob } from './finish-job.js';
import { ms, shapeResult, type SttResultView, type Transcript } from './transcript.js';

/** Clock time a job takes: this share of the audio's duration... */
export const JOB_SECONDS_PER_AUDIO_SECOND = 0.1;
/** ...and at least this long. */
export const MIN_JOB_SECONDS = 2;
const TRANSCRIBE_INSTANCE = '/v1/stt/transcriptions';

/** The multipart fields after validation (defaults applied). */
export interface SttParams {
  language: string;
  /** Accepted and ignored: every model gives the same transcript. */
  model?: string;
  diarize: boolean;
  word_timestamps: boolean;
}

const EMPTY = new Uint8Array(0);

/** What the headers tell, before any decoding. */
export interface Intake {
  bytes: Uint8Array;
  format: AudioFormat;
  sha256: Buffer;
  fileName: string;
  /**
   * Duration estimate from the headers, to the millisecond; never below the decoded duration (equal to it
   * for WAV and M4A).
   * The precheck, the sync/job choice and a processing job's `duration_seconds` use it.
   */
  estimatedSeconds: number;
}

/** `seconds`: the decoded duration to the millisecond, what the result reports and the ledger bills. */
export type Outcome =
  { kind: 'transcript'; transcript: Transcript; seconds: number } | { kind: 'error'; error: AnyApiError };

export interface SttServiceDeps {
  clock: Clock;
  /** The clock behind each organization's jobs (core/clocks.ts); default: `clock` for every organization. */
  clocks?: Pick<OrgClocks, 'for' | 'onChange'>;
  ids: IdFactory;
  metering: Metering;
  webhooks: WebhookEngine;
  speaker: SpeakerNamer;
  workers: Pick<WorkerPool, 'run'>;
  config: { syncMaxSeconds: number } & SttAnalysisConfig;
  /** The jobs of every organization (jobs-state.ts): in this process, or in Redis for every instance. */
  jobs: SttJobsState;
  /** Where job completions wait for their clock time (default: timers on `clock`); shared with a Redis store. */
  queue?: WorkQueue;
  /** The store whose writes a 202 waits for (the job and its due work), so any instance finds the job. */
  store?: Pick<StateStore, 'settled'>;
  /** The principal of a job accepted on another instance, for its billing. */
  principalOf?: (p: JobPrincipal) => Principal;
}

export class SttService {
  readonly scripts: SttScripts;
  private readonly jobs: SttJobsState;
  /** The decodings of the jobs this instance accepted, until they complete. */
  private readonly running = new Map<string, RunningJob>();
  private readonly queue: WorkQueue;
  private readonly clocks: Pick<OrgClocks, 'for' | 'onChange'>;

  constructor(private readonly deps: SttServiceDeps) {
    this.scripts = sttScripts({ clock: deps.clock, ids: deps.ids });
    this.jobs = deps.jobs;
    this.clocks = deps.clocks ?? oneClock(deps.clock);
    this.queue = deps.queue ?? new MemoryWorkQueue(this.clocks);
    this.queue.handle<JobPayload>(JOB_KIND, (item) => this.runJob(item.payload));
    // The jobs are dropped (a reset here or, with Redis, through another instance): stop their decodings. Their
    // completions would find no job when they come due; a reset drops the due work anyway, and the instance
    // that reset one organization cancels that organization's (the queue is shared between instances).
    this.jobs.onReset((dropped) => {
      const ids = dropped ? dropped.jobIds : [...this.running.keys()];
      for (const id of ids) {
        this.running.get(id)?.abort.abort(new Error('the job was dropped by a reset'));
        this.running.delete(id);
        if (dropped?.here) this.cancelCompletion(dropped.orgId, id);
      }
    });
  }

  /** The scripts; the jobs are a state unit of their own, reset with the others. */
  reset(): void {
    this.scripts.reset();
  }

  /** The writes of a job just accepted, settled (with a shared store): the 202 waits for them. */
  settled(): Promise<void> | undefined {
    return this.deps.store?.settled();
  }

  /**
   * Reads the headers only (cheap; before the precheck): format, duration estimate, content limits.
   * Unknown formats, corrupt and truncated audio and audio past a limit are 422 and never billed.
   */
  intake(file: UploadedFile): Intake {
    let estimate: number;
    let format: AudioFormat;
    try {
      ({ estimatedSeconds: estimate, format } = probeAudio(file.buffer, this.deps.config.limits));
    } catch (err) {
      if (err instanceof AudioDecodeError) throw new ApiError(err.code, `file: ${err.message}`);
      throw err;
    }
    return {
      bytes: file.buffer,
      format,
      sha256: Buffer.from(uploadSha256(file.buffer), 'hex'),
      fileName: file.originalName,
      estimatedSeconds: ms(estimate),
    };
  }

  isSync(intake: Intake): boolean {
    return intake.estimatedSeconds <= this.deps.config.syncMaxSeconds;
  }

  /** A promise only with a shared store (the reservation is made there). */
  precheck(principal: Principal, intake: Intake): void | Promise<void> {
    return this.deps.metering.precheck(principal, 'stt', intake.estimatedSeconds);
  }

  /**
   * Picks the source and runs the decoding on the worker pool. The script is taken before any await, so
   * queue scripts answer requests in the order they arrived; a scripted error needs no decoding.
   * Throws ApiError for audio the decoder refuses or a ceiling stops (`audio_too_complex`), and the
   * signal's reason when it aborts.
   */
  async transcribe(
    principal: Principal,
    intake: Intake,
    signal?: AbortSignal,
    scripted = true,
  ): Promise<Outcome> {
    const script = scripted
      ? this.scripts.take(principal.orgId, {
          sha256: intake.sha256.toString('hex'),
          file_name: intake.fileName,
        })
      : undefined;
    if (script?.error) return scriptOutcome(script, intake.estimatedSeconds);
    let analysis: AnalyzeOutput;
    try {
      analysis = await analyze(this.deps, intake, !script, signal);
    } finally {
      intake.bytes = EMPTY; // a job keeps its intake until its clock time has passed; the bytes are done with
    }
    const seconds = ms(analysis.facts.durationSeconds);
    if (script) return scriptOutcome(script, seconds);
    if (analysis.utterances.length > 0) {
      const { codecDelaySamples, sampleRate } = analysis.facts;
      return {
        kind: 'transcript',
        transcript: roundTripTranscript(
          analysis.utterances,
          this.deps.speaker,
          codecDelaySamples / sampleRate,
        ),
        seconds,
      };
    }
    return { kind: 'transcript', transcript: analysis.fallback!, seconds };
  }

  result(transcript: Transcript, seconds: number, params: SttParams): SttResultView {
    return shapeResult(transcript, seconds, {
      language: params.language,
      diarize: params.diarize,
      wordTimestamps: params.word_timestamps,
    });
  }

  /** Sync path: bills the decoded seconds, or records a scripted error as not billed and throws it. */
  settleSync(principal: Principal, intake: Intake, outcome: Outcome, requestId: string): Transcript {
    if (outcome.kind === 'error') {
      const usage = { product: 'stt' as const, quantity: intake.estimatedSeconds, requestId };
      this.deps.metering.recordNotBilled(
        principal,
        usage,
        outcome.error.status >= 500 ? 'upstream_error' : 'failed_job',
      );
      throw outcome.error;
    }
    this.deps.metering.record(principal, { product: 'stt', quantity: outcome.seconds, requestId });
    return outcome.transcript;
  }

  /**
   * Async path: the job is `processing` for max(2 s, 0.1 × duration) of clock time, then completes (billed)
   * or fails (not billed), and `job.completed` carries the job record in `data`. The completion waits in
   * the due-work queue; with a shared store the job, its audio and the decoding's outcome are in Redis, so
   * another instance completes it if this one dies (docs/scaling.md).
   */
  submitJob(
    principal: Principal,
    intake: Intake,
    params: SttParams,
    requestId: string,
    fault?: Pick<FaultRule, 'id' | 'kind' | 'detail' | 'code' | 'status'>,
  ): SttJobRecord {
    this.jobs.assertWritable();
    // A job's times are its organization's (its sandbox's clock when it has one).
    const clock = this.clocks.for(principal.orgId);
    const now = clock.isoNow();
    // A `job_stuck` fault's job never finishes: no completion is due.
    const stuck = fault?.kind === 'job_stuck';
    const delayMs = Math.round(
      Math.max(MIN_JOB_SECONDS, intake.estimatedSeconds * JOB_SECONDS_PER_AUDIO_SECOND) * 1000,
    );
    const dueAt = clock.now() + delayMs;
    const job: SttJobRecord = {
      job_id: this.deps.ids.next('job'),
      status: 'processing',
      created_at: now,
      updated_at: now,
      completed_at: null,
      duration_seconds: intake.estimatedSeconds,
      result: null,
      error: null,
      request_id: requestId,
      org_id: principal.orgId,
      livemode: principal.environment === 'live',
      due_at: stuck ? null : new Date(dueAt).toISOString(),
    };
    // A `job_fail` fault replaces the transcript with an upstream failure; a `job_stuck` one never finishes.
    const failure =
      fault?.kind === 'job_fail' ? jobFailError(fault, 'transcription_failed', 'transcription') : undefined;
    const decodes = !stuck && !failure;
    const { orgId, keyId, keyDisplay, environment, livemode, scopes, via } = principal;
    const payload: JobPayload = {
      jobId: job.job_id,
      orgId: job.org_id,
      principal: { orgId, keyId, keyDisplay, environment, livemode, scopes, via },
      params,
      format: intake.format,
      sha256: intake.sha256.toString('hex'),
      fileName: intake.fileName,
      estimatedSeconds: intake.estimatedSeconds,
      failure: failure && toProblem(failure, requestId, TRANSCRIBE_INSTANCE),
    };
    // Kept with the job: another instance, or a load (issue 25), completes it from there.
    if (!stuck) job.pending = pendingOf(payload);
    this.jobs.accept(job, decodes ? intake.bytes : null);
    // The credits reserved at the precheck stay held until the job completes (billed) or fails (released).
    this.deps.metering.holdReservations(principal);
    if (stuck) return job;
    // The transcript is worked out now, in the background; the clock decides when the job is done.
    // Its decoding on the pool stops when the job is dropped (reset).
    const abort = new AbortController();
    const work: Promise<Outcome> = failure
      ? Promise.resolve({ kind: 'error', error: failure })
      : this.transcribe(principal, intake, abort.signal).then(
          (o) => o,
          (err: unknown): Outcome => ({ kind: 'error', error: normalizeError(err) }),
        );
    const done = work.then((o) => this.finished(o, job, params));
    this.running.set(job.job_id, { principal, done, abort });
    // A failure here surfaces at the completion, which awaits `done` too.
    const kept = done.then(
      (d) => this.jobs.outcomeKnown(job.org_id, job.job_id, d),
      () => {},
    );
    this.jobs.decoding(job.org_id, job.job_id, kept);
    this.queue.schedule(JOB_KIND, job.job_id, payload, dueAt, { org: job.org_id });
    return job;
  }

  /** Best effort: a completion left behind finds no job when it comes due, and does nothing. */
  private cancelCompletion(orgId: string, jobId: string): void {
    try {
      this.queue.cancel(JOB_KIND, jobId, orgId);
    } catch {
      // The shared store went away since the reset's own write.
    }
  }

  /** A job's clock time has passed (the due-work queue): complete it. */
  private async runJob(p: JobPayload): Promise<void> {
    const running = this.running.get(p.jobId);
    try {
      await finishJob(this, this.jobs, p, running);
    } finally {
      if (this.running.get(p.jobId) === running) this.running.delete(p.jobId);
    }
  }

  /** The fields a job takes from its decoding's outcome. */
  finished(
    outcome: Outcome,
    job: Pick<SttJobView, 'request_id' | 'duration_seconds'>,
    params: SttParams,
  ): Finished {
    if (outcome.kind === 'error') {
      return {
        status: 'failed',
        duration_seconds: job.duration_seconds,
        result: null,
        error: toProblem(outcome.error, job.request_id, TRANSCRIBE_INSTANCE),
      };
    }
    const result = {
      ...this.result(outcome.transcript, outcome.seconds, params),
      request_id: job.request_id,
    };
    return { status: 'completed', duration_seconds: outcome.seconds, result, error: null };
  }

  /** The time now on `orgId`'s clock. */
  nowIso(orgId: string): string {
    return this.clocks.for(orgId).isoNow();
  }

  /** Bills a completed job (a failed one is recorded as not billed) and sends `job.completed`: once per job. */
  announce(principal: Principal, job: SttJobRecord): void {
    const usage = {
      product: 'stt' as const,
      quantity: job.duration_seconds,
      requestId: job.request_id,
      jobId: job.job_id,
    };
    if (job.status === 'failed') this.deps.metering.recordNotBilled(principal, usage, 'failed_job');
    else this.deps.metering.record(principal, usage);
    this.deps.webhooks.emit(
      job.org_id,
      'job.completed',
      { ...jobView(job) },
      { livemode: job.livemode, at: job.completed_at ?? undefined },
    );
  }

  /** The principal that submitted a job, on whichever instance completes it. */
  principalFor(p: JobPrincipal): Principal {
    return this.deps.principalOf?.(p) ?? (p as Principal);
  }

  /** A job of this organization: another organization's, or none, is 404. */
  getJobView(orgId: string, jobId: string): MaybePromise<SttJobView> {
    const found = (job: SttJobRecord | undefined) => {
      if (!job) throw new ApiError('job_not_found', `no transcription job '${jobId}' in this organization`);
      return jobView(job);
    };
    return andThen(this.jobs.get(orgId, jobId), found);
  }

  /** Every job (admin), or one organization's, with its organization. */
  listJobs(orgId?: string): MaybePromise<(SttJobView & { org_id: string })[]> {
    const view = (jobs: SttJobRecord[]) => jobs.map((j) => ({ ...jobView(j), org_id: j.org_id }));
    return andThen(this.jobs.list(orgId), view);
  }
}
