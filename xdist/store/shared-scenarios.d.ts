/**
 * Scenarios over Redis (issue 17): a scenario registered through any instance's admin API can be applied
 * through any other, and `active_scenario` in health is the one applied last through any instance. Each
 * instance keeps its registry as a local copy updated from the events channel. Applying a scenario runs its
 * steps on the instance that was asked; the steps change shared state like any admin call.
 */
import type { Scenario, ScenarioReplica } from '../scenarios/scenarios.js';
import type { RedisStore } from './redis-store.js';
type Active = {
    name: string;
    appliedAt: string;
};
export interface ScenarioTarget {
    put(scenario: Scenario): void;
    setActive(active: Active | null): void;
    reset(): void;
}
export declare class SharedScenarios implements ScenarioReplica {
    private readonly store;
    private target;
    constructor(store: RedisStore);
    private get k();
    /** The keys a reset deletes. */
    keyNames(): string[];
    /** Binds the emulator's side (scenarios.ts `scenarioTarget`) and loads what Redis has. */
    open(target: ScenarioTarget): Promise<void>;
    private load;
    assertWritable(): void;
    registered(scenario: Scenario): void;
    applied(active: Active): void;
    private receive;
}
export {};
