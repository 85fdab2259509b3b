/** `runDrift`: the drift report of a recordings folder against a fresh emulator (the CLI's and the library's). */
import { createEmulator } from './emulator.js';
import { driftAgainst, type DriftOptions, type DriftReport } from '../proxy/drift.js';

export function runDrift(options: DriftOptions): Promise<DriftReport> {
  return driftAgainst((emulatorOptions) => createEmulator(emulatorOptions), options);
}
