/**
 * The scenarios' state (issue 23): the scenarios registered at run time (`POST /_emulator/scenarios`) and the
 * one applied last (`active_scenario` in health). Both belong to the emulator, not to one organization, so
 * the state has no per-organization part and exports them as shared. In memory (below) or in Redis
 * (redis-scenarios.ts), where every read asks Redis: they are admin reads only, so a scenario registered or
 * applied through one instance is seen through any other at once.
 */
import type { MaybePromise } from '../core/maybe.js';
import { RedisStore } from '../store/redis-store.js';
import type { StateStore } from '../store/index.js';
import type { StateUnit } from '../store/state-unit.js';
import { RedisScenarios } from './redis-scenarios.js';
import type { Scenario } from './scenarios.js';

export interface ActiveScenario {
  name: string;
  appliedAt: string;
}

/** What `exportShared` gives: the scenarios registered at run time, in that order, and the one applied last. */
export interface ScenariosExport {
  registered: Scenario[];
  active: ActiveScenario | null;
}

export interface ScenariosState extends StateUnit {
  /** Undefined when none is registered and none was applied. */
  exportShared(): MaybePromise<ScenariosExport | undefined>;
  /** Throws 502 `upstream_error` while a shared store is unreachable, before anything changes. */
  assertWritable(): void;
  /** The scenarios registered at run time, in the order they were first registered. */
  registered(): MaybePromise<Scenario[]>;
  /** Registers a scenario, replacing one of the same name: whether none had that name. */
  register(scenario: Scenario): MaybePromise<boolean>;
  /** The scenario applied last, or null (until a reset). */
  active(): MaybePromise<ActiveScenario | null>;
  setActive(active: ActiveScenario): MaybePromise<void>;
}

export class MemoryScenarios implements ScenariosState {
  readonly name = 'scenarios';
  private readonly byName = new Map<string, Scenario>();
  private current: ActiveScenario | null = null;

  assertWritable(): void {}

  registered(): Scenario[] {
    return [...this.byName.values()];
  }

  register(scenario: Scenario): boolean {
    const created = !this.byName.has(scenario.name);
    this.byName.set(scenario.name, scenario);
    return created;
  }

  active(): ActiveScenario | null {
    return this.current;
  }

  setActive(active: ActiveScenario): void {
    this.current = active;
  }

  exportShared(): ScenariosExport | undefined {
    return scenariosExport(this.registered(), this.current);
  }

  reset(): void {
    this.byName.clear();
    this.current = null;
  }
}

/** The export of the scenarios (a copy, plain JSON); undefined when there is nothing to export. */
export function scenariosExport(
  registered: Scenario[],
  active: ActiveScenario | null,
): ScenariosExport | undefined {
  if (registered.length === 0 && active === null) return undefined;
  return JSON.parse(JSON.stringify({ registered, active })) as ScenariosExport;
}

/** The scenarios of one emulator: shared through Redis with a Redis store, in this process otherwise. */
export function createScenariosState(store: StateStore): ScenariosState {
  return store instanceof RedisStore ? new RedisScenarios(store) : new MemoryScenarios();
}
