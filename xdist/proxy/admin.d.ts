import type { AdminHandler } from '../admin/admin-context.js';
export declare const driftAdminHandlers: Record<string, AdminHandler>;
