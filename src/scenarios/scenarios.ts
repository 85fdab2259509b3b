/**
 * Scenarios: bundles of state, clock and fault rules, each step an admin API call. The package's own live in
 * fixtures/scenarios; users add theirs with `--scenario ./file.json`, `--scenarios-dir DIR` or
 * `POST /_emulator/scenarios`. Applied with `--scenario NAME` or `POST /_emulator/scenarios/{name}`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../core/paths.js';
import type { AdminCall, AdminCallResult } from '../admin/invoke.js';
import { assertValid, compileSchema, lazyValidator, type Validators } from '../contract/compile.js';
import { ADMIN_DOC_ID } from '../contract/documents.js';
import type { Scenario } from '../contract/admin-types.js';
import type { EmulatorConfig } from '../app/config.js';
import { ConfigError } from '../core/config-error.js';
import type { Clock } from '../core/clock.js';
import { andThen, type MaybePromise } from '../core/maybe.js';
import { ApiError } from '../core/errors.js';
import type { OrgClocks } from '../core/clocks.js';
import type { OrgStore } from '../orgs/store.js';
import type { SandboxLookup } from '../sandboxes/lookup.js';
import { stepsForSandbox, type SandboxTarget } from './sandbox-steps.js';
import type { ActiveScenario, ScenariosState } from './scenarios-state.js';

export const SCENARIO_DIR = packagePath('fixtures', 'scenarios');

/** A scenario is the document's (`Scenario`): each step an admin call (an AdminCall). */
export type { Scenario };

type Validate = ReturnType<typeof compileSchema>;

/** An error in a user's scenario file: start-up stops with this message. */
export class ScenarioFileError extends ConfigError {
  override name = 'ScenarioFileError';
}

let builtIn: Map<string, Scenario> | undefined;

/** The package's own scenarios (fixtures/scenarios), read once per process. */
function builtIns(validate: Validate): Map<string, Scenario> {
  builtIn ??= new Map(readDir(validate, SCENARIO_DIR).map((s) => [s.name, s]));
  return builtIn;
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
    throw new ScenarioFileError(
      `scenario file ${path}: ${(err as ApiError).detail ?? (err as Error).message}`,
    );
  }
  return data as Scenario;
}

function readDir(validate: Validate, dir: string): Scenario[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch (err) {
    throw new ScenarioFileError(`cannot read the scenarios directory ${dir}: ${(err as Error).message}`);
  }
  return files.map((f) => readScenarioFile(validate, join(dir, f)));
}

/** A `--scenario` value naming a file rather than a scenario (names are `[a-z0-9-]`). */
export function isScenarioPath(value: string): boolean {
  return value.endsWith('.json') || value.includes('/') || value.includes('\\');
}

/** What a scenario's steps run on: the admin API, in-process (admin/invoke.ts). */
export type InvokeAdmin = (call: AdminCall) => Promise<AdminCallResult>;

/**
 * The scenarios of one emulator: the package's own, this instance's files (`--scenarios-dir`, `--scenario
 * ./file.json`: every instance reads the same ones), and those registered at run time with the one applied
 * last (ScenariosState: shared through Redis with a Redis store).
 */
export interface ScenariosDeps {
  validators: Validators;
  config: Pick<EmulatorConfig, 'scenario' | 'scenariosDir'>;
  clock: Clock;
  invoke: InvokeAdmin;
  /** A scenario applied to a sandbox (issue 24): its organization, clock and keys. */
  sandboxes: SandboxLookup;
  clocks: Pick<OrgClocks, 'own'>;
  orgs: Pick<OrgStore, 'listKeys'>;
  demoOrgId: string;
}

export class Scenarios {
  private fromFiles = new Map<string, Scenario>();
  private readonly validate: Validate;

  constructor(
    private readonly state: ScenariosState,
    private readonly deps: ScenariosDeps,
  ) {
    // Compiled only when there is a file to check: most starts have none.
    this.validate = lazyValidator(() => compileSchema(deps.validators, ADMIN_DOC_ID, 'Scenario'));
  }

  /** The built-in scenarios, then the user's (a user scenario with a built-in's name replaces it). */
  list(): MaybePromise<Map<string, Scenario>> {
    const base = new Map([...builtIns(this.validate), ...this.fromFiles]);
    const add = (registered: Scenario[]) => {
      for (const s of registered) base.set(s.name, s);
      return base;
    };
    return andThen(this.state.registered(), add);
  }

  /** Reads the user's scenario files named in the config (at boot, so after every reset too). */
  loadUserScenarios(): void {
    const own = new Map<string, Scenario>();
    const { scenariosDir, scenario } = this.deps.config;
    if (scenariosDir) for (const s of readDir(this.validate, scenariosDir)) own.set(s.name, s);
    if (scenario && isScenarioPath(scenario)) {
      const s = readScenarioFile(this.validate, scenario);
      own.set(s.name, s);
    }
    this.fromFiles = own;
  }

  /** POST /_emulator/scenarios: the body is already valid against `Scenario`. Until the next reset. */
  async register(scenario: Scenario): Promise<{ created: boolean }> {
    this.state.assertWritable();
    const known = builtIns(this.validate).has(scenario.name) || this.fromFiles.has(scenario.name);
    const created = await this.state.register(scenario);
    return { created: created && !known };
  }

  /** The scenario `--scenario` applies at boot: by name, or the one in the named file. */
  bootScenarioName(): string | null {
    const value = this.deps.config.scenario;
    if (!value) return null;
    if (!isScenarioPath(value)) return value;
    return readScenarioFile(this.validate, value).name;
  }

  /** The scenario applied last since boot or reset (`active_scenario` in health), or null. */
  active(): MaybePromise<ActiveScenario | null> {
    return this.state.active();
  }

  /**
   * Runs the scenario's steps. With `sandbox`, on that sandbox alone (sandbox-steps.ts: refused whole, 422,
   * when a step cannot be), and the emulator's active scenario stays as it was: the sandbox's reset undoes it.
   */
  async apply(
    name: string,
    sandbox?: string,
  ): Promise<{ name: string; sandbox?: string; steps: (AdminCall & AdminCallResult)[] }> {
    const all = await this.list();
    const scenario = all.get(name);
    if (!scenario)
      throw new ApiError('not_found', `no scenario '${name}'; scenarios: ${[...all.keys()].join(', ')}`);
    const calls =
      sandbox === undefined ? scenario.steps : stepsForSandbox(scenario, await this.target(sandbox));
    this.state.assertWritable();
    const steps: (AdminCall & AdminCallResult)[] = [];
    // Marked before the steps run: a scenario whose steps fail half-way has still changed the emulator.
    if (sandbox === undefined) await this.state.setActive({ name, appliedAt: this.deps.clock.isoNow() });
    for (const step of calls) {
      const result = await this.deps.invoke(step);
      steps.push({ ...step, ...result });
    }
    return sandbox === undefined ? { name, steps } : { name, sandbox, steps };
  }

  private async target(id: string): Promise<SandboxTarget> {
    const orgId = await this.deps.sandboxes.orgOf(id);
    return {
      id,
      orgId,
      ownClock: this.deps.clocks.own(orgId) !== undefined,
      keys: this.deps.orgs.listKeys(orgId).map((k) => ({ id: k.id, environment: k.environment })),
      demoOrgId: this.deps.demoOrgId,
    };
  }
}
