/**
 * Scenarios: bundles of state, clock and fault rules, each step an admin API call. The package's own live in
 * fixtures/scenarios; users add theirs with `--scenario ./file.json`, `--scenarios-dir DIR` or
 * `POST /_emulator/scenarios`. Applied with `--scenario NAME` or `POST /_emulator/scenarios/{name}`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../core/paths.js';
import { invokeAdmin, type AdminCall, type AdminCallResult } from '../admin/invoke.js';
import { assertValid, compileSchema, lazyValidator } from '../contract/compile.js';
import { ADMIN_DOC_ID } from '../contract/documents.js';
import { ConfigError } from '../config.js';
import type { Emulator } from '../emulator.js';
import { ApiError } from '../http/errors.js';

export const SCENARIO_DIR = packagePath('fixtures', 'scenarios');

export interface Scenario {
  name: string;
  description: string;
  steps: AdminCall[];
}

type Validate = ReturnType<typeof compileSchema>;

/** An error in a user's scenario file: start-up stops with this message. */
export class ScenarioFileError extends ConfigError {
  override name = 'ScenarioFileError';
}

let builtIn: Map<string, Scenario> | undefined;
/** Scenarios registered for one emulator: from its files at boot, then at run time. */
const registered = new WeakMap<Emulator, Map<string, Scenario>>();

/** The scenarios shared by several instances (scenarios/redis-scenarios.ts): told of every registration and application. */
export interface ScenarioReplica {
  assertWritable(): void;
  registered(scenario: Scenario): void;
  applied(active: { name: string; appliedAt: string }): void;
}
const replicas = new WeakMap<Emulator, ScenarioReplica>();

/** What the shared scenarios change in one emulator when another instance registers or applies one. */
export function scenarioTarget(emulator: Emulator, replica: ScenarioReplica) {
  replicas.set(emulator, replica);
  return {
    put(scenario: Scenario): void {
      const own = registered.get(emulator) ?? new Map<string, Scenario>();
      own.set(scenario.name, scenario);
      registered.set(emulator, own);
    },
    setActive(active: { name: string; appliedAt: string } | null): void {
      emulator.activeScenario = active;
    },
    /** Another instance's reset: back to the scenarios of this instance's own files, none active. */
    reset(): void {
      emulator.activeScenario = null;
      loadUserScenarios(emulator);
    },
  };
}

function validator(emulator: Emulator): Validate {
  return compileSchema(emulator.contract.validators, ADMIN_DOC_ID, 'Scenario');
}

function readScenarioFile(validate: Validate, path: string): Scenario {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ScenarioFileError(`scenario file ${path}: ${(err as Error).message}`);
  }
  try {
    assertValid(validate, data, 'scenario');
  } catch (err) {
    throw new ScenarioFileError(`scenario file ${path}: ${(err as ApiError).detail ?? (err as Error).message}`);
  }
  return data as Scenario;
}

function readDir(validate: Validate, dir: string): Scenario[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch (err) {
    throw new ScenarioFileError(`cannot read the scenarios directory ${dir}: ${(err as Error).message}`);
  }
  return files.map((f) => readScenarioFile(validate, join(dir, f)));
}

/** A `--scenario` value naming a file rather than a scenario (names are `[a-z0-9-]`). */
export function isScenarioPath(value: string): boolean {
  return value.endsWith('.json') || value.includes('/') || value.includes('\\');
}

/** The built-in scenarios, then the user's (a user scenario with a built-in's name replaces it). */
export function loadScenarios(emulator: Emulator): Map<string, Scenario> {
  builtIn ??= new Map(readDir(validator(emulator), SCENARIO_DIR).map((s) => [s.name, s]));
  return new Map([...builtIn, ...(registered.get(emulator) ?? [])]);
}

/** Reads the user's scenario files named in the config (at boot and after every reset). */
export function loadUserScenarios(emulator: Emulator): void {
  // Compiled only when there is a file to check: most starts have none.
  const validate = lazyValidator(() => validator(emulator));
  const own = new Map<string, Scenario>();
  if (emulator.config.scenariosDir) for (const s of readDir(validate, emulator.config.scenariosDir)) own.set(s.name, s);
  if (emulator.config.scenario && isScenarioPath(emulator.config.scenario)) {
    const s = readScenarioFile(validate, emulator.config.scenario);
    own.set(s.name, s);
  }
  registered.set(emulator, own);
}

/** POST /_emulator/scenarios: the body is already valid against `Scenario`. Until the next reset. */
export function registerScenario(emulator: Emulator, scenario: Scenario): { created: boolean } {
  const replica = replicas.get(emulator);
  replica?.assertWritable();
  const own = registered.get(emulator) ?? new Map<string, Scenario>();
  const created = !loadScenarios(emulator).has(scenario.name);
  own.set(scenario.name, scenario);
  registered.set(emulator, own);
  replica?.registered(scenario);
  return { created };
}

/** The scenario `--scenario` applies at boot: by name, or the one in the named file. */
export function bootScenarioName(emulator: Emulator): string | null {
  const value = emulator.config.scenario;
  if (!value) return null;
  if (!isScenarioPath(value)) return value;
  return readScenarioFile(validator(emulator), value).name;
}

export async function applyScenario(emulator: Emulator, name: string): Promise<{ name: string; steps: (AdminCall & AdminCallResult)[] }> {
  const all = loadScenarios(emulator);
  const scenario = all.get(name);
  if (!scenario) throw new ApiError('not_found', `no scenario '${name}'; scenarios: ${[...all.keys()].join(', ')}`);
  replicas.get(emulator)?.assertWritable();
  const steps: (AdminCall & AdminCallResult)[] = [];
  // Marked before the steps run: a scenario whose steps fail half-way has still changed the emulator.
  emulator.activeScenario = { name, appliedAt: emulator.clock.isoNow() };
  replicas.get(emulator)?.applied(emulator.activeScenario);
  for (const step of scenario.steps) {
    const result = await invokeAdmin(emulator, step);
    steps.push({ ...step, ...result });
  }
  return { name, steps };
}
