/**
 * The sandboxes area as the composition root puts it together (issue 24): its state unit, registered early so
 * that a whole reset removes every sandbox (and detaches their clocks) before the other areas start over, then
 * the service and its admin handlers once the parts it builds organizations with exist.
 */
import type { AdminInvoker } from '../admin/invoke.js';
import type { Area } from '../area/area.js';
import type { Emulator } from '../app/emulator.js';
import type { StateStore } from '../store/index.js';
import type { StateUnits } from '../store/state-unit.js';
import { sandboxAdminHandlers } from './admin.js';
import { type SandboxState } from './sandbox-state.js';
import { createSandboxState } from './state.js';
import type { SandboxStateDeps } from './sandbox-org-part.js';
import { SandboxService } from './service.js';

export { SandboxService, SANDBOX_LIMIT } from './service.js';
export type { SandboxLookup } from './lookup.js';
import { SandboxDirectory } from './directory.js';
import type { SandboxLookup } from './lookup.js';

/** The state unit, and the lookup other parts resolve a sandbox id with (ready before the service). */
export function createSandboxesState(
  store: StateStore,
  units: StateUnits,
  deps: SandboxStateDeps,
): { state: SandboxState; lookup: SandboxLookup } {
  const state = units.add(createSandboxState(store, deps));
  return { state, lookup: new SandboxDirectory(state) };
}

export type SandboxParts = Pick<
  Emulator,
  'config' | 'clock' | 'clocks' | 'ids' | 'orgs' | 'metering' | 'webhooks' | 'state' | 'sockets' | 'urls'
>;

/** The service (the emulator's `SandboxLookup` too) with its admin handlers registered. */
export function wireSandboxes(
  emulator: SandboxParts,
  parts: { state: SandboxState; lookup: SandboxLookup },
  invoke: AdminInvoker,
): { service: SandboxService; area: Area } {
  const service = new SandboxService({
    state: parts.state,
    lookup: parts.lookup,
    orgs: emulator.orgs,
    metering: emulator.metering,
    webhooks: emulator.webhooks,
    invoke,
    clock: emulator.clock,
    clocks: emulator.clocks,
    ids: emulator.ids,
    units: emulator.state,
    sockets: emulator.sockets,
    seed: emulator.config.seed,
  });
  const views = { orgs: emulator.orgs, clocks: emulator.clocks, urls: () => emulator.urls };
  return { service, area: { name: 'sandboxes', adminHandlers: sandboxAdminHandlers(service, views) } };
}
