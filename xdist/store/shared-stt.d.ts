import type { SttJobView } from '../stt/jobs.js';
import type { RedisStore } from './redis-store.js';
export interface SharedJobRecord extends SttJobView {
    org_id: string;
    livemode: boolean;
}
export declare class SharedSttJobs {
    private readonly store;
    private readonly resets;
    constructor(store: RedisStore);
    private get redis();
    private get k();
    private data;
    /** The keys a reset deletes (a job's audio and outcome expire by themselves). */
    keyNames(): string[];
    open(): void;
    /** Another instance's reset: this instance drops its own jobs (and stops their decoding). */
    onRemoteReset(drop: () => void): void;
    assertWritable(): void;
    settled(): Promise<void> | undefined;
    /** A new job and its audio (none when it needs no decoding); tracked: the 202 waits for it. */
    accepted(job: SharedJobRecord, audio: Buffer | null): void;
    /**
     * What the decoding gave, once known (best effort: without it, another instance decodes the audio again).
     * The audio stays until the job completes, in case this write is lost.
     */
    outcomeKnown(jobId: string, outcome: unknown): void;
    outcome<T>(jobId: string): Promise<T | undefined>;
    audio(jobId: string): Promise<Buffer | null>;
    get(jobId: string): Promise<SharedJobRecord | undefined>;
    list(): Promise<SharedJobRecord[]>;
    /** Writes the final record if no instance completed the job before (and it was not reset). True: this call did. */
    complete(job: SharedJobRecord): Promise<boolean>;
    private receive;
}
