import type { Area, BootState } from '../area/area.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { Clock } from '../core/clock.js';
import { VERSION } from '../core/runtime.js';
import type { DemoState } from './demo-state.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { SocketRegistry } from '../http/socket-registry.js';
import type { OrgStore } from '../orgs/store.js';
import { demoKeys } from './readiness.js';
import type { Scenarios } from '../scenarios/scenarios.js';
import type { StateStore } from '../store/index.js';
import type { LoadedListener } from '../store/state-unit.js';
import { MemoryStore as MemoryStoreView } from '../store/memory-store.js';
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { clockView } from '../clock/admin.js';
import { uiAdminHandlers } from '../admin/ui-handlers.js';

/**
 * What health, demo, reset and the contract documents read. The functions are read at each call: the demo
 * credentials change at a reset, the URLs are known once the emulator listens.
 */
export interface CoreAdminDeps {
  /** Each area's boot work by name, and whether all of it is done (Emulator.bootState, isReady). */
  bootState: () => Record<string, BootState>;
  isReady: () => boolean;
  /** Back to the boot state (Emulator.reset). */
  reset: (options: { keepClock?: boolean }) => Promise<void>;
  demo: () => DemoState;
  urls: () => { baseUrl?: string; adminUrl?: string } | undefined;
  startedAt: number;
  clock: Pick<Clock, 'state'>;
  store: Pick<StateStore, 'kind' | 'description' | 'status' | 'instanceId' | 'instances' | 'owed'>;
  orgs: Pick<OrgStore, 'listOrgs'>;
  sockets: Pick<SocketRegistry, 'count'>;
  scenarios: Pick<Scenarios, 'active'>;
  contract: Pick<Contract, 'gatewayDocument' | 'adminDocument'>;
}

/** Health, the demo credentials, reset and the contract documents, keyed by operationId in openapi/admin.yaml. */
export function coreAdminHandlers(deps: CoreAdminDeps): Record<string, AdminHandler> {
  return {
    'admin.health': async (ctx) => {
      // `?ready=1` turns health into a readiness probe: 503 until every area's boot work is done.
      const ready = deps.isReady();
      const boot = deps.bootState();
      if ((ctx.query.ready === '1' || ctx.query.ready === 'true') && !ready) {
        const pending = Object.entries(boot).filter(([, state]) => state !== 'ready' && state !== 'disabled');
        throw new ApiError(
          'emulator_not_ready',
          `boot work not done: ${pending.map(([name, state]) => `${name} is ${state}`).join(', ')}; GET /_emulator/health shows the state`,
        );
      }
      const store = deps.store;
      const baseUrl = deps.urls()?.baseUrl ?? null;
      let instances = store.instances({ baseUrl });
      // While a shared store is down, health still answers (status `unreachable`) and lists this instance only.
      if (instances instanceof Promise)
        instances = await instances.catch(() => new MemoryStoreView(store.instanceId).instances({ baseUrl }));
      // While a shared store is down the active scenario is not known: health shows none rather than fail.
      let active = deps.scenarios.active();
      if (active instanceof Promise) active = await active.catch(() => null);
      sendJson(ctx, 200, {
        status: 'ok',
        ready,
        boot,
        version: VERSION,
        uptime_seconds: Math.round((Date.now() - deps.startedAt) / 1000),
        clock: clockView(deps.clock),
        organizations: deps.orgs.listOrgs().length,
        open_websockets: deps.sockets.count(),
        active_scenario: active && { name: active.name, applied_at: active.appliedAt },
        store: {
          kind: store.kind,
          location: store.description,
          status: store.status(),
          outbox: store.owed(),
        },
        instance_id: store.instanceId,
        instances,
      });
    },

    'admin.demo': (ctx) => {
      const demo = deps.demo();
      if (demo.absent) throw new ApiError('not_found', demo.absent);
      sendJson(ctx, 200, demoKeys(demo, deps.urls()));
    },

    'admin.reset': async (ctx: AdminContext<{ keep_clock?: boolean }>) => {
      await deps.reset({ keepClock: ctx.body.keep_clock === true });
      const demo = deps.demo();
      sendJson(ctx, 200, {
        status: 'reset',
        demo: {
          org_id: demo.orgId,
          keys: demo.keys,
          key_ids: demo.keyIds,
          webhook_endpoint: demo.webhookEndpoint ?? null,
        },
        clock: clockView(deps.clock),
      });
    },

    'admin.openapi': (ctx) => sendJson(ctx, 200, deps.contract.gatewayDocument),
    'admin.adminOpenapi': (ctx) => sendJson(ctx, 200, (served ??= servedAdminDocument(deps.contract))),
  };
}

let served: unknown;

/**
 * The admin document as served: its references to the gateway document (`./gateway.yaml#/…`, beside it in the
 * package) point where the emulator serves that document, `GET /_emulator/openapi.json` (`../openapi.json` from
 * `/_emulator/openapi/admin.json`), so a generator given the URL finds them (the file's name answered 404).
 */
function servedAdminDocument(contract: Pick<Contract, 'adminDocument'>): unknown {
  return JSON.parse(JSON.stringify(contract.adminDocument), (key, value: unknown) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('./gateway.yaml#')
      ? `../openapi.json${value.slice('./gateway.yaml'.length)}`
      : value,
  );
}

/**
 * The emulator's own admin operations (health, demo, reset, the documents) and the dashboard's files; after a
 * load, the demo credentials are read again (`afterLoad`), last of the list, once every area put its state back.
 */
export function createEmulatorArea(deps: CoreAdminDeps & { afterLoad: LoadedListener }): Area {
  return {
    name: 'emulator',
    adminHandlers: { ...coreAdminHandlers(deps), ...uiAdminHandlers },
    onLoaded: deps.afterLoad,
  };
}
