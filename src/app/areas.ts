/**
 * The root's one ordered list of areas (docs/architecture.md). Each entry builds one area from the foundation and
 * the parts of the areas before it (`built.part(...)`), so the list's order is the order they are built in, and
 * the registry (registry.ts) registers them in that order: their state units open, load and reset in it, their
 * stages run in it, they boot and reset in it, and close in the reverse order. An area whose admin operations
 * build on areas after its state has two entries (the sandboxes' directory and service, the fault rules and
 * their injection).
 */
import { authArea } from '../auth/auth-area.js';
import { createClockArea } from '../clock/index.js';
import { GATEWAY_DOC_ID } from '../contract/documents.js';
import { contractSchemaTest } from '../contract/optional-fields.js';
import { clockStart } from '../core/clock-anchor.js';
import { createIdsState } from '../core/ids-state.js';
import { createFaultInjectionArea, createFaultsArea } from '../faults/index.js';
import { webhookFaultHook } from '../faults/webhooks.js';
import { createJournalArea } from '../journal/index.js';
import { createLatencyArea, type LatencyProfile } from '../latency/index.js';
import { createMeteringArea } from '../metering/index.js';
import { sideEffectObservers } from '../observe/links.js';
import { createOrgsArea } from '../orgs/index.js';
import { createDriftArea } from '../proxy/index.js';
import type { DriftAdminDeps } from '../proxy/admin.js';
import { createRagArea } from '../rag/index.js';
import { createReportArea } from '../report/index.js';
import { createSandboxDirectoryArea, createSandboxesArea } from '../sandboxes/index.js';
import type { ViewDeps } from '../sandboxes/views.js';
import type { SandboxServiceDeps } from '../sandboxes/service.js';
import { createScenariosArea } from '../scenarios/index.js';
import { createSnapshotsArea, type SnapshotsDeps } from '../snapshots/index.js';
import { shareState } from '../store/index.js';
import type { SharedState } from '../store/shared-state.js';
import type { LoadedListener } from '../store/state-unit.js';
import { createSttArea } from '../stt/index.js';
import { createTtsArea } from '../tts/index.js';
import { createWebhooksArea } from '../webhooks/index.js';
import type { OrgSection } from '../area/area.js';
import { createEmulatorArea, type CoreAdminDeps } from './core-handlers.js';
import { DEMO_ORG_ID } from './demo-state.js';
import type { Foundation } from './foundation.js';
import type { AreaFactory } from './registry.js';

declare module '../area/area.js' {
  interface AreaParts {
    /** The slice of state shared through a Redis store (the due-work queue, resets); null with memory. */
    sharedState: SharedState | null;
  }
}

/** What the list takes from the emulator itself: its lifecycle, read at each call. */
export interface RootDeps {
  /** `--latency-profile`, loaded before anything is built (a bad file stops the start first). */
  latencyProfile: LatencyProfile | null;
  /** Every area's sections of an organization (Area.orgSections), filled as the areas register. */
  orgSections: readonly OrgSection[];
  /** What another instance's reset does here. */
  onRemoteReset: () => void;
  /** Health, demo and reset (the emulator area). */
  emulator: Pick<CoreAdminDeps, 'bootState' | 'isReady' | 'reset' | 'demo' | 'startedAt'> & {
    /** After a load: the demo credentials read again (the demo organization may have been replaced). */
    afterLoad: LoadedListener;
    /** The real URLs, once the emulator listens. */
    urls: ViewDeps['urls'];
    /** Everything a reset does before its boot (a whole state load starts from there). */
    clearAll: SnapshotsDeps['clearAll'];
    /** The admin API in-process (scenario steps, a sandbox's set-up). */
    invoke: SandboxServiceDeps['invoke'];
    /** Starts the emulator the drift report compares with. */
    startEmulator: DriftAdminDeps['start'];
  };
}

export function areaList(f: Foundation, root: RootDeps): AreaFactory[] {
  const { config, store, ids, random, contract, units, sockets, workers } = f;
  const { emulator } = root;
  const documents = (operationId: string | undefined, status: number) =>
    contract.gateway.documents(operationId, status);
  return [
    // Without --clock-start the clock starts at the wall clock, so a reset starts it at the wall clock again.
    () =>
      createClockArea({
        store,
        start: clockStart({
          mode: config.clockMode,
          timeScale: config.timeScale,
          startAt: config.clockStart ? Date.parse(config.clockStart) : null,
        }),
        given: f.overrides.clock,
      }),
    (built) => createSandboxDirectoryArea({ store, clocks: built.part('clocks'), seed: config.seed }),
    () => ({ name: 'ids', state: [createIdsState(ids, random)] }),
    (built) =>
      createOrgsArea({ store, clock: built.part('clock'), ids, random, sockets, sections: root.orgSections }),
    (built) => authArea({ store, clocks: built.part('clocks'), random, orgs: built.part('orgs') }),
    (built) =>
      createJournalArea({
        store,
        clock: built.part('clock'),
        config,
        sandboxes: built.part('sandboxLookup'),
      }),
    (built) =>
      createFaultsArea({
        store,
        clocks: built.part('clocks'),
        ids,
        random,
        documents,
        sandboxes: built.part('sandboxLookup'),
        gatewayDocument: contract.gatewayDocument,
      }),
    (built) => {
      const { clock, clocks, journal, faults, orgs, sandboxLookup } = built.parts(
        'clock',
        'clocks',
        'journal',
        'faults',
        'orgs',
        'sandboxLookup',
      );
      const observe = sideEffectObservers({ journal, log: f.log, faults });
      return createWebhooksArea({
        store,
        clock,
        clocks,
        ids,
        random,
        config,
        beforeAttempt: webhookFaultHook(faults),
        onAttempt: observe.onWebhookAttempt,
        onEvent: observe.onWebhookEvent,
        orgs,
        sandboxes: sandboxLookup,
      });
    },
    (built) => {
      const { clocks, journal, faults, orgs, webhooks, sandboxLookup } = built.parts(
        'clocks',
        'journal',
        'faults',
        'orgs',
        'webhooks',
        'sandboxLookup',
      );
      return createMeteringArea({
        store,
        clocks,
        ids,
        emit: (orgId, event, data, livemode, at) => webhooks.emit(orgId, event, data, { livemode, at }),
        onEntry: sideEffectObservers({ journal, log: f.log, faults }).onLedgerEntry,
        prices: config.prices,
        defaults: {
          orgGrants: { [DEMO_ORG_ID]: config.demo.credits },
          testQuotas: config.testQuotas,
          rateLimits: config.rateLimits,
        },
        orgs,
        webhooks,
        sandboxes: sandboxLookup,
      });
    },
    (built) =>
      createScenariosArea({
        ...built.parts('clock', 'clocks', 'orgs'),
        store,
        validators: contract.validators,
        config,
        invoke: emulator.invoke,
        sandboxes: built.part('sandboxLookup'),
        demoOrgId: DEMO_ORG_ID,
      }),
    (built) => ({
      name: 'shared-state',
      parts: {
        sharedState: shareState(store, { clock: built.part('clock'), onRemoteReset: root.onRemoteReset }),
      },
    }),
    (built) =>
      createFaultInjectionArea({
        ...built.parts('faults', 'metering'),
        optionalFields: {
          doc: contract.gatewayDocument,
          test: contractSchemaTest(contract.validators, GATEWAY_DOC_ID),
        },
      }),
    () => createLatencyArea({ profile: root.latencyProfile, random }),
    (built) =>
      createReportArea({
        ...built.parts('journal', 'webhooks', 'faults', 'clock'),
        sandboxes: built.part('sandboxLookup'),
      }),
    () => createDriftArea({ start: emulator.startEmulator, config }),
    (built) =>
      createSnapshotsArea({
        units,
        store,
        sandboxes: built.part('sandboxLookup'),
        validators: contract.validators,
        clearAll: emulator.clearAll,
        keyOwners: built.part('keyOwners'),
      }),
    (built) =>
      createSandboxesArea({
        ...built.parts('orgs', 'metering', 'webhooks', 'clock', 'clocks'),
        state: built.part('sandboxState'),
        lookup: built.part('sandboxLookup'),
        invoke: emulator.invoke,
        ids,
        units,
        sockets,
        seed: config.seed,
        urls: emulator.urls,
        log: f.log,
      }),
    (built) =>
      createTtsArea({
        ...built.parts('clock', 'clocks', 'orgs', 'metering', 'faults', 'journal'),
        config,
        ids,
        workers,
        contract,
      }),
    (built) =>
      createSttArea({
        ...built.parts('clock', 'clocks', 'orgs', 'metering', 'webhooks', 'faults'),
        config,
        ids,
        workers,
        contract,
        store,
      }),
    (built) =>
      createRagArea({
        ...built.parts('clock', 'clocks', 'orgs', 'metering', 'webhooks', 'faults'),
        config,
        ids,
        workers,
        store,
        demoOrgId: DEMO_ORG_ID,
        contract,
      }),
    (built) =>
      createEmulatorArea({
        ...emulator,
        ...built.parts('clock', 'orgs', 'scenarios'),
        store,
        sockets,
        contract,
      }),
  ];
}
