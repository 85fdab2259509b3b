/**
 * The sandboxes (issue 24), two entries of the root's list: the directory (the state unit and the lookup) early,
 * the service and its admin operations once the parts it builds organizations with exist.
 */
import type { RequestLog } from '../observe/request-log.js';
import type { Area } from '../area/area.js';
import type { StateStore } from '../store/index.js';
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

declare module '../area/area.js' {
  interface AreaParts {
    /** How every part resolves a sandbox id (`?sandbox=`, `match.sandbox`) and an organization's sandbox. */
    sandboxLookup: SandboxLookup;
    /** The sandboxes' own state (the directory's and the service's). */
    sandboxState: SandboxState;
    /** Sandboxes (issue 24): create, reset, delete, and their clocks. */
    sandboxes: SandboxService;
  }
}

/**
 * The sandboxes' directory: their state unit, early in the list so that a whole reset removes every sandbox (and
 * detaches their clocks) before the other areas start over, and the lookup the areas after it resolve a sandbox
 * id with.
 */
export function createSandboxDirectoryArea(deps: SandboxStateDeps & { store: StateStore }): Area {
  const state = createSandboxState(deps.store, deps);
  return {
    name: 'sandbox-directory',
    parts: { sandboxState: state, sandboxLookup: new SandboxDirectory(state) },
    state: [state],
  };
}

/**
 * The sandboxes area: the service and its admin operations, late in the list because a sandbox is made of what
 * the areas before it build (an organization, its keys and credits, a webhook endpoint, a clock).
 */
export function createSandboxesArea(
  deps: Omit<SandboxServiceDeps, 'orgs'> & {
    orgs: SandboxServiceDeps['orgs'] & ViewDeps['orgs'];
    /** The real URLs, known once the emulator listens (a sandbox's view shows them). */
    urls: ViewDeps['urls'];
    /** Where a deprecated name is warned about. */
    log: RequestLog;
  },
): Area {
  const { urls, log, ...rest } = deps;
  const service = new SandboxService(rest);
  const views = { orgs: deps.orgs, clocks: deps.clocks, urls };
  return {
    name: 'sandboxes',
    parts: { sandboxes: service },
    adminHandlers: sandboxAdminHandlers(service, views, log),
  };
}
