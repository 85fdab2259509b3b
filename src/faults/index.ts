/**
 * The faults (two entries of the root's list): the rules, their state and their admin operations early, since
 * the areas after them consult the rules (webhook attempts, jobs); the stages that inject request and upgrade
 * faults once metering exists, whose rate limits a 429 fault answers with.
 */
import type { Area } from '../area/area.js';
import type { OptionalFieldsSource } from '../contract/optional-fields.js';
import type { OpenApiDocument } from '../contract/documents.js';
import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory, Random } from '../core/random.js';
import type { Metering } from '../metering/index.js';
import type { SandboxLookup } from '../sandboxes/lookup.js';
import type { StateStore } from '../store/index.js';
import { faultAdminHandlers } from './admin.js';
import { operationShapes } from './applicability.js';
import { faultStage } from './stage.js';
import { createFaultRulesState } from './state.js';
import { FaultStore } from './store.js';
import { faultUpgradeStage } from './websocket.js';

declare module '../area/area.js' {
  interface AreaParts {
    /** The fault rules, and what matches them. */
    faults: FaultStore;
  }
}

export interface FaultsAreaDeps {
  store: StateStore;
  /** A rule of an organization follows its clock; the others the emulator's. */
  clocks: OrgClocks;
  ids: IdFactory;
  random: Random;
  /** Whether /v1 documents `status` for the operation (a rule's off-contract mark). */
  documents: (operationId: string | undefined, status: number) => boolean;
  sandboxes: SandboxLookup;
  /** The gateway document: what each operation answers decides which kinds can act on it. */
  gatewayDocument: OpenApiDocument;
}

export function createFaultsArea(deps: FaultsAreaDeps): Area {
  const state = createFaultRulesState(deps.store);
  const faults = new FaultStore(state, {
    clocks: deps.clocks,
    ids: deps.ids,
    random: deps.random,
    documents: deps.documents,
  });
  return {
    name: 'faults',
    parts: { faults },
    state: [state],
    adminHandlers: faultAdminHandlers({
      faults,
      store: deps.store,
      sandboxes: deps.sandboxes,
      operations: operationShapes(deps.gatewayDocument),
    }),
    reset: () => faults.reset(),
  };
}

/** Request faults just before the handler, upgrade faults before a WebSocket is accepted. */
export function createFaultInjectionArea(deps: {
  faults: FaultStore;
  metering: Metering;
  /** The gateway's schemas, which `omit_optional` reads what an answer may go without from. */
  optionalFields: OptionalFieldsSource;
}): Area {
  const { faults, metering } = deps;
  return {
    name: 'fault-injection',
    beforeHandler: [faultStage(faults, metering, deps.optionalFields)],
    upgradeStages: [faultUpgradeStage(faults, metering)],
  };
}
