/** The due-work kind of a job's completion (src/store/work-queue.ts). */
export const JOB_KIND = 'stt.job';
export class JobStore {
    byOrg = new Map();
    add(job) {
        let jobs = this.byOrg.get(job.orgId);
        if (!jobs)
            this.byOrg.set(job.orgId, (jobs = new Map()));
        jobs.set(job.job_id, job);
    }
    /** Only the owning organization sees a job. */
    get(orgId, jobId) {
        return this.byOrg.get(orgId)?.get(jobId);
    }
    list(orgId) {
        const orgs = orgId === undefined ? [...this.byOrg.values()] : [this.byOrg.get(orgId) ?? new Map()];
        return orgs.flatMap((m) => [...m.values()]);
    }
    reset() {
        for (const job of this.list()) {
            job.abort?.abort(new Error('the job was dropped by a reset'));
        }
        this.byOrg.clear();
    }
}
export function jobView(job) {
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
