/**
 * The sandboxes area as the composition root puts it together (issue 24): its state unit, registered early so
 * that a whole reset removes every sandbox (and detaches their clocks) before the other areas start over, then
 * the service and its admin handlers once the parts it builds organizations with exist.
 */
import type { AdminInvoker } from '../admin/invoke.js';
import type { Emulator } from '../emulator.js';
import type { StateStore } from '../store/index.js';
import type { StateUnits } from '../store/state-unit.js';
import { sandboxAdminHandlers } from './admin.js';
import { createSandboxState, type SandboxState } from './sandbox-state.js';
import { SandboxService } from './service.js';

export { SandboxService, SANDBOX_LIMIT } from './service.js';
export type { SandboxLookup } from './lookup.js';

export function createSandboxesState(store: StateStore, units: StateUnits): SandboxState {
  return units.add(createSandboxState(store));
}

export type SandboxParts = Pick<
  Emulator,
  | 'config'
  | 'clock'
  | 'clocks'
  | 'ids'
  | 'orgs'
  | 'metering'
  | 'webhooks'
  | 'state'
  | 'sockets'
  | 'adminHandlers'
  | 'urls'
>;

/** The service (the emulator's `SandboxLookup` too) with its admin handlers registered. */
export function wireSandboxes(
  emulator: SandboxParts,
  state: SandboxState,
  invoke: AdminInvoker,
): SandboxService {
  const service = new SandboxService({
    state,
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
  for (const [id, handler] of Object.entries(sandboxAdminHandlers(service, views))) {
    emulator.adminHandlers.set(id, handler);
  }
  return service;
}
