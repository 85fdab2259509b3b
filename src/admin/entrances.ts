/** The two ways in to the admin handlers: the HTTP router under /_emulator and the in-process invoker. */
import type { RouteTable } from '../contract/compile.js';
import type { StateStore } from '../store/index.js';
import type { AdminHandler } from './admin-context.js';
import { createAdminRouter } from './admin-router.js';
import { createAdminInvoker, type AdminInvoker } from './invoke.js';

export interface AdminEntrances {
  /** The admin API under /_emulator. */
  router: ReturnType<typeof createAdminRouter>;
  /** Admin operations run in-process (scenario steps, config-file fault rules): admin/invoke.ts. */
  invoke: AdminInvoker;
}

/** The HTTP router and the in-process invoker over one handler map, read at each call. */
export function createAdminEntrances(deps: {
  /** The admin route table (Contract.admin). */
  routes: RouteTable;
  handlers: ReadonlyMap<string, AdminHandler>;
  /** `--admin-token`: with one, every operation but the open ones needs it. */
  adminToken: string | null;
  store: Pick<StateStore, 'assertAvailable' | 'settled'>;
  /** A request id for each in-process call. */
  requestId: () => string;
}): AdminEntrances {
  return {
    router: createAdminRouter({
      routes: deps.routes,
      handlers: deps.handlers,
      adminToken: deps.adminToken,
      store: deps.store,
    }),
    // The map is read at each call, so the areas' admin handlers, registered later, are found too.
    invoke: createAdminInvoker({
      routes: deps.routes,
      handlers: deps.handlers,
      requestId: deps.requestId,
    }),
  };
}
