import type { OperationHandler } from '../http/context.js';
import type { FaultStore } from '../faults/store.js';
import type { TtsService } from './service.js';
/** A stream whose client has read nothing for this long (wall time) is abandoned: its socket is destroyed. */
export declare const STREAM_STALL_TIMEOUT_MS = 30000;
export declare function ttsRoutes(service: TtsService, faults?: FaultStore): Record<string, OperationHandler>;
