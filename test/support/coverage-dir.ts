import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where test processes of one vitest run (keyed by the main process id) record the operations they hit. */
export function coverageDir(mainPid: number): string {
  return join(tmpdir(), `svc-emulator-op-coverage-${mainPid}`);
}
