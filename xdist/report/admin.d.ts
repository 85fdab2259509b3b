import type { AdminHandler } from '../admin/admin-context.js';
export declare const reportAdminHandlers: Record<string, AdminHandler>;
