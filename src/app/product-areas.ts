/**
 * The product areas as the composition root builds them: each gets the parts it uses and nothing more, and
 * the state an area owns joins the emulator's state units here (in this order, the order they reset in).
 */
import type { ProductArea } from './areas.js';
import { authArea } from '../auth/auth-area.js';
import type { WsTokenStore } from '../auth/ws-tokens.js';
import type { EmulatorConfig } from './config.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory } from '../core/random.js';
import type { FaultStore } from '../faults/store.js';
import type { Journal } from '../journal/journal.js';
import type { Metering } from '../metering/index.js';
import type { OrgStore } from '../orgs/store.js';
import { createRagArea } from '../rag/index.js';
import { createRagState } from '../rag/rag-state.js';
import type { StateStore } from '../store/index.js';
import type { StateUnits } from '../store/state-unit.js';
import { createSttArea, createSttJobsState } from '../stt/index.js';
import { createTtsArea } from '../tts/index.js';
import type { WebhookEngine } from '../webhooks/index.js';
import type { WorkerPool } from '../workers/pool.js';

/** The emulator's parts the areas draw on, between them. */
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
  contract: Contract;
  journal: Journal;
  store: StateStore;
  /** Where the areas' own state units are registered. */
  state: StateUnits;
  demoOrgId: string;
}

export function createProductAreas(parts: AreaParts): ProductArea[] {
  const { config, clock, ids, orgs, metering, webhooks, workers, faults, contract, store, state } = parts;
  return [
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
