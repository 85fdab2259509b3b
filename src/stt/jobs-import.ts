/**
 * What the state schema cannot say about an organization's STT jobs (issue 25, `perOrg.check`): each job is
 * the section's organization's and listed once; only a job still processing keeps what completing it needs.
 */
import type { StateProblem } from '../store/state-unit.js';
import type { SttJobsExport } from './jobs-state.js';

export function checkSttJobs(orgId: string, data: SttJobsExport): StateProblem | null {
  const seen = new Set<string>();
  for (const [i, job] of data.jobs.entries()) {
    if (job.org_id !== orgId) return { path: `/jobs/${i}/org_id`, message: `must be ${orgId}` };
    if (seen.has(job.job_id)) return { path: `/jobs/${i}/job_id`, message: 'is listed twice' };
    seen.add(job.job_id);
    if (job.pending && job.status !== 'processing')
      return { path: `/jobs/${i}/pending`, message: 'only a job still processing has a pending completion' };
    if (job.pending && job.pending.principal.orgId !== orgId)
      return { path: `/jobs/${i}/pending/principal/orgId`, message: `must be ${orgId}` };
  }
  return null;
}
