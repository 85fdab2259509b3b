/** The journal area: every /v1 request and its answer, kept within bounds and read through the admin API. */
import type { Area } from '../area/area.js';
import type { Clock } from '../core/clock.js';
import type { SandboxLookup } from '../sandboxes/lookup.js';
import type { StateStore } from '../store/index.js';
import { journalAdminHandlers } from './admin.js';
import { Journal } from './journal.js';
import { createJournalState, journalBounds } from './state.js';

declare module '../area/area.js' {
  interface AreaParts {
    journal: Journal;
  }
}

export interface JournalAreaDeps {
  store: StateStore;
  clock: Clock;
  /** `--journal-limit` and `--journal-max-mb`. */
  config: Parameters<typeof journalBounds>[0];
  sandboxes: SandboxLookup;
}

export function createJournalArea(deps: JournalAreaDeps): Area {
  const state = createJournalState(deps.store, journalBounds(deps.config));
  const journal = new Journal(deps.clock, state);
  return {
    name: 'journal',
    parts: { journal },
    state: [state],
    adminHandlers: journalAdminHandlers(journal, deps.sandboxes),
  };
}
