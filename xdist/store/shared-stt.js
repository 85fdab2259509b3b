import { STT_COMPLETE, defineOnce } from './scripts-clock.js';
/** Wall time the audio and the outcome of a job stay in Redis while it is processing. */
const JOB_DATA_TTL_MS = 6 * 3_600_000;
export class SharedSttJobs {
    store;
    resets = [];
    constructor(store) {
        this.store = store;
        store.onMessage((m) => this.receive(m));
    }
    get redis() {
        return this.store.redis;
    }
    get k() {
        return { jobs: this.store.key('stt:jobs'), completed: this.store.key('stt:completed') };
    }
    data(jobId) {
        return { input: this.store.key(`stt:input:${jobId}`), outcome: this.store.key(`stt:outcome:${jobId}`) };
    }
    /** The keys a reset deletes (a job's audio and outcome expire by themselves). */
    keyNames() {
        return Object.values(this.k);
    }
    open() {
        defineOnce(this.store.redis, 'svcSttComplete', 4, STT_COMPLETE);
    }
    /** Another instance's reset: this instance drops its own jobs (and stops their decoding). */
    onRemoteReset(drop) {
        this.resets.push(drop);
    }
    assertWritable() {
        this.store.assertAvailable();
    }
    settled() {
        return this.store.settled();
    }
    /** A new job and its audio (none when it needs no decoding); tracked: the 202 waits for it. */
    accepted(job, audio) {
        const tx = this.redis.multi().hset(this.k.jobs, job.job_id, JSON.stringify(job));
        if (audio)
            tx.set(this.data(job.job_id).input, audio, 'PX', JOB_DATA_TTL_MS);
        this.store.track(tx.exec());
    }
    /**
     * What the decoding gave, once known (best effort: without it, another instance decodes the audio again).
     * The audio stays until the job completes, in case this write is lost.
     */
    outcomeKnown(jobId, outcome) {
        void this.redis.set(this.data(jobId).outcome, JSON.stringify(outcome), 'PX', JOB_DATA_TTL_MS).catch(() => { });
    }
    async outcome(jobId) {
        const json = await this.store.run(() => this.redis.get(this.data(jobId).outcome));
        return json ? JSON.parse(json) : undefined;
    }
    async audio(jobId) {
        return this.store.run(() => this.redis.getBuffer(this.data(jobId).input));
    }
    async get(jobId) {
        const json = await this.store.run(() => this.redis.hget(this.k.jobs, jobId));
        return json ? JSON.parse(json) : undefined;
    }
    async list() {
        const all = await this.store.run(() => this.redis.hgetall(this.k.jobs));
        return Object.values(all).map((json) => JSON.parse(json));
    }
    /** Writes the final record if no instance completed the job before (and it was not reset). True: this call did. */
    async complete(job) {
        const k = this.k;
        const { input, outcome } = this.data(job.job_id);
        const done = await this.store.run(() => this.redis.svcSttComplete(k.jobs, k.completed, input, outcome, job.job_id, JSON.stringify(job), this.store.instanceId));
        return done === 1;
    }
    receive(m) {
        if (m.type === 'reset')
            for (const drop of this.resets)
                drop();
    }
}
