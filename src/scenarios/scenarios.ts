/**
 * Named scenarios (fixtures/scenarios/*.json): bundles of state, clock and fault rules, each step an admin
 * API call. Applied with `--scenario NAME` or `POST /_emulator/scenarios/{name}`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { invokeAdmin, type AdminCall, type AdminCallResult } from '../admin/invoke.js';
import { assertValid, compileSchema } from '../contract/compile.js';
import { ADMIN_DOC_ID } from '../contract/documents.js';
import type { Emulator } from '../emulator.js';
import { ApiError } from '../http/errors.js';

export const SCENARIO_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'scenarios');

export interface Scenario {
  name: string;
  description: string;
  steps: AdminCall[];
}

let cache: Map<string, Scenario> | undefined;

/** Loads and validates every scenario file once; a broken file fails start-up with its name. */
export function loadScenarios(emulator: Emulator): Map<string, Scenario> {
  if (cache) return cache;
  const validate = compileSchema(emulator.contract.validators, ADMIN_DOC_ID, 'Scenario');
  const found = new Map<string, Scenario>();
  for (const file of readdirSync(SCENARIO_DIR).filter((f) => f.endsWith('.json')).sort()) {
    const data = JSON.parse(readFileSync(join(SCENARIO_DIR, file), 'utf8')) as Scenario;
    assertValid(validate, data, `fixtures/scenarios/${file}`);
    found.set(data.name, data);
  }
  cache = found;
  return found;
}

export async function applyScenario(emulator: Emulator, name: string): Promise<{ name: string; steps: (AdminCall & AdminCallResult)[] }> {
  const scenario = loadScenarios(emulator).get(name);
  if (!scenario) {
    throw new ApiError('not_found', `no scenario '${name}'; scenarios: ${[...loadScenarios(emulator).keys()].join(', ')}`);
  }
  const steps: (AdminCall & AdminCallResult)[] = [];
  // Marked before the steps run: a scenario whose steps fail half-way has still changed the emulator.
  emulator.activeScenario = { name, appliedAt: emulator.clock.isoNow() };
  for (const step of scenario.steps) {
    const result = await invokeAdmin(emulator, step);
    steps.push({ ...step, ...result });
  }
  return { name, steps };
}
