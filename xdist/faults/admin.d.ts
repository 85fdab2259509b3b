import type { AdminHandler } from '../admin/admin-context.js';
/**
 * With a shared store a change is refused 502 `upstream_error` while the store is unreachable (before
 * anything changes), and the answer waits until the store has it, so every instance applies the rule next.
 */
export declare const faultAdminHandlers: Record<string, AdminHandler>;
