/**
 * The foundation every area is built on, in the order it is made: the store, the clock (the first state unit),
 * the sandboxes' directory (every organization's clock), ids and randomness, organizations and ws-tokens, the
 * worker pool, the journal, the request log and the compiled contract. The state units are added to `state` in
 * this order, which is the order they open, load and reset in.
 */
import { compileContract, contractCheckerFor } from '../contract/emulator-contract.js';
import { clockStart } from '../core/clock-anchor.js';
import { createClockState, emulatorClock } from '../clock/state.js';
import { Clock } from '../core/clock.js';
import { OrgClocks } from '../core/clocks.js';
import { IdFactory, Random } from '../core/random.js';
import { createIdsState } from '../core/ids-state.js';
import { createStateStore, streamSeed } from '../store/index.js';
import type { StateUnits } from '../store/state-unit.js';
import { OrgStore } from '../orgs/store.js';
import { createOrgState } from '../orgs/org-state.js';
import { WsTokenStore } from '../auth/ws-tokens.js';
import { createWsTokenState } from '../auth/ws-token-state.js';
import { Journal } from '../journal/journal.js';
import { createJournalState, journalBounds } from '../journal/state.js';
import { Redactor } from '../observe/redact.js';
import { RequestLog } from '../observe/request-log.js';
import { WorkerPool } from '../workers/pool.js';
import { createSandboxesState } from '../sandboxes/index.js';
import type { EmulatorConfig } from './config.js';
import type { LogSink } from '../observe/request-log.js';

/** Parts a caller may supply instead of the defaults. */
export interface EmulatorOverrides {
  /**
   * The clock to use (tests freeze it and advance it). With a shared store the clock is the store's, so the
   * emulator's starts from this one's mode, scale and time instead: move it through `emulator.clock`.
   */
  clock?: Clock;
  /** Where request log lines go (the CLI: stdout); without one the emulator logs nothing. */
  logSink?: LogSink;
}

export function buildFoundation(config: EmulatorConfig, overrides: EmulatorOverrides, state: StateUnits) {
  const store = createStateStore(config);
  // Without --clock-start the clock starts at the wall clock, so a reset starts it at the wall clock again.
  const start = clockStart({
    mode: config.clockMode,
    timeScale: config.timeScale,
    startAt: config.clockStart ? Date.parse(config.clockStart) : null,
  });
  const clock = emulatorClock(store, start, overrides.clock);
  // The first unit: it opens before anything reads the time, and a reset puts the clock back (unless
  // keep_clock) before the other areas start over at its time.
  state.add(clock.timeState);
  const clocks = new OrgClocks(
    clock,
    (id, clockStartAt) => new Clock({ state: createClockState(store, clockStartAt, { id }) }),
  );
  const sandboxes = createSandboxesState(store, state, {
    clocks: clocks,
    seed: config.seed,
  });
  const random = new Random(streamSeed(config.seed, store));
  const ids = new IdFactory(streamSeed(config.seed, store));
  const controlIds = new IdFactory(`${streamSeed(config.seed, store)}/control`);
  state.add(createIdsState(ids, random));
  const orgState = state.add(createOrgState(store));
  const orgs = new OrgStore(orgState, {
    clock: clock,
    ids: ids,
    random: random,
  });
  const wsTokens = new WsTokenStore(state.add(createWsTokenState(store, clocks)), {
    clocks: clocks,
    random: random,
    orgs: orgs,
  });
  const workers = new WorkerPool({
    size: config.workers,
    memoryMb: config.workerMemoryMb,
    timeMs: config.taskTimeoutMs,
  });
  const journalState = createJournalState(store, journalBounds(config));
  const journal = new Journal(clock, state.add(journalState));
  const redactor = new Redactor(config.adminToken);
  const { logLevel, logFormat } = config;
  const log = new RequestLog(logLevel, logFormat, redactor, overrides.logSink ?? null);
  const contract = compileContract();
  const contractChecker = contractCheckerFor(contract);
  return {
    store,
    clock,
    clocks,
    sandboxes,
    random,
    ids,
    controlIds,
    orgState,
    orgs,
    wsTokens,
    workers,
    journal,
    redactor,
    log,
    contract,
    contractChecker,
  };
}
