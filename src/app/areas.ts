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
import { createSandboxesArea, type SandboxLookup, type SandboxService } from '../sandboxes/index.js';
import type { SandboxState } from '../sandboxes/sandbox-state.js';
import type { ViewDeps } from '../sandboxes/views.js';
import type { SandboxServiceDeps } from '../sandboxes/service.js';
import { createSnapshots, type LoadGate, type Snapshots, type SnapshotsDeps } from '../snapshots/index.js';
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
  /** The sandboxes' state and directory, made with the foundation (app/foundation.ts). */
  sandboxParts: { state: SandboxState; lookup: SandboxLookup };
  /** The organizations' reads of a key by id and by hash (a state load checks them). */
  keyOwners: SnapshotsDeps['keyOwners'];
  /** Every area's sections of an organization's view, filled as the areas register (read at each call). */
  orgViewParts: readonly OrgViewPart[];
  /** What the emulator itself answers with and does (health, demo, reset, the admin API in-process). */
  emulator: Omit<
    CoreAdminDeps,
    'clock' | 'store' | 'orgs' | 'sockets' | 'scenarios' | 'contract' | 'urls'
  > & {
    /** The real URLs, once the emulator listens. */
    urls: ViewDeps['urls'];
    /** Everything a reset does before its boot (a whole state load starts from there). */
    clearAll: SnapshotsDeps['clearAll'];
    invoke: SandboxServiceDeps['invoke'];
    /** Starts the emulator the drift report compares with. */
    startEmulator: DriftAdminDeps['start'];
  };
}

export interface BuiltAreas {
  /** In list order: registered, booted and reset in this order, closed backwards. */
  areas: Area[];
  snapshots: Snapshots;
  gate: LoadGate;
  sandboxes: SandboxService;
}

export function buildAreas(parts: AreaParts): BuiltAreas {
  const { config, clock, ids, orgs, metering, webhooks, workers, faults, contract, store, state, journal } =
    parts;
  const sandboxes = parts.sandboxParts.lookup;
  const { startEmulator, clearAll, invoke, ...emulator } = parts.emulator;
  const snapshots = createSnapshots({
    units: state,
    store,
    sandboxes,
    validators: contract.validators,
    clearAll,
    keyOwners: parts.keyOwners,
  });
  const sandboxService = createSandboxesArea({
    parts: parts.sandboxParts,
    orgs,
    metering,
    webhooks,
    invoke,
    clock,
    clocks: parts.clocks,
    ids,
    units: state,
    sockets: parts.sockets,
    seed: config.seed,
    urls: emulator.urls,
  });
  const areas: Area[] = [
    createEmulatorArea({
      ...emulator,
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
    createDriftArea({ start: startEmulator, config }),
    snapshots.area,
    sandboxService.area,
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
  return { areas, snapshots: snapshots.snapshots, gate: snapshots.gate, sandboxes: sandboxService.service };
}
