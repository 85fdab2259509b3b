/**
 * The admin API's wiring: the built-in handler tables, and the two ways in to them (the HTTP router under
 * /_emulator and the in-process invoker), both reading one handler map.
 */
import type { RouteTable } from '../contract/compile.js';
import { faultAdminHandlers } from '../faults/admin.js';
import { meteringAdminHandlers, type MeteringAdminDeps } from '../metering/admin.js';
import { driftAdminHandlers, type DriftAdminDeps } from '../proxy/admin.js';
import { reportAdminHandlers } from '../report/admin.js';
import { scenarioAdminHandlers } from '../scenarios/admin.js';
import type { StateStore } from '../store/index.js';
import { webhookAdminHandlers, type WebhookAdminDeps } from '../webhooks/admin.js';
import type { AdminHandler } from '../admin/admin-context.js';
import { createAdminRouter } from '../admin/admin-router.js';
import { clockAdminHandlers } from '../clock/admin.js';
import { coreAdminHandlers, type CoreAdminDeps } from './core-handlers.js';
import { createAdminInvoker, type AdminInvoker } from '../admin/invoke.js';
import { journalAdminHandlers } from '../journal/admin.js';
import { orgAdminHandlers } from '../orgs/admin.js';
import { uiAdminHandlers } from '../admin/ui-handlers.js';

type DepsOf<F extends (deps: never) => unknown> = Parameters<F>[0];

/** What the built-in tables take between them: each table's own deps, merged by name. */
export type BuiltInAdminDeps = CoreAdminDeps &
  DepsOf<typeof orgAdminHandlers> &
  MeteringAdminDeps &
  WebhookAdminDeps &
  DepsOf<typeof faultAdminHandlers> &
  DepsOf<typeof scenarioAdminHandlers> &
  DepsOf<typeof reportAdminHandlers> & {
    journal: Parameters<typeof journalAdminHandlers>[0];
    clock: DepsOf<typeof clockAdminHandlers>;
    /** Starts the emulator the drift report compares with (createEmulator, so admin/ imports no emulator.ts). */
    startEmulator: DriftAdminDeps['start'];
    config: DriftAdminDeps['config'];
  };

/** The built-in admin handlers by operationId; the areas add theirs to the same map as they register. */
export function builtInAdminHandlers(deps: BuiltInAdminDeps): Map<string, AdminHandler> {
  const handlers = new Map<string, AdminHandler>();
  // Each admin table gets what it works on, no more; the emulator itself only through `reset` and the
  // boot state it reports.
  const coreAdmin = coreAdminHandlers({
    bootState: deps.bootState,
    isReady: deps.isReady,
    reset: deps.reset,
    demo: deps.demo,
    urls: deps.urls,
    startedAt: deps.startedAt,
    clock: deps.clock,
    store: deps.store,
    orgs: deps.orgs,
    sockets: deps.sockets,
    scenarios: deps.scenarios,
    contract: deps.contract,
  });
  const orgAdmin = orgAdminHandlers({
    orgs: deps.orgs,
    metering: deps.metering,
    orgViewParts: deps.orgViewParts,
  });
  const meteringAdmin = meteringAdminHandlers({
    orgs: deps.orgs,
    metering: deps.metering,
    webhooks: deps.webhooks,
    sandboxes: deps.sandboxes,
  });
  const webhookAdmin = webhookAdminHandlers({
    orgs: deps.orgs,
    webhooks: deps.webhooks,
    clock: deps.clock,
    sandboxes: deps.sandboxes,
  });
  // The drift report starts an emulator of its own: createEmulator is handed in, so proxy/ imports no emulator.ts.
  const driftAdmin = driftAdminHandlers({
    start: deps.startEmulator,
    config: deps.config,
  });
  for (const table of [
    coreAdmin,
    orgAdmin,
    journalAdminHandlers(deps.journal, deps.sandboxes),
    clockAdminHandlers(deps.clock),
    meteringAdmin,
    webhookAdmin,
    faultAdminHandlers({ faults: deps.faults, store: deps.store, sandboxes: deps.sandboxes }),
    scenarioAdminHandlers({ scenarios: deps.scenarios, store: deps.store }),
    reportAdminHandlers({
      journal: deps.journal,
      webhooks: deps.webhooks,
      faults: deps.faults,
      clock: deps.clock,
      sandboxes: deps.sandboxes,
    }),
    uiAdminHandlers,
    driftAdmin,
  ]) {
    for (const [id, handler] of Object.entries(table)) handlers.set(id, handler);
  }
  return handlers;
}

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
