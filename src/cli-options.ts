/**
 * CLI flags and their SVC_EMULATOR_* environment variables: one table, so --help, parsing and the
 * README cannot drift apart.
 */
import { parseArgs } from 'node:util';
import type { EmulatorOptions, LogLevel } from './config.js';

interface OptionSpec {
  flag: string;
  env: string;
  kind: 'string' | 'boolean';
  help: string;
  apply: (value: string, into: EmulatorOptions) => void;
}

function int(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`${name} must be an integer from ${min} to ${max} (got '${value}')`);
  return n;
}

function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliError(`${name} must be a positive number (got '${value}')`);
  return n;
}

const LOG_LEVELS: LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug'];

export const OPTION_SPECS: OptionSpec[] = [
  { flag: 'port', env: 'SVC_EMULATOR_PORT', kind: 'string', help: 'port to listen on; 0 picks a free port (default 4747)', apply: (v, o) => (o.port = int('--port', v, 0, 65535)) },
  { flag: 'host', env: 'SVC_EMULATOR_HOST', kind: 'string', help: 'address to bind (default 127.0.0.1; 0.0.0.0 in Docker)', apply: (v, o) => (o.host = v) },
  { flag: 'seed', env: 'SVC_EMULATOR_SEED', kind: 'string', help: 'seed for keys, ids and generated content (default svc-emulator)', apply: (v, o) => (o.seed = v) },
  { flag: 'config', env: 'SVC_EMULATOR_CONFIG', kind: 'string', help: 'JSON config file (see README, "Config file")', apply: (v, o) => (o.config = v) },
  { flag: 'admin-token', env: 'SVC_EMULATOR_ADMIN_TOKEN', kind: 'string', help: 'require this token on the admin API (X-Admin-Token)', apply: (v, o) => (o.adminToken = v) },
  {
    flag: 'log-level',
    env: 'SVC_EMULATOR_LOG_LEVEL',
    kind: 'string',
    help: 'silent, error, warn, info (default) or debug',
    apply: (v, o) => {
      if (!LOG_LEVELS.includes(v as LogLevel)) throw new CliError(`--log-level must be one of ${LOG_LEVELS.join(', ')} (got '${v}')`);
      o.logLevel = v as LogLevel;
    },
  },
  { flag: 'time-scale', env: 'SVC_EMULATOR_TIME_SCALE', kind: 'string', help: 'real seconds per clock second; 0.01 makes a 30 s wait take 0.3 s (default 1)', apply: (v, o) => (o.timeScale = positive('--time-scale', v)) },
  { flag: 'scenario', env: 'SVC_EMULATOR_SCENARIO', kind: 'string', help: 'apply a scenario from fixtures/scenarios at start (see README)', apply: (v, o) => (o.scenario = v) },
  { flag: 'proxy-to', env: 'SVC_EMULATOR_PROXY_TO', kind: 'string', help: 'forward /v1 to this gateway base URL (ending in /v1), checking the contract (docs/proxy.md)', apply: (v, o) => (o.proxyTo = v) },
  { flag: 'record', env: 'SVC_EMULATOR_RECORD', kind: 'string', help: 'with --proxy-to: write every exchange to this folder', apply: (v, o) => (o.record = v) },
  { flag: 'replay', env: 'SVC_EMULATOR_REPLAY', kind: 'string', help: 'answer requests that match a recorded exchange in this folder from it', apply: (v, o) => (o.replay = v) },
  { flag: 'webhook-url', env: 'SVC_EMULATOR_WEBHOOK_URL', kind: 'string', help: 'register a webhook endpoint for the demo organization (all events)', apply: (v, o) => (o.webhookUrl = v) },
];

export class CliError extends Error {
  override name = 'CliError';
}

export type CliParse = { help: true } | { version: true } | { help?: false; version?: false; options: EmulatorOptions };

export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliParse {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(OPTION_SPECS.map((s) => [s.flag, { type: s.kind }])),
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    });
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  if (parsed.values.help) return { help: true };
  if (parsed.values.version) return { version: true };
  const options: EmulatorOptions = {};
  for (const spec of OPTION_SPECS) {
    const fromEnv = env[spec.env];
    if (fromEnv !== undefined && fromEnv !== '') spec.apply(fromEnv, options);
    const fromFlag = (parsed.values as Record<string, string | boolean | undefined>)[spec.flag];
    if (typeof fromFlag === 'string') spec.apply(fromFlag, options);
  }
  return { options };
}

export function helpText(): string {
  const rows = OPTION_SPECS.map((s) => `  --${s.flag.padEnd(14)} ${s.help}\n  ${' '.repeat(16)} env: ${s.env}`);
  return [
    'svc-emulator — local emulator of the Speech and Document-Search Gateway API',
    '',
    'Usage: svc-emulator [options]',
    '       svc-emulator drift --recordings DIR [options]   (see svc-emulator drift --help, docs/proxy.md)',
    '',
    'Options:',
    ...rows,
    '  --help, -h       show this help',
    '  --version        print the version',
    '',
    'The base URL is http://HOST:PORT/v1; the admin API is under /_emulator.',
  ].join('\n');
}
