import type { FaultStore } from '../faults/store.js';
import { type OperationHandler } from '../http/context.js';
import type { SttService } from './service.js';
export declare function sttRoutes(service: SttService, faults?: FaultStore): Record<string, OperationHandler>;
