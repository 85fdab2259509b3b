/**
 * Scenarios: bundles of state, clock and fault rules, each step an admin API call. The package's own live in
 * fixtures/scenarios; users add theirs with `--scenario ./file.json`, `--scenarios-dir DIR` or
 * `POST /_emulator/scenarios`. Applied with `--scenario NAME` or `POST /_emulator/scenarios/{name}`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../core/paths.js';
import { invokeAdmin } from '../admin/invoke.js';
import { assertValid, compileSchema, lazyValidator } from '../contract/compile.js';
import { ADMIN_DOC_ID } from '../contract/documents.js';
import { ConfigError } from '../config.js';
import { ApiError } from '../http/errors.js';
export const SCENARIO_DIR = packagePath('fixtures', 'scenarios');
/** An error in a user's scenario file: start-up stops with this message. */
export class ScenarioFileError extends ConfigError {
    name = 'ScenarioFileError';
}
let builtIn;
/** Scenarios registered for one emulator: from its files at boot, then at run time. */
const registered = new WeakMap();
const replicas = new WeakMap();
/** What the shared scenarios change in one emulator when another instance registers or applies one. */
export function scenarioTarget(emulator, replica) {
    replicas.set(emulator, replica);
    return {
        put(scenario) {
            const own = registered.get(emulator) ?? new Map();
            own.set(scenario.name, scenario);
            registered.set(emulator, own);
        },
        setActive(active) {
            emulator.activeScenario = active;
        },
        /** Another instance's reset: back to the scenarios of this instance's own files, none active. */
        reset() {
            emulator.activeScenario = null;
            loadUserScenarios(emulator);
        },
    };
}
function validator(emulator) {
    return compileSchema(emulator.contract.validators, ADMIN_DOC_ID, 'Scenario');
}
function readScenarioFile(validate, path) {
    let data;
    try {
        data = JSON.parse(readFileSync(path, 'utf8'));
    }
    catch (err) {
        throw new ScenarioFileError(`scenario file ${path}: ${err.message}`);
    }
    try {
        assertValid(validate, data, 'scenario');
    }
    catch (err) {
        throw new ScenarioFileError(`scenario file ${path}: ${err.detail ?? err.message}`);
    }
    return data;
}
function readDir(validate, dir) {
    let files;
    try {
        files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
    }
    catch (err) {
        throw new ScenarioFileError(`cannot read the scenarios directory ${dir}: ${err.message}`);
    }
    return files.map((f) => readScenarioFile(validate, join(dir, f)));
}
/** A `--scenario` value naming a file rather than a scenario (names are `[a-z0-9-]`). */
export function isScenarioPath(value) {
    return value.endsWith('.json') || value.includes('/') || value.includes('\\');
}
/** The built-in scenarios, then the user's (a user scenario with a built-in's name replaces it). */
export function loadScenarios(emulator) {
    builtIn ??= new Map(readDir(validator(emulator), SCENARIO_DIR).map((s) => [s.name, s]));
    return new Map([...builtIn, ...(registered.get(emulator) ?? [])]);
}
/** Reads the user's scenario files named in the config (at boot and after every reset). */
export function loadUserScenarios(emulator) {
    // Compiled only when there is a file to check: most starts have none.
    const validate = lazyValidator(() => validator(emulator));
    const own = new Map();
    if (emulator.config.scenariosDir)
        for (const s of readDir(validate, emulator.config.scenariosDir))
            own.set(s.name, s);
    if (emulator.config.scenario && isScenarioPath(emulator.config.scenario)) {
        const s = readScenarioFile(validate, emulator.config.scenario);
        own.set(s.name, s);
    }
    registered.set(emulator, own);
}
/** POST /_emulator/scenarios: the body is already valid against `Scenario`. Until the next reset. */
export function registerScenario(emulator, scenario) {
    const replica = replicas.get(emulator);
    replica?.assertWritable();
    const own = registered.get(emulator) ?? new Map();
    const created = !loadScenarios(emulator).has(scenario.name);
    own.set(scenario.name, scenario);
    registered.set(emulator, own);
    replica?.registered(scenario);
    return { created };
}
/** The scenario `--scenario` applies at boot: by name, or the one in the named file. */
export function bootScenarioName(emulator) {
    const value = emulator.config.scenario;
    if (!value)
        return null;
    if (!isScenarioPath(value))
        return value;
    return readScenarioFile(validator(emulator), value).name;
}
export async function applyScenario(emulator, name) {
    const all = loadScenarios(emulator);
    const scenario = all.get(name);
    if (!scenario)
        throw new ApiError('not_found', `no scenario '${name}'; scenarios: ${[...all.keys()].join(', ')}`);
    replicas.get(emulator)?.assertWritable();
    const steps = [];
    // Marked before the steps run: a scenario whose steps fail half-way has still changed the emulator.
    emulator.activeScenario = { name, appliedAt: emulator.clock.isoNow() };
    replicas.get(emulator)?.applied(emulator.activeScenario);
    for (const step of scenario.steps) {
        const result = await invokeAdmin(emulator, step);
        steps.push({ ...step, ...result });
    }
    return { name, steps };
}
