import type { AdminHandler } from './admin-context.js';
/** Admin operations of the gateway core, keyed by operationId in openapi/admin.yaml. */
export declare const coreAdminHandlers: Record<string, AdminHandler>;
