/**
 * STT transcription jobs in Redis (issue 17), keyed by organization: the job record is written before the 202
 * answers, so a GET on any instance finds it; the uploaded audio is kept beside it (with a TTL) until the
 * decoding's outcome is stored, so that if the accepting instance dies, the instance that takes over the
 * job's completion (the due-work queue) decodes it again, or finishes from the stored outcome. Completing is
 * one Lua script (STT_COMPLETE): a job is completed, billed and announced once, whichever instances try.
 * Nothing is kept at hand: every read goes to Redis.
 *
 * Per organization: `stt:orgs` lists the organizations that have jobs (written with each job), and each one's
 * keys are under `stt:org:{org}:`, so one organization is listed, exported and dropped (one script) without
 * reading another's.
 */
import type { Redis } from 'ioredis';
import type { RedisStore } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import { Decodings, exportOrder } from './jobs.js';
import type {
  DroppedJobs,
  Finished,
  Leftover,
  PendingJob,
  SttJobRecord,
  SttJobsExport,
  SttJobsOrgPart,
  SttJobsState,
} from './jobs-state.js';
import { checkSttJobs } from './jobs-import.js';
import { STT_CLEAR, STT_CLEAR_ORG, STT_COMPLETE, STT_LIST } from './redis-jobs-scripts.js';

/** Wall time the audio and the outcome of a job stay in Redis while it is processing. */
const JOB_DATA_TTL_MS = 6 * 3_600_000;

interface SttScripts {
  svcSttComplete(
    k1: string,
    k2: string,
    k3: string,
    k4: string,
    id: string,
    json: string,
    instance: string,
  ): Promise<number>;
  svcSttList(k1: string, prefix: string): Promise<string[]>;
  svcSttClear(k1: string, prefix: string): Promise<number>;
  svcSttClearOrg(k1: string, prefix: string, org: string, channel: string, event: string): Promise<string[]>;
}

/** The event of `perOrg.reset`, sent by its script to the other instances. */
const ORG_RESET = 'stt.org-reset';

export class RedisSttJobs implements SttJobsState {
  readonly name = 'stt_jobs';
  private readonly drops: ((dropped?: DroppedJobs) => void)[] = [];
  private readonly decodings = new Decodings();

  readonly perOrg: SttJobsOrgPart = {
    ids: () => this.store.run(() => this.redis.smembers(this.orgs)),
    reset: (orgId) => this.resetOrg(orgId),
    export: (orgId) => this.exportOrg(orgId),
    import: (orgId, data) => this.importOrg(orgId, data as SttJobsExport),
    check: (orgId, data) => checkSttJobs(orgId, data as SttJobsExport),
  };

  /** The jobs, a pending one with its decoding's outcome when it is kept beside it (one more round trip). */
  private async exportOrg(orgId: string): Promise<SttJobsExport | undefined> {
    await this.decodings.of(orgId);
    const jobs = await this.list(orgId);
    if (jobs.length === 0) return undefined;
    const pending = jobs.filter((j) => j.status === 'processing' && j.pending);
    if (pending.length > 0) {
      const keys = pending.map((j) => this.keys(orgId, j.job_id).outcome);
      const outcomes = await this.store.run(() => this.redis.mget(...keys));
      pending.forEach((j, i) => {
        const json = outcomes[i];
        if (json) j.pending!.outcome = JSON.parse(json) as Finished;
      });
    }
    return { jobs: jobs.sort(exportOrder) };
  }

  /**
   * One transaction: the records (a pending one's outcome beside it, as `outcomeKnown` keeps it), the jobs that
   * ended marked completed (STT_COMPLETE completes a job once), and the organization listed.
   */
  private async importOrg(orgId: string, data: SttJobsExport): Promise<void> {
    if (data.jobs.length === 0) return;
    const tx = this.redis.multi().sadd(this.orgs, orgId);
    for (const job of data.jobs) {
      const k = this.keys(orgId, job.job_id);
      const { outcome, ...pending } = job.pending ?? {};
      const record: SttJobRecord = job.pending ? { ...job, pending: pending as PendingJob } : job;
      tx.hset(k.jobs, job.job_id, JSON.stringify(record));
      if (job.status !== 'processing') tx.hset(k.completed, job.job_id, this.store.instanceId);
      if (outcome) tx.set(k.outcome, JSON.stringify(outcome), 'PX', JOB_DATA_TTL_MS);
    }
    const results = await this.store.run(() => tx.exec());
    for (const [err] of results ?? []) if (err) throw err;
  }

  constructor(private readonly store: RedisStore) {
    // Another instance's reset: this one stops the decodings it runs for the dropped jobs.
    store.onMessage((m) => {
      if (m.type === 'reset') this.dropped();
      if (m.type === ORG_RESET) {
        const { org, jobs } = m.data as { org: string; jobs: string[] };
        this.dropped({ orgId: org, jobIds: jobs, here: false });
      }
    });
  }

  /** The scripts are defined on first use: the due-work queue may run a completion before open() of the units. */
  private get redis(): Redis & SttScripts {
    const redis = this.store.redis;
    defineOnce(redis, 'svcSttComplete', 4, STT_COMPLETE);
    defineOnce(redis, 'svcSttList', 1, STT_LIST);
    defineOnce(redis, 'svcSttClear', 1, STT_CLEAR);
    defineOnce(redis, 'svcSttClearOrg', 1, STT_CLEAR_ORG);
    return redis as unknown as Redis & SttScripts;
  }

  /** The organizations that have jobs: what a reset and the admin list go through. */
  private get orgs(): string {
    return this.store.key('stt:orgs');
  }

  /** The prefix of an organization's keys, as the scripts build it. */
  private get orgPrefix(): string {
    return this.store.key('stt:org:');
  }

  private keys(orgId: string, jobId: string) {
    const key = (name: string) => `${this.orgPrefix}${orgId}:${name}`;
    return {
      jobs: key('jobs'),
      completed: key('completed'),
      input: key(`input:${jobId}`),
      outcome: key(`outcome:${jobId}`),
    };
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  accept(job: SttJobRecord, audio: Uint8Array | null): void {
    const k = this.keys(job.org_id, job.job_id);
    const tx = this.redis.multi().sadd(this.orgs, job.org_id).hset(k.jobs, job.job_id, JSON.stringify(job));
    // Copied now: the decoding moves the bytes to a worker thread.
    if (audio) tx.set(k.input, Buffer.from(audio), 'PX', JOB_DATA_TTL_MS);
    this.store.track(tx.exec());
  }

  async get(orgId: string, jobId: string): Promise<SttJobRecord | undefined> {
    const json = await this.store.run(() => this.redis.hget(this.keys(orgId, jobId).jobs, jobId));
    return json ? (JSON.parse(json) as SttJobRecord) : undefined;
  }

  async list(orgId?: string): Promise<SttJobRecord[]> {
    const all = await this.store.run(() =>
      orgId === undefined
        ? this.redis.svcSttList(this.orgs, this.orgPrefix)
        : this.redis.hvals(this.keys(orgId, '').jobs),
    );
    return all.map((json) => JSON.parse(json) as SttJobRecord);
  }

  /** Best effort: without it, another instance decodes the audio again (kept until the job completes). */
  outcomeKnown(orgId: string, jobId: string, outcome: Finished): Promise<void> {
    return this.redis
      .set(this.keys(orgId, jobId).outcome, JSON.stringify(outcome), 'PX', JOB_DATA_TTL_MS)
      .then(
        () => {},
        () => {},
      );
  }

  decoding(orgId: string, jobId: string, kept: Promise<unknown>): void {
    this.decodings.add(orgId, jobId, kept);
  }

  async leftover(orgId: string, jobId: string): Promise<Leftover> {
    const k = this.keys(orgId, jobId);
    const outcome = await this.store.run(() => this.redis.get(k.outcome));
    if (outcome) return { outcome: JSON.parse(outcome) as Finished, audio: null };
    return { audio: await this.store.run(() => this.redis.getBuffer(k.input)) };
  }

  async complete(final: SttJobRecord): Promise<boolean> {
    const k = this.keys(final.org_id, final.job_id);
    const done = await this.store.run(() =>
      this.redis.svcSttComplete(
        k.jobs,
        k.completed,
        k.input,
        k.outcome,
        final.job_id,
        JSON.stringify(final),
        this.store.instanceId,
      ),
    );
    return done === 1;
  }

  /** Every organization's jobs, for every instance; the others stop their decodings on the store's `reset` message. */
  async reset(): Promise<void> {
    await this.store.run(() => this.redis.svcSttClear(this.orgs, this.orgPrefix));
    this.dropped();
  }

  /**
   * One organization's jobs, with what is kept beside them, for every instance (one script): nothing is kept
   * at hand, so the next read anywhere finds none; the others stop their decodings on the script's event.
   */
  private async resetOrg(orgId: string): Promise<void> {
    // The event up to the ids of the jobs, which the script appends.
    const from = JSON.stringify(this.store.instanceId);
    const event = `{"from":${from},"type":"${ORG_RESET}","data":{"org":${JSON.stringify(orgId)},"jobs":`;
    const jobIds = await this.store.run(() =>
      this.redis.svcSttClearOrg(this.orgs, this.orgPrefix, orgId, this.store.channel, event),
    );
    if (jobIds.length > 0) this.dropped({ orgId, jobIds, here: true });
  }

  onReset(drop: (dropped?: DroppedJobs) => void): void {
    this.drops.push(drop);
  }

  private dropped(dropped?: DroppedJobs): void {
    for (const drop of this.drops) drop(dropped);
  }
}
