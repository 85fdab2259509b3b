import type { AdminHandler } from './admin-context.js';
/** The folder holding the dashboard files. */
export declare const UI_DIR: string;
export declare const uiAdminHandlers: Record<string, AdminHandler>;
