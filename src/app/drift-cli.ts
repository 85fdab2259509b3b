/**
 * `svc-emulator drift --recordings DIR`: prints the drift table, writes the JSON report and JUnit XML, and
 * exits 1 on any drift or error (so a CI job fails), 2 on bad usage, 0 when the emulator matches.
 */
import { statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_DURATION_TOLERANCE_SECONDS } from '../proxy/drift.js';
import { runDrift } from './run-drift.js';
import { driftTable, driftToJUnit } from '../proxy/drift-report.js';

export const DRIFT_HELP = `Usage: svc-emulator drift --recordings DIR [options]

Sends every exchange recorded in DIR (svc-emulator --proxy-to URL --record DIR) to a fresh emulator and
compares the answers by shape. Exits 1 when any exchange drifted.

Options:
  --recordings DIR            the recordings folder (required; env SVC_EMULATOR_RECORDINGS)
  --json FILE                 write the JSON report here (default drift-report.json)
  --junit FILE                write JUnit XML here (default drift-report.xml)
  --duration-tolerance S      audio durations may differ by this many seconds (default ${DEFAULT_DURATION_TOLERANCE_SECONDS})
  --seed S, --scenario NAME, --config FILE   how the emulator under comparison starts
  --help, -h                  show this help`;

export async function driftCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        recordings: { type: 'string' },
        json: { type: 'string' },
        junit: { type: 'string' },
        'duration-tolerance': { type: 'string' },
        seed: { type: 'string' },
        scenario: { type: 'string' },
        config: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (err) {
    console.error(`svc-emulator drift: ${(err as Error).message}\n\n${DRIFT_HELP}`);
    return 2;
  }
  if (values.help) {
    console.log(DRIFT_HELP);
    return 0;
  }
  const recordings = values.recordings ?? env.SVC_EMULATOR_RECORDINGS;
  if (!recordings || !statSync(recordings, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(
      `svc-emulator drift: --recordings must name a folder of recorded exchanges (got ${recordings ? `'${recordings}'` : 'none'})`,
    );
    return 2;
  }
  const tolerance =
    values['duration-tolerance'] === undefined ? undefined : Number(values['duration-tolerance']);
  if (tolerance !== undefined && !(tolerance >= 0)) {
    console.error(
      `svc-emulator drift: --duration-tolerance must be a number of seconds, 0 or more (got '${values['duration-tolerance']}')`,
    );
    return 2;
  }
  const report = await runDrift({
    recordings,
    durationToleranceSeconds: tolerance,
    emulator: { seed: values.seed, scenario: values.scenario, config: values.config },
  });
  console.log(driftTable(report));
  writeFileSync(values.json ?? 'drift-report.json', `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(values.junit ?? 'drift-report.xml', driftToJUnit(report));
  return report.summary.drifted + report.summary.errors > 0 ? 1 : 0;
}
