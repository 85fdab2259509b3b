/** The faults area: fault rules through the admin API, applied before the handler and before an upgrade. */
import type { Area } from '../area/area.js';
import type { OpenApiDocument } from '../contract/documents.js';
import type { Metering } from '../metering/index.js';
import { faultAdminHandlers } from './admin.js';
import { faultStage } from './stage.js';
import type { FaultStore } from './store.js';
import { faultUpgradeStage } from './websocket.js';

export function createFaultsArea(
  deps: Parameters<typeof faultAdminHandlers>[0] & {
    faults: FaultStore;
    metering: Metering;
    /** The documented answers an injected fault is checked against (off-contract statuses). */
    gatewayDocument: OpenApiDocument;
  },
): Area {
  const { faults, metering } = deps;
  return {
    name: 'faults',
    adminHandlers: faultAdminHandlers(deps),
    beforeHandler: [faultStage(faults, metering, deps.gatewayDocument)],
    upgradeStages: [faultUpgradeStage(faults, metering)],
    reset: () => faults.reset(),
  };
}
