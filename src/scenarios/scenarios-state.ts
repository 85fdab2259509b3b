/**
 * The scenarios' state (issue 23): the scenarios registered at run time (`POST /_emulator/scenarios`) and the
 * one applied last (`active_scenario` in health). Both belong to the emulator, not to one organization, so
 * the state has no per-organization part and exports them as shared. In memory (below) or in Redis
 * (redis-scenarios.ts), where every read asks Redis: they are admin reads only, so a scenario registered or
 * applied through one instance is seen through any other at once.
 */
import type { MaybePromise } from '../core/maybe.js';
import type { StateProblem, StateUnit } from '../store/state-unit.js';
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
  /** Puts back what `exportShared` gave (issue 25), for every instance: the registered ones in order, the active one. */
  importShared(data: unknown): MaybePromise<void>;
  checkShared(data: unknown): StateProblem | null;
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

  importShared(data: unknown): void {
    const { registered, active } = structuredClone(data as ScenariosExport);
    for (const scenario of registered) this.register(scenario);
    this.current = active;
  }

  checkShared(data: unknown): StateProblem | null {
    return checkScenarios(data);
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

/** What the schema cannot say: a name registered twice (a load would keep the second under the first's place). */
export function checkScenarios(data: unknown): StateProblem | null {
  const seen = new Set<string>();
  const { registered } = data as ScenariosExport;
  for (let i = 0; i < registered.length; i++) {
    if (seen.has(registered[i].name))
      return { path: `/registered/${i}/name`, message: `scenario ${registered[i].name} is registered twice` };
    seen.add(registered[i].name);
  }
  return null;
}
