/**
 * The root's one ordered list of areas (docs/architecture.md): the order they are built in here is the order the
 * emulator registers their handlers and stages, boots and resets them; it closes them in the reverse order. Each
 * comes from its area's factory and gets the narrow parts it uses. The state units stay in the order the emulator
 * adds them (app/emulator.ts); the STT and RAG units join here, last, as before.
 */
import type { Area } from '../area/area.js';
import { authArea } from '../auth/auth-area.js';
import type { WsTokenStore } from '../auth/ws-tokens.js';
import { createClockArea } from '../clock/index.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory } from '../core/random.js';
import { createFaultsArea } from '../faults/index.js';
import type { FaultStore } from '../faults/store.js';
import type { SocketRegistry } from '../http/socket-registry.js';
import { createJournalArea } from '../journal/index.js';
import type { Journal } from '../journal/journal.js';
import { createLatencyArea, type LatencySampler } from '../latency/index.js';
import { createMeteringArea, type Metering } from '../metering/index.js';
import { createOrgsArea } from '../orgs/index.js';
import type { OrgStore } from '../orgs/store.js';
import type { OrgViewPart } from '../orgs/views.js';
import { createDriftArea } from '../proxy/index.js';
import type { DriftAdminDeps } from '../proxy/admin.js';
import { createRagArea } from '../rag/index.js';
import { createRagState } from '../rag/rag-state.js';
import { createReportArea } from '../report/index.js';
import type { SandboxLookup } from '../sandboxes/index.js';
import { createScenariosArea } from '../scenarios/index.js';
import type { Scenarios } from '../scenarios/scenarios.js';
import type { StateStore } from '../store/index.js';
import type { StateUnits } from '../store/state-unit.js';
import { createSttArea, createSttJobsState } from '../stt/index.js';
import { createTtsArea } from '../tts/index.js';
import { createWebhooksArea, type WebhookEngine } from '../webhooks/index.js';
import type { WorkerPool } from '../workers/pool.js';
import type { EmulatorConfig } from './config.js';
import { createEmulatorArea, type CoreAdminDeps } from './core-handlers.js';

export interface AreaParts {
  config: EmulatorConfig;
  clock: Clock;
  /** Each organization's clock: its sandbox's own, or `clock` (core/clocks.ts). */
  clocks: OrgClocks;
  ids: IdFactory;
  orgs: OrgStore;
  wsTokens: WsTokenStore;
  metering: Metering;
  webhooks: WebhookEngine;
  workers: WorkerPool;
  faults: FaultStore;
  scenarios: Scenarios;
  latency: LatencySampler | null;
  contract: Contract;
  journal: Journal;
  store: StateStore;
  /** Where the areas' own state units are registered. */
  state: StateUnits;
  sockets: SocketRegistry;
  demoOrgId: string;
  /** How `?sandbox=` resolves to an organization. */
  sandboxLookup: SandboxLookup;
  /** Every area's sections of an organization's view, filled as the areas register (read at each call). */
  orgViewParts: readonly OrgViewPart[];
  /** What the emulator itself answers with (health, demo, reset). */
  emulator: Omit<CoreAdminDeps, 'clock' | 'store' | 'orgs' | 'sockets' | 'scenarios' | 'contract'>;
  /** Starts the emulator the drift report compares with. */
  startEmulator: DriftAdminDeps['start'];
  /** Built where their construction needs the emulator's reset and admin invoker (app/emulator.ts). */
  snapshots: Area;
  sandboxes: Area;
}

export function buildAreas(parts: AreaParts): Area[] {
  const { config, clock, ids, orgs, metering, webhooks, workers, faults, contract, store, state, journal } =
    parts;
  const sandboxes = parts.sandboxLookup;
  return [
    createEmulatorArea({
      ...parts.emulator,
      clock,
      store,
      orgs,
      sockets: parts.sockets,
      scenarios: parts.scenarios,
      contract,
    }),
    createClockArea(clock),
    createOrgsArea({ orgs, metering, orgViewParts: parts.orgViewParts }),
    createJournalArea(journal, sandboxes),
    createMeteringArea({ orgs, metering, webhooks, sandboxes }),
    createWebhooksArea({ orgs, webhooks, clock, sandboxes }),
    createFaultsArea({ faults, store, sandboxes, metering, gatewayDocument: contract.gatewayDocument }),
    createScenariosArea({ scenarios: parts.scenarios, store }),
    createReportArea({ journal, webhooks, faults, clock, sandboxes }),
    createLatencyArea(parts.latency),
    createDriftArea({ start: parts.startEmulator, config }),
    parts.snapshots,
    parts.sandboxes,
    authArea({ wsTokens: parts.wsTokens, store }),
    createTtsArea({
      config,
      clock,
      clocks: parts.clocks,
      ids,
      orgs,
      metering,
      workers,
      faults,
      contract,
      journal: parts.journal,
    }),
    createSttArea({
      config,
      clock,
      clocks: parts.clocks,
      ids,
      metering,
      webhooks,
      workers,
      faults,
      contract,
      orgs,
      store,
      jobs: state.add(createSttJobsState(store)),
      units: state,
    }),
    createRagArea({
      config,
      clock,
      clocks: parts.clocks,
      ids,
      orgs,
      metering,
      webhooks,
      workers,
      faults,
      store,
      demoOrgId: parts.demoOrgId,
      state: state.add(createRagState(store)),
      units: state,
      contract,
    }),
  ];
}
