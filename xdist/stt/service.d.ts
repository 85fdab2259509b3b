import type { Principal } from '../auth/principal.js';
import { type AudioLimits } from '../audio/errors.js';
import type { AudioFormat } from '../audio/formats.js';
import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import type { UploadedFile } from '../http/context.js';
import { CustomApiError, type AnyApiError } from '../http/errors.js';
import type { Metering } from '../metering/index.js';
import type { WebhookEngine } from '../webhooks/index.js';
import { type WorkerPool } from '../workers/pool.js';
import type { FaultRule } from '../faults/store.js';
import type { SharedSttJobs } from '../store/shared-stt.js';
import { type WorkQueue } from '../store/work-queue.js';
import { JobStore, type Finished, type JobPrincipal, type SttJob, type SttJobView } from './jobs.js';
import { type SpeakerNamer } from './round-trip.js';
import { ScriptStore, type Script } from './scripts.js';
import { type SttResultView, type Transcript } from './transcript.js';
/** Clock time a job takes: this share of the audio's duration... */
export declare const JOB_SECONDS_PER_AUDIO_SECOND = 0.1;
/** ...and at least this long. */
export declare const MIN_JOB_SECONDS = 2;
/** The multipart fields after validation (defaults applied). */
export interface SttParams {
    language: string;
    /** Accepted and ignored: every model gives the same transcript. */
    model?: string;
    diarize: boolean;
    word_timestamps: boolean;
}
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
export type Outcome = {
    kind: 'transcript';
    transcript: Transcript;
    seconds: number;
} | {
    kind: 'error';
    error: AnyApiError;
};
export interface SttAnalysisConfig {
    limits: AudioLimits;
    /** Time budget of an upload's analysis: the pool's budget plus this many ms per estimated audio second. */
    baseTimeMs: number;
    msPerAudioSecond: number;
}
export interface SttServiceDeps {
    clock: Clock;
    ids: IdFactory;
    metering: Metering;
    webhooks: WebhookEngine;
    speaker: SpeakerNamer;
    workers: Pick<WorkerPool, 'run'>;
    config: {
        syncMaxSeconds: number;
    } & SttAnalysisConfig;
    /** Where job completions wait for their clock time (default: timers on `clock`). */
    queue?: WorkQueue;
    /** Jobs shared through Redis (src/store/shared-stt.ts); with it, `queue` is the shared one. */
    shared?: SharedSttJobs;
    /** The principal of a job accepted on another instance, for its billing. */
    principalOf?: (p: JobPrincipal) => Principal;
}
export declare class SttService {
    private readonly deps;
    readonly scripts: ScriptStore;
    /** The jobs this instance accepted (all of them with the memory store). */
    readonly jobs: JobStore;
    private readonly queue;
    constructor(deps: SttServiceDeps);
    reset(): void;
    /** The writes of a job just accepted, settled (with a shared store): the 202 waits for them. */
    settled(): Promise<void> | undefined;
    /**
     * Reads the headers only (cheap; before the precheck): format, duration estimate, content limits.
     * Unknown formats, corrupt and truncated audio and audio past a limit are 422 and never billed.
     */
    intake(file: UploadedFile): Intake;
    isSync(intake: Intake): boolean;
    /** A promise only with a shared store (the reservation is made there). */
    precheck(principal: Principal, intake: Intake): void | Promise<void>;
    /**
     * Picks the source and runs the decoding on the worker pool. The script is taken before any await, so
     * queue scripts answer requests in the order they arrived; a scripted error needs no decoding.
     * Throws ApiError for audio the decoder refuses or a ceiling stops (`audio_too_complex`), and the
     * signal's reason when it aborts.
     */
    transcribe(principal: Principal, intake: Intake, signal?: AbortSignal, scripted?: boolean): Promise<Outcome>;
    private analyze;
    result(transcript: Transcript, seconds: number, params: SttParams): SttResultView;
    /** Sync path: bills the decoded seconds, or records a scripted error as not billed and throws it. */
    settleSync(principal: Principal, intake: Intake, outcome: Outcome, requestId: string): Transcript;
    /**
     * Async path: the job is `processing` for max(2 s, 0.1 × duration) of clock time, then completes (billed)
     * or fails (not billed), and `job.completed` carries the job record in `data`. The completion waits in
     * the due-work queue; with a shared store the job, its audio and the decoding's outcome are in Redis, so
     * another instance completes it if this one dies (docs/scaling.md).
     */
    submitJob(principal: Principal, intake: Intake, params: SttParams, requestId: string, fault?: Pick<FaultRule, 'id' | 'kind' | 'detail' | 'code' | 'status'>): SttJob;
    /** A job's clock time has passed (the due-work queue): complete it. */
    private runJob;
    /** The fields a job takes from its decoding's outcome. */
    finished(outcome: Outcome, job: Pick<SttJobView, 'request_id' | 'duration_seconds'>, params: SttParams): Finished;
    nowIso(): string;
    /** This instance's copy of a job takes its final fields. */
    completeLocal(job: SttJob, done: Finished, at?: string): void;
    /** Bills a completed job (a failed one is recorded as not billed) and sends `job.completed`: once per job. */
    announce(principal: Principal, job: SttJobView & {
        orgId: string;
        livemode: boolean;
    }): void;
    /** The principal that submitted a job, on whichever instance completes it. */
    principalFor(p: JobPrincipal, local?: SttJob): Principal;
    /** A job of this organization (from Redis with a shared store, so any instance sees it). */
    getJobView(orgId: string, jobId: string): SttJobView | Promise<SttJobView>;
    /** Every job (admin), with its organization. */
    listJobs(orgId?: string): Promise<(SttJobView & {
        org_id: string;
    })[]>;
}
export declare function scriptOutcome(script: Script, seconds: number): Outcome;
/** A scripted error exactly as registered; a 429 carries the RateLimit headers the spec requires. */
export declare function scriptedError(script: Script): CustomApiError;
