import type { SharedSttJobs } from '../store/shared-stt.js';
import type { JobPayload, SttJob } from './jobs.js';
import type { SttService } from './service.js';
export declare function finishSharedJob(service: SttService, shared: SharedSttJobs, p: JobPayload, local: SttJob | undefined): Promise<void>;
