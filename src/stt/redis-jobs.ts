/**
 * STT transcription jobs in Redis (issue 17): the job record (the public SttJob view with its organization
 * and mode) is written before the 202 answers, so a GET on any instance finds it; the uploaded audio is kept
 * beside it (with a TTL) until the decoding's outcome is stored, so that if the accepting instance dies,
 * the instance that takes over the job's completion (src/store/shared-work.ts) decodes it again, or
 * finishes from the stored outcome. Completing is one Lua script (core/redis-clock-scripts.ts STT_COMPLETE): a job is
 * completed, billed and announced once, whichever instances try.
 */
import type { Redis } from 'ioredis';
import type { SttJobView } from './jobs.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import { STT_COMPLETE } from './redis-jobs-scripts.js';

/** Wall time the audio and the outcome of a job stay in Redis while it is processing. */
const JOB_DATA_TTL_MS = 6 * 3_600_000;

export interface SharedJobRecord extends SttJobView {
  org_id: string;
  livemode: boolean;
}

interface SttScripts {
  svcSttComplete(k1: string, k2: string, k3: string, k4: string, id: string, json: string, instance: string): Promise<number>;
}

export class SharedSttJobs {
  private readonly resets: (() => void)[] = [];

  constructor(private readonly store: RedisStore) {
    store.onMessage((m) => this.receive(m));
  }

  private get redis(): Redis & SttScripts {
    return this.store.redis as unknown as Redis & SttScripts;
  }

  private get k() {
    return { jobs: this.store.key('stt:jobs'), completed: this.store.key('stt:completed') };
  }

  private data(jobId: string) {
    return { input: this.store.key(`stt:input:${jobId}`), outcome: this.store.key(`stt:outcome:${jobId}`) };
  }

  /** The keys a reset deletes (a job's audio and outcome expire by themselves). */
  keyNames(): string[] {
    return Object.values(this.k);
  }

  open(): void {
    defineOnce(this.store.redis, 'svcSttComplete', 4, STT_COMPLETE);
  }

  /** Another instance's reset: this instance drops its own jobs (and stops their decoding). */
  onRemoteReset(drop: () => void): void {
    this.resets.push(drop);
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  settled(): Promise<void> | undefined {
    return this.store.settled();
  }

  /** A new job and its audio (none when it needs no decoding); tracked: the 202 waits for it. */
  accepted(job: SharedJobRecord, audio: Buffer | null): void {
    const tx = this.redis.multi().hset(this.k.jobs, job.job_id, JSON.stringify(job));
    if (audio) tx.set(this.data(job.job_id).input, audio, 'PX', JOB_DATA_TTL_MS);
    this.store.track(tx.exec());
  }

  /**
   * What the decoding gave, once known (best effort: without it, another instance decodes the audio again).
   * The audio stays until the job completes, in case this write is lost.
   */
  outcomeKnown(jobId: string, outcome: unknown): void {
    void this.redis.set(this.data(jobId).outcome, JSON.stringify(outcome), 'PX', JOB_DATA_TTL_MS).catch(() => {});
  }

  async outcome<T>(jobId: string): Promise<T | undefined> {
    const json = await this.store.run(() => this.redis.get(this.data(jobId).outcome));
    return json ? (JSON.parse(json) as T) : undefined;
  }

  async audio(jobId: string): Promise<Buffer | null> {
    return this.store.run(() => this.redis.getBuffer(this.data(jobId).input));
  }

  async get(jobId: string): Promise<SharedJobRecord | undefined> {
    const json = await this.store.run(() => this.redis.hget(this.k.jobs, jobId));
    return json ? (JSON.parse(json) as SharedJobRecord) : undefined;
  }

  async list(): Promise<SharedJobRecord[]> {
    const all = await this.store.run(() => this.redis.hgetall(this.k.jobs));
    return Object.values(all).map((json) => JSON.parse(json) as SharedJobRecord);
  }

  /** Writes the final record if no instance completed the job before (and it was not reset). True: this call did. */
  async complete(job: SharedJobRecord): Promise<boolean> {
    const k = this.k;
    const { input, outcome } = this.data(job.job_id);
    const done = await this.store.run(() =>
      this.redis.svcSttComplete(k.jobs, k.completed, input, outcome, job.job_id, JSON.stringify(job), this.store.instanceId),
    );
    return done === 1;
  }

  private receive(m: StoreMessage): void {
    if (m.type === 'reset') for (const drop of this.resets) drop();
  }
}
