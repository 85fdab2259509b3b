/**
 * Transcription jobs (audio longer than the sync cutoff), keyed by organization. The public record is
 * `SttJob` in openapi/gateway.yaml: `processing` → `completed` (with `result`) or `failed` (with a
 * Problem in `error`), never back.
 */
import type { Principal } from '../auth/principal.js';
import type { AudioFormat } from '../audio/formats.js';
import type { Problem } from '../http/problem.js';
import type { Outcome, SttParams } from './service.js';
import type { SttResultView } from './transcript.js';
/** The due-work kind of a job's completion (src/store/work-queue.ts). */
export declare const JOB_KIND = "stt.job";
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
    /** Who submitted it, and how: kept by the instance that accepted the job. */
    principal?: Principal;
    params?: SttParams;
    /** The decoding, running on this instance since the job was accepted. */
    work?: Promise<Outcome>;
    /** Stops the job's decoding on the worker pool when the job is dropped. */
    abort?: AbortController;
}
/** The fields a job takes when it completes or fails. */
export type Finished = Pick<SttJobView, 'status' | 'duration_seconds' | 'result' | 'error'>;
/** The principal of a job as JSON: what another instance needs to bill it. */
export type JobPrincipal = Pick<Principal, 'orgId' | 'keyId' | 'keyDisplay' | 'environment' | 'livemode' | 'scopes' | 'via'>;
/**
 * What a job's completion needs, in the due-work queue. With the memory store only the ids (the job is in
 * this process); with a shared store everything another instance needs to finish it if this one dies.
 */
export interface JobPayload {
    jobId: string;
    orgId: string;
    principal?: JobPrincipal;
    params?: SttParams;
    format?: AudioFormat;
    sha256?: string;
    fileName?: string;
    estimatedSeconds?: number;
    /** A `job_fail` fault's failure, decided when the job was accepted. */
    failure?: Problem;
}
export declare class JobStore {
    private byOrg;
    add(job: SttJob): void;
    /** Only the owning organization sees a job. */
    get(orgId: string, jobId: string): SttJob | undefined;
    list(orgId?: string): SttJob[];
    reset(): void;
}
export declare function jobView(job: SttJobView): SttJobView;
