import type { AdminHandler } from '../admin/admin-context.js';
export declare const scenarioAdminHandlers: Record<string, AdminHandler>;
