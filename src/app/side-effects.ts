/**
 * The parts a request sets off beyond its answer: metering (charges, the ledger, rate limits), the webhooks
 * (events and their deliveries), and the fault rules that reach into both. They are wired to each other and
 * to the journal and request log, and their state units are added in the order they reset in.
 */
import type { EmulatorConfig } from './config.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory, Random } from '../core/random.js';
import { DEMO_ORG_ID } from './demo-state.js';
import { createFaultRulesState } from '../faults/state.js';
import { FaultStore } from '../faults/store.js';
import { webhookFaultHook } from '../faults/webhooks.js';
import { createBillingState, createRateLimitState, Metering } from '../metering/index.js';
import { sideEffectObservers, type SideEffectLinksDeps } from '../observe/links.js';
import type { RequestLog } from '../observe/request-log.js';
import type { StateStore } from '../store/index.js';
import type { StateUnits } from '../store/state-unit.js';
import { Scenarios, type ScenariosDeps } from '../scenarios/scenarios.js';
import { createScenariosState } from '../scenarios/state.js';
import { AttemptMaker, WebhookEngine, createWebhookState } from '../webhooks/index.js';

export interface SideEffectPartsDeps {
  config: Pick<
    EmulatorConfig,
    'seed' | 'signatureTime' | 'prices' | 'demo' | 'testQuotas' | 'rateLimits' | 'scenario' | 'scenariosDir'
  >;
  /** Each part's state is built from the store and added as a unit (src/store/state-unit.ts). */
  store: StateStore;
  state: Pick<StateUnits, 'add' | 'onLoaded'>;
  clock: Clock;
  /** Each organization's clock: its sandbox's own, or `clock` (core/clocks.ts). */
  clocks: OrgClocks;
  ids: IdFactory;
  random: Random;
  /** The documented answers a fault rule may return. */
  contract: Pick<Contract, 'gateway' | 'validators'>;
  journal: SideEffectLinksDeps['journal'];
  log: RequestLog;
  /** What the scenarios' steps run through: the organizations, `?sandbox=`, the admin API in-process. */
  orgs: ScenariosDeps['orgs'];
  sandboxes: ScenariosDeps['sandboxes'];
  invoke: ScenariosDeps['invoke'];
}

export interface SideEffectParts {
  faults: FaultStore;
  webhooks: WebhookEngine;
  metering: Metering;
  scenarios: Scenarios;
}

export function createSideEffectParts(deps: SideEffectPartsDeps): SideEffectParts {
  // Built before the webhooks, which apply its webhook faults to their attempts. Its state unit keeps its
  // place among the others (the order they reset in).
  const faultRules = createFaultRulesState(deps.store);
  const faults = new FaultStore(faultRules, {
    clocks: deps.clocks,
    ids: deps.ids,
    random: deps.random,
    documents: (operationId, status) => deps.contract.gateway.documents(operationId, status),
  });
  // The journal links and log lines of side effects, handed to metering and the webhooks as they are built.
  const observe = sideEffectObservers({ journal: deps.journal, log: deps.log, faults });
  const webhookAttempts = new AttemptMaker({
    clock: deps.clock,
    clocks: deps.clocks,
    signatureTime: deps.config.signatureTime,
    beforeAttempt: webhookFaultHook(faults),
    onAttempt: observe.onWebhookAttempt,
  });
  const webhookState = createWebhookState(deps.store, {
    clock: deps.clock,
    clocks: deps.clocks,
    attempts: webhookAttempts,
    seed: deps.config.seed,
  });
  deps.state.add(webhookState.endpoints);
  deps.state.add(webhookState.deliveries);
  // A load put organizations back (issue 25): their pending deliveries retry at their next attempt's time.
  deps.state.onLoaded(async ({ orgIds }) => {
    for (const orgId of orgIds) await webhookState.deliveries.resume(orgId);
  });
  const webhooks = new WebhookEngine({
    clock: deps.clock,
    clocks: deps.clocks,
    ids: deps.ids,
    random: deps.random,
    state: webhookState,
    // With a shared store every instance derives the --webhook-url endpoint from the seed alone, so all make the same one.
    bootSeed: deps.store.shared ? deps.config.seed : undefined,
    onEvent: observe.onWebhookEvent,
  });
  const metering = new Metering({
    clocks: deps.clocks,
    ids: deps.ids,
    emit: (orgId, event, data, livemode, at) => webhooks.emit(orgId, event, data, { livemode, at }),
    onEntry: observe.onLedgerEntry,
    state: deps.state.add(createBillingState(deps.store)),
    rateLimits: deps.state.add(createRateLimitState(deps.store)),
    prices: deps.config.prices,
    defaults: {
      orgGrants: { [DEMO_ORG_ID]: deps.config.demo.credits },
      testQuotas: deps.config.testQuotas,
      rateLimits: deps.config.rateLimits,
    },
  });
  // A load re-opens the loaded organizations' billing periods here, their ends armed (Metering.loaded).
  deps.state.onLoaded((event) => metering.loaded(event.orgIds));
  deps.state.add(faultRules);
  const scenarios = new Scenarios(deps.state.add(createScenariosState(deps.store)), {
    validators: deps.contract.validators,
    config: deps.config,
    clock: deps.clock,
    invoke: deps.invoke,
    sandboxes: deps.sandboxes,
    clocks: deps.clocks,
    orgs: deps.orgs,
    demoOrgId: DEMO_ORG_ID,
  });
  return { faults, webhooks, metering, scenarios };
}
