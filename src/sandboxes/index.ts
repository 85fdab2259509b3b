/**
 * The sandboxes area as the composition root puts it together (issue 24): its state unit, registered early so
 * that a whole reset removes every sandbox (and detaches their clocks) before the other areas start over, then
 * the service and its admin handlers once the parts it builds organizations with exist.
 */
import type { Area } from '../area/area.js';
import type { StateStore } from '../store/index.js';
import type { StateUnits } from '../store/state-unit.js';
import { sandboxAdminHandlers } from './admin.js';
import type { ViewDeps } from './views.js';
import { type SandboxState } from './sandbox-state.js';
import { createSandboxState } from './state.js';
import type { SandboxStateDeps } from './sandbox-org-part.js';
import { SandboxService, type SandboxServiceDeps } from './service.js';

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

/**
 * The sandboxes area: its directory and state are made with the foundation (createSandboxesState: every
 * organization's clock depends on it), the service and its admin operations here, from the narrow parts it uses.
 */
export function createSandboxesArea(
  deps: Omit<SandboxServiceDeps, 'state' | 'lookup' | 'orgs'> & {
    orgs: SandboxServiceDeps['orgs'] & ViewDeps['orgs'];
    parts: { state: SandboxState; lookup: SandboxLookup };
    /** The real URLs, known once the emulator listens (a sandbox's view shows them). */
    urls: ViewDeps['urls'];
  },
): { service: SandboxService; area: Area } {
  const { parts, urls, ...rest } = deps;
  const service = new SandboxService({ ...rest, state: parts.state, lookup: parts.lookup });
  const views = { orgs: deps.orgs, clocks: deps.clocks, urls };
  return { service, area: { name: 'sandboxes', adminHandlers: sandboxAdminHandlers(service, views) } };
}
