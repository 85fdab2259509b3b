/**
 * The infrastructure the areas are built on, none of it an area's: the store, ids and randomness, the worker
 * pool, the request log and redaction, the open sockets, the compiled contract, and the state units the areas
 * add theirs to (in the order of the root's list, app/areas.ts).
 */
import { compileContract, contractCheckerFor } from '../contract/emulator-contract.js';
import type { Clock } from '../core/clock.js';
import { IdFactory, Random } from '../core/random.js';
import { SocketRegistry } from '../http/socket-registry.js';
import { Redactor } from '../observe/redact.js';
import { RequestLog, type LogSink } from '../observe/request-log.js';
import { createStateStore, streamSeed } from '../store/index.js';
import { StateUnits } from '../store/state-unit.js';
import { WorkerPool } from '../workers/pool.js';
import type { EmulatorConfig } from './config.js';

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

export type Foundation = ReturnType<typeof buildFoundation>;

export function buildFoundation(config: EmulatorConfig, overrides: EmulatorOverrides) {
  const store = createStateStore(config);
  const redactor = new Redactor(config.adminToken);
  const contract = compileContract();
  return {
    config,
    store,
    /** The state each area owns, added by the registry in list order (src/store/state-unit.ts). */
    units: new StateUnits(),
    random: new Random(streamSeed(config.seed, store)),
    ids: new IdFactory(streamSeed(config.seed, store)),
    /** Request ids of everything but /v1 (admin, health, dashboard): not journaled, not in a snapshot (SN-P2). */
    controlIds: new IdFactory(`${streamSeed(config.seed, store)}/control`),
    workers: new WorkerPool({
      size: config.workers,
      memoryMb: config.workerMemoryMb,
      timeMs: config.taskTimeoutMs,
    }),
    redactor,
    log: new RequestLog(config.logLevel, config.logFormat, redactor, overrides.logSink ?? null),
    sockets: new SocketRegistry(),
    contract,
    /** The contract self-check (SVC_EMULATOR_CONTRACT_CHECK=1, as in the test suite); off otherwise. */
    contractChecker: contractCheckerFor(contract),
    overrides,
  };
}
