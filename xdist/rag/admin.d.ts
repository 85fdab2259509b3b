/** Admin handlers of the RAG area (openapi/admin.yaml, tag `rag`): tenant state, faults, search log. */
import type { AdminHandler } from '../admin/admin-context.js';
import type { RagStore } from './store.js';
import type { TenantManager } from './tenants.js';
export declare function ragAdminHandlers(deps: {
    tenants: TenantManager;
    store: RagStore;
    /** With a shared store: waits for this call's writes to reach it (src/store/shared-rag.ts). */
    settled?: () => Promise<void>;
}): Record<string, AdminHandler>;
