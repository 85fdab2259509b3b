import { type AdminCall, type AdminCallResult } from '../admin/invoke.js';
import { ConfigError } from '../config.js';
import type { Emulator } from '../emulator.js';
export declare const SCENARIO_DIR: string;
export interface Scenario {
    name: string;
    description: string;
    steps: AdminCall[];
}
/** An error in a user's scenario file: start-up stops with this message. */
export declare class ScenarioFileError extends ConfigError {
    name: string;
}
/** The scenarios shared by several instances (store/shared-scenarios.ts): told of every registration and application. */
export interface ScenarioReplica {
    assertWritable(): void;
    registered(scenario: Scenario): void;
    applied(active: {
        name: string;
        appliedAt: string;
    }): void;
}
/** What the shared scenarios change in one emulator when another instance registers or applies one. */
export declare function scenarioTarget(emulator: Emulator, replica: ScenarioReplica): {
    put(scenario: Scenario): void;
    setActive(active: {
        name: string;
        appliedAt: string;
    } | null): void;
    /** Another instance's reset: back to the scenarios of this instance's own files, none active. */
    reset(): void;
};
/** A `--scenario` value naming a file rather than a scenario (names are `[a-z0-9-]`). */
export declare function isScenarioPath(value: string): boolean;
/** The built-in scenarios, then the user's (a user scenario with a built-in's name replaces it). */
export declare function loadScenarios(emulator: Emulator): Map<string, Scenario>;
/** Reads the user's scenario files named in the config (at boot and after every reset). */
export declare function loadUserScenarios(emulator: Emulator): void;
/** POST /_emulator/scenarios: the body is already valid against `Scenario`. Until the next reset. */
export declare function registerScenario(emulator: Emulator, scenario: Scenario): {
    created: boolean;
};
/** The scenario `--scenario` applies at boot: by name, or the one in the named file. */
export declare function bootScenarioName(emulator: Emulator): string | null;
export declare function applyScenario(emulator: Emulator, name: string): Promise<{
    name: string;
    steps: (AdminCall & AdminCallResult)[];
}>;
