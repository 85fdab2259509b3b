/**
 * CLI flags and their SVC_EMULATOR_* environment variables: one table, so --help, parsing and the
 * README cannot drift apart.
 */
import { parseArgs } from 'node:util';
import { MP3_ENCODERS } from '../audio/encoders.js';
import type { EmulatorOptions, LogFormat, LogLevel } from './config.js';
import { storeUrlProblem } from '../store/state-store.js';
import {
  bool,
  CliError,
  instanceId,
  int,
  isoDate,
  mebibytes,
  nonEmpty,
  oneOf,
  positive,
  seconds,
} from './cli-values.js';

export { CliError } from './cli-values.js';

interface OptionSpec {
  flag: string;
  env: string;
  kind: 'string' | 'boolean';
  help: string;
  /** `source` is what the user set (`--port` or `SVC_EMULATOR_PORT`), so errors name it. */
  apply: (value: string, into: EmulatorOptions, source: string) => void;
}

const LOG_LEVELS: LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug'];
const LOG_FORMATS: LogFormat[] = ['text', 'json'];

export const OPTION_SPECS: OptionSpec[] = [
  {
    flag: 'port',
    env: 'SVC_EMULATOR_PORT',
    kind: 'string',
    help: 'port to listen on; 0 picks a free port (default 4747)',
    apply: (v, o, src) => (o.port = int(src, v, 0, 65535)),
  },
  {
    flag: 'host',
    env: 'SVC_EMULATOR_HOST',
    kind: 'string',
    help: 'address to bind (default 127.0.0.1; 0.0.0.0 in Docker)',
    apply: (v, o, src) => (o.host = nonEmpty(src, v)),
  },
  {
    flag: 'seed',
    env: 'SVC_EMULATOR_SEED',
    kind: 'string',
    help: 'seed for keys, ids and generated content (default svc-emulator)',
    apply: (v, o, src) => (o.seed = nonEmpty(src, v)),
  },
  {
    flag: 'config',
    env: 'SVC_EMULATOR_CONFIG',
    kind: 'string',
    help: 'JSON config file (see README, "Config file")',
    apply: (v, o, src) => (o.config = nonEmpty(src, v)),
  },
  {
    flag: 'admin-token',
    env: 'SVC_EMULATOR_ADMIN_TOKEN',
    kind: 'string',
    help: 'require this token on the admin API (X-Admin-Token)',
    apply: (v, o, src) => (o.adminToken = nonEmpty(src, v)),
  },
  {
    flag: 'log-level',
    env: 'SVC_EMULATOR_LOG_LEVEL',
    kind: 'string',
    help: 'silent, error, warn, info (default) or debug',
    apply: (v, o, src) => (o.logLevel = oneOf(src, v, LOG_LEVELS)),
  },
  {
    flag: 'time-scale',
    env: 'SVC_EMULATOR_TIME_SCALE',
    kind: 'string',
    help: 'real seconds per clock second; 0.01 makes a 30 s wait take 0.3 s (default 1)',
    apply: (v, o, src) => (o.timeScale = positive(src, v)),
  },
  {
    flag: 'webhook-url',
    env: 'SVC_EMULATOR_WEBHOOK_URL',
    kind: 'string',
    help: 'register a webhook endpoint for the demo organization (all events)',
    apply: (v, o, src) => (o.webhookUrl = nonEmpty(src, v)),
  },
  {
    flag: 'clock-start',
    env: 'SVC_EMULATOR_CLOCK_START',
    kind: 'string',
    help: 'start the clock at this ISO date-time (default: the wall clock)',
    apply: (v, o, src) => (o.clockStart = isoDate(src, v)),
  },
  {
    flag: 'journal-limit',
    env: 'SVC_EMULATOR_JOURNAL_LIMIT',
    kind: 'string',
    help: 'request journal entries kept (default 1000)',
    apply: (v, o, src) => (o.journalLimit = int(src, v, 1, 1_000_000)),
  },
  {
    flag: 'scenario',
    env: 'SVC_EMULATOR_SCENARIO',
    kind: 'string',
    help: 'apply a scenario at start and after every reset: a name, or ./file.json',
    apply: (v, o, src) => (o.scenario = nonEmpty(src, v)),
  },
  {
    flag: 'scenarios-dir',
    env: 'SVC_EMULATOR_SCENARIOS_DIR',
    kind: 'string',
    help: 'a directory of your own scenario files (*.json)',
    apply: (v, o, src) => (o.scenariosDir = nonEmpty(src, v)),
  },
  {
    flag: 'corpus',
    env: 'SVC_EMULATOR_CORPUS',
    kind: 'string',
    help: 'a directory of your documents, indexed as the demo corpus',
    apply: (v, o, src) => (o.corpus = nonEmpty(src, v)),
  },
  {
    flag: 'no-demo-corpus',
    env: 'SVC_EMULATOR_NO_DEMO_CORPUS',
    kind: 'boolean',
    help: 'start the demo organization with no documents',
    apply: (v, o, src) => (o.demoCorpus = !bool(src, v)),
  },
  {
    flag: 'keys-file',
    env: 'SVC_EMULATOR_KEYS_FILE',
    kind: 'string',
    help: 'write the demo org id and keys here at start (dotenv if *.env, else JSON)',
    apply: (v, o, src) => (o.keysFile = nonEmpty(src, v)),
  },
  {
    flag: 'wait-ready',
    env: 'SVC_EMULATOR_WAIT_READY',
    kind: 'boolean',
    help: 'print the readiness line only once boot work (demo corpus) is done',
    apply: (v, o, src) => (o.waitReady = bool(src, v)),
  },
  {
    flag: 'fault-header',
    env: 'SVC_EMULATOR_FAULT_HEADER',
    kind: 'boolean',
    help: 'apply the X-Emulator-Fault header of a /v1 request to that request (off: ignored)',
    apply: (v, o, src) => (o.faultHeader = bool(src, v)),
  },
  {
    flag: 'log-format',
    env: 'SVC_EMULATOR_LOG_FORMAT',
    kind: 'string',
    help: 'request log as text (default) or json (one JSON object per line)',
    apply: (v, o, src) => (o.logFormat = oneOf(src, v, LOG_FORMATS)),
  },
  {
    flag: 'journal-max-mb',
    env: 'SVC_EMULATOR_JOURNAL_MAX_MB',
    kind: 'string',
    help: 'journal size bound in MiB of entry JSON (default 64)',
    apply: (v, o, src) => (o.journalMaxMb = positive(src, v)),
  },
  {
    flag: 'workers',
    env: 'SVC_EMULATOR_WORKERS',
    kind: 'string',
    help: 'worker threads for extraction, decoding and encoding; 0 runs them in-process (default: cores)',
    apply: (v, o, src) => (o.workers = int(src, v, 0, 64)),
  },
  {
    flag: 'worker-memory-mb',
    env: 'SVC_EMULATOR_WORKER_MEMORY_MB',
    kind: 'string',
    help: 'heap ceiling of each worker thread in MiB (default 256)',
    apply: (v, o, src) => (o.workerMemoryMb = int(src, v, 32, 16384)),
  },
  {
    flag: 'task-timeout-ms',
    env: 'SVC_EMULATOR_TASK_TIMEOUT_MS',
    kind: 'string',
    help: 'wall-time budget of one heavy task in ms (default 8000)',
    apply: (v, o, src) => (o.taskTimeoutMs = int(src, v, 100, 600000)),
  },
  {
    flag: 'signature-time',
    env: 'SVC_EMULATOR_SIGNATURE_TIME',
    kind: 'string',
    help: "webhook signature t=: 'wall' clock of the attempt (default) or emulator 'clock' time",
    apply: (v, o, src) => {
      if (v !== 'wall' && v !== 'clock') throw new CliError(`${src} must be wall or clock (got '${v}')`);
      o.signatureTime = v;
    },
  },
  {
    flag: 'mp3-encoder',
    env: 'SVC_EMULATOR_MP3_ENCODER',
    kind: 'string',
    help: 'MP3 encoder for TTS: wasm (LAME in WebAssembly, default) or lamejs',
    apply: (v, o, src) => (o.mp3Encoder = oneOf(src, v, MP3_ENCODERS)),
  },
  {
    flag: 'tts-cache-mb',
    env: 'SVC_EMULATOR_TTS_CACHE_MB',
    kind: 'string',
    help: 'MiB of encoded TTS clips kept for repeated requests; 0 turns the cache off (default 32)',
    apply: (v, o, src) => (o.ttsCacheMb = mebibytes(src, v)),
  },
  {
    flag: 'proxy-to',
    env: 'SVC_EMULATOR_PROXY_TO',
    kind: 'string',
    help: 'forward /v1 to this gateway base URL (ending in /v1), checking the contract (docs/proxy.md)',
    apply: (v, o, src) => (o.proxyTo = nonEmpty(src, v)),
  },
  {
    flag: 'record',
    env: 'SVC_EMULATOR_RECORD',
    kind: 'string',
    help: 'with --proxy-to: write every exchange to this folder',
    apply: (v, o, src) => (o.record = nonEmpty(src, v)),
  },
  {
    flag: 'replay',
    env: 'SVC_EMULATOR_REPLAY',
    kind: 'string',
    help: 'answer requests that match a recorded exchange in this folder from it',
    apply: (v, o, src) => (o.replay = nonEmpty(src, v)),
  },
  {
    flag: 'latency-profile',
    env: 'SVC_EMULATOR_LATENCY_PROFILE',
    kind: 'string',
    help: 'delays of /v1 answers: instant (default), realistic, or a JSON profile file (docs/testing.md)',
    apply: (v, o, src) => (o.latencyProfile = nonEmpty(src, v)),
  },
  {
    flag: 'state',
    env: 'SVC_EMULATOR_STATE',
    kind: 'string',
    help: 'load this state document (svc-emulator state save) at start, before the readiness line (docs/state.md)',
    apply: (v, o, src) => (o.state = nonEmpty(src, v)),
  },
  {
    flag: 'persist',
    env: 'SVC_EMULATOR_PERSIST',
    kind: 'string',
    help: 'keep the state in DIR/state.json: loaded at start when it exists, written on shutdown and periodically',
    apply: (v, o, src) => (o.persist = nonEmpty(src, v)),
  },
  {
    flag: 'persist-interval',
    env: 'SVC_EMULATOR_PERSIST_INTERVAL',
    kind: 'string',
    help: 'with --persist: seconds between saves; 0 saves only on shutdown (default 30)',
    apply: (v, o, src) => (o.persistInterval = seconds(src, v)),
  },
  {
    flag: 'store',
    env: 'SVC_EMULATOR_STORE',
    kind: 'string',
    help: 'where shared state lives: memory (default) or redis://HOST:PORT/DB[?prefix=NAME] for several instances (docs/scaling.md)',
    apply: (v, o, src) => {
      const problem = storeUrlProblem(v);
      if (problem) throw new CliError(`${src} ${problem}`);
      o.store = v;
    },
  },
  {
    flag: 'instance-id',
    env: 'SVC_EMULATOR_INSTANCE_ID',
    kind: 'string',
    help: 'name of this instance in a shared store, up to 64 of A-Z a-z 0-9 . _ - (default: generated)',
    apply: (v, o, src) => (o.instanceId = instanceId(src, v)),
  },
  {
    flag: 'instances',
    env: 'SVC_EMULATOR_INSTANCES',
    kind: 'string',
    help: 'start N processes on one port (needs --store redis://...; default 1)',
    apply: (v, o, src) => (o.instances = int(src, v, 1, 64)),
  },
  {
    flag: 'tls',
    env: 'SVC_EMULATOR_TLS',
    kind: 'boolean',
    help: 'serve https and wss with a CA and certificate made at start; the CA file is named at start',
    apply: (v, o, src) => (o.tls = bool(src, v)),
  },
  {
    flag: 'tls-cert',
    env: 'SVC_EMULATOR_TLS_CERT',
    kind: 'string',
    help: 'serve https and wss with this PEM certificate (chain) file; needs --tls-key',
    apply: (v, o, src) => (o.tlsCert = nonEmpty(src, v)),
  },
  {
    flag: 'tls-key',
    env: 'SVC_EMULATOR_TLS_KEY',
    kind: 'string',
    help: 'the PEM private key file of --tls-cert',
    apply: (v, o, src) => (o.tlsKey = nonEmpty(src, v)),
  },
];

export type CliParse =
  { help: true } | { version: true } | { help?: false; version?: false; options: EmulatorOptions };

export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliParse {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(argv),
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
    // A flag wins over its variable, so a bad variable under a good flag is not an error.
    const fromFlag = (parsed.values as Record<string, string | boolean | undefined>)[spec.flag];
    const fromEnv = env[spec.env];
    if (fromFlag !== undefined) spec.apply(String(fromFlag), options, `--${spec.flag}`);
    else if (fromEnv !== undefined && fromEnv !== '') spec.apply(fromEnv, options, spec.env);
  }
  return { options };
}

/**
 * `--time-scale -1`: parseArgs would read `-1` as an option and fail with a message about ambiguity; joined
 * as `--time-scale=-1`, the option's own rule rejects it with a message that names the rule.
 */
function joinNegativeValues(argv: string[]): string[] {
  const takesValue = new Set(OPTION_SPECS.filter((s) => s.kind === 'string').map((s) => `--${s.flag}`));
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (takesValue.has(argv[i]) && next !== undefined && /^-\d|^-\.\d/.test(next)) {
      out.push(`${argv[i]}=${next}`);
      i++;
    } else {
      out.push(argv[i]);
    }
  }
  return out;
}

export function helpText(): string {
  const rows = OPTION_SPECS.map(
    (s) => `  --${s.flag.padEnd(16)} ${s.help}\n  ${' '.repeat(18)} env: ${s.env}`,
  );
  return [
    'svc-emulator — local emulator of the Speech and Document-Search Gateway API',
    '',
    'Usage: svc-emulator [options]',
    '       svc-emulator drift --recordings DIR [options]   (see svc-emulator drift --help, docs/proxy.md)',
    '       svc-emulator state save|load FILE --admin-url URL   (see svc-emulator state --help, docs/state.md)',
    '',
    'Options:',
    ...rows,
    '  --help, -h         show this help',
    '  --version          print the version',
    '',
    'The base URL is http://HOST:PORT/v1 (https with --tls); the admin API is under /_emulator.',
  ].join('\n');
}
