/** The organizations area: organizations and their API keys, their state, and the admin operations on them. */
import type { Area, OrgSection } from '../area/area.js';
import type { Clock } from '../core/clock.js';
import type { IdFactory, Random } from '../core/random.js';
import { closeSocketsOnKeyEvents } from '../http/key-sockets.js';
import type { SocketRegistry } from '../http/socket-registry.js';
import type { StateStore } from '../store/index.js';
import { orgAdminHandlers } from './admin.js';
import { createOrgState, type OrgState } from './org-state.js';
import { OrgStore } from './store.js';

declare module '../area/area.js' {
  interface AreaParts {
    orgs: OrgStore;
    /** The organizations' state: a state load checks a key's owner by id and by hash through it. */
    keyOwners: OrgState;
  }
}

export interface OrgsAreaDeps {
  store: StateStore;
  clock: Clock;
  ids: IdFactory;
  random: Random;
  /** A revoked key's and a removed organization's sockets are closed. */
  sockets: SocketRegistry;
  /** The root's list of every area's sections of an organization (Area.orgSections), read at each call. */
  sections: readonly OrgSection[];
}

export function createOrgsArea(deps: OrgsAreaDeps): Area {
  const state = createOrgState(deps.store);
  const orgs = new OrgStore(state, { clock: deps.clock, ids: deps.ids, random: deps.random });
  closeSocketsOnKeyEvents(orgs, deps.sockets);
  return {
    name: 'orgs',
    parts: { orgs, keyOwners: state },
    state: [state],
    adminHandlers: orgAdminHandlers({ orgs, sections: deps.sections }),
  };
}
