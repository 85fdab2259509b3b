/** Admin handlers of the STT area (openapi/admin.yaml, tag `stt`): scripted transcripts and job inspection. */
import type { AdminHandler } from '../admin/admin-context.js';
import type { SttService } from './service.js';
export declare function sttAdminHandlers(service: SttService): Record<string, AdminHandler>;
