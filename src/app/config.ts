/**
 * Emulator options: defaults < config file < SVC_EMULATOR_* environment variables < CLI flags.
 * The config file is JSON and validated against the `EmulatorConfig` schema of openapi/admin.yaml.
 */
import { ConfigError } from '../core/config-error.js';
import { readFileSync } from 'node:fs';
import { assertValid, compileSchema, createValidators } from '../contract/compile.js';
import { ADMIN_DOC_ID, GATEWAY_DOC_ID, loadDocuments } from '../contract/documents.js';
import type { ClockMode } from '../core/clock.js';
import { depthMessage, jsonDepthOverflow } from '../http/json-limits.js';
import type { PriceOverrides, RateLimitRule } from '../metering/index.js';
import type { QuotaProduct } from '../metering/quotas.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../rag/engine/limits.js';
import { DEFAULT_POOL_OPTIONS } from '../workers/pool.js';
import { DEFAULT_AUDIO_LIMITS } from '../audio/errors.js';
import { DEFAULT_MP3_ENCODER, type Mp3EncoderKind } from '../audio/encoders.js';
import { DEFAULT_TTS_CACHE_MB } from '../tts/clip-cache.js';

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';
export type LogFormat = 'text' | 'json';

export interface EmulatorConfig {
  port: number;
  host: string;
  seed: string;
  adminToken: string | null;
  logLevel: LogLevel;
  /** Request log lines as text for people or JSON lines for log processors (docs/observability.md). */
  logFormat: LogFormat;
  /** Real seconds per clock second in `scaled` mode (`--time-scale 0.01` makes 30 s take 0.3 s). */
  timeScale: number;
  clockMode: ClockMode;
  /** Clock start, ISO date-time; defaults to the wall clock at start. */
  clockStart: string | null;
  journalLimit: number;
  /** Worker threads for heavy work (extraction, decoding, encoding); 0 runs it in-process. Default: cores. */
  workers: number;
  /** Heap ceiling of each worker thread, MiB. */
  workerMemoryMb: number;
  /** Wall-time budget of one heavy task, ms. */
  taskTimeoutMs: number;
  /** The journal's bound in MiB of entry JSON, besides `journalLimit` entries. */
  journalMaxMb: number;
  /** MP3 encoder of TTS: `wasm` (LAME in WebAssembly, default) or `lamejs`. */
  mp3Encoder: Mp3EncoderKind;
  /** Budget of the TTS clip cache in MiB; 0 turns it off (decisions "TTS clip cache"). */
  ttsCacheMb: number;
  webhookUrl: string | null;
  /** Webhook signature `t=`: wall-clock time of the attempt (default) or emulator clock time. */
  signatureTime: 'wall' | 'clock';
  /** Fault rules (FaultRuleInput of openapi/admin.yaml) added at boot and after every reset. */
  faults: Record<string, unknown>[];
  /** A scenario applied after boot (and after every reset): a name, or the path of a scenario file. */
  scenario: string | null;
  /** A directory of the user's scenario files, added to fixtures/scenarios. */
  scenariosDir: string | null;
  /** A directory of documents that replaces fixtures/rag as the demo corpus. */
  corpus: string | null;
  /** `false` (`--no-demo-corpus`): the demo organization starts with no documents. */
  demoCorpus: boolean;
  /** Where the CLI writes the demo org id and keys at start (dotenv when it ends in `.env`). */
  keysFile: string | null;
  /** The CLI prints its readiness line only once all boot work is done. */
  waitReady: boolean;
  /** `--fault-header`: a /v1 request's `X-Emulator-Fault` header (or `_emulator_fault` query on a WebSocket) applies a fault to it. Off: ignored. */
  faultHeader: boolean;
  demo: { credits: number };
  /** Price overrides in credits (see README, "Metering"). */
  prices?: PriceOverrides;
  testQuotas?: Partial<Record<QuotaProduct, number>>;
  rateLimits?: Partial<Record<'live' | 'test', RateLimitRule>>;
  stt: {
    syncMaxSeconds: number;
    maxUploadBytes: number;
    /** Seconds of realtime audio between metering checkpoints. */
    realtimeCheckpointSeconds: number;
    /** Clock seconds a realtime stream may stay silent (no audio, no keepalive) before it is closed. */
    realtimeIdleSeconds: number;
    /** Content limit: decoded audio seconds of one upload (past it: 422 audio_too_complex). */
    maxAudioSeconds: number;
    /** Content limit: MPEG audio frames of one MP3 upload (past it: 422 audio_too_complex). */
    maxFrames: number;
    /** Time budget of an upload's decoding: the pool's taskTimeoutMs plus this many ms per audio second. */
    msPerAudioSecond: number;
  };
  /** RAG area: upload limit, tenant lifecycle durations (seconds of clock time), indexing speed, content limits of extraction. */
  rag: {
    maxUploadBytes: number;
    notProvisionedSeconds: number;
    provisioningSeconds: number;
    idleAfterSeconds: number;
    resumeSeconds: number;
    indexBaseSeconds: number;
    indexBytesPerSecond: number;
  } & DocumentLimits;
  /** Proxy mode (docs/proxy.md): the upstream gateway's base URL, ending in /v1. */
  proxyTo: string | null;
  /** Wall milliseconds to wait for the upstream's answer before 504 `upstream_timeout`. */
  proxyTimeoutMs: number;
  /** Write every proxied exchange to this folder. */
  record: string | null;
  /** Answer requests that match an exchange recorded in this folder from the recording. */
  replay: string | null;
  /** Where shared state lives: `memory` (default, this process only) or `redis://HOST:PORT/DB` (docs/scaling.md). */
  store: string;
  /** This process's name among instances of a shared store; generated (`i-` and 8 hex) when null. */
  instanceId: string | null;
  /** Processes the CLI starts on one port (node:cluster); more than 1 needs a shared store. */
  instances: number;
  /** `instant` (default), `realistic` or the path of a JSON profile (src/latency/profile.ts). */
  latencyProfile: string;
  /** Serve https and wss with a CA and server certificate made at start (docs/security.md, "TLS"). */
  tls: boolean;
  /** The user's own PEM certificate and private key files (both or neither); they win over `tls`. */
  tlsCert: string | null;
  tlsKey: string | null;
  /** `--state FILE`: a state document loaded at start, before the readiness line (docs/state.md). */
  state: string | null;
  /** `--persist DIR`: DIR/state.json is loaded at start when it exists, and written on shutdown and every `persistInterval` s. */
  persist: string | null;
  /** Wall seconds between the saves of `persist`; 0 saves only on shutdown. */
  persistInterval: number;
  /** Free-form sections owned by product areas (prices, quotas, faults...). */
  extra: Record<string, unknown>;
}

export const DEFAULT_CONFIG: EmulatorConfig = {
  port: 4747,
  host: '127.0.0.1',
  seed: 'svc-emulator',
  adminToken: null,
  logLevel: 'info',
  logFormat: 'text',
  timeScale: 1,
  clockMode: 'real',
  clockStart: null,
  journalLimit: 1000,
  workers: DEFAULT_POOL_OPTIONS.size,
  workerMemoryMb: DEFAULT_POOL_OPTIONS.memoryMb,
  taskTimeoutMs: DEFAULT_POOL_OPTIONS.timeMs,
  journalMaxMb: 64,
  mp3Encoder: DEFAULT_MP3_ENCODER,
  ttsCacheMb: DEFAULT_TTS_CACHE_MB,
  webhookUrl: null,
  signatureTime: 'wall',
  scenario: null,
  scenariosDir: null,
  corpus: null,
  demoCorpus: true,
  keysFile: null,
  waitReady: false,
  faultHeader: false,
  faults: [],
  demo: { credits: 10_000 },
  stt: {
    syncMaxSeconds: 60,
    maxUploadBytes: 25 * 1024 * 1024,
    realtimeCheckpointSeconds: 30,
    realtimeIdleSeconds: 15,
    maxAudioSeconds: DEFAULT_AUDIO_LIMITS.maxSeconds,
    maxFrames: DEFAULT_AUDIO_LIMITS.maxFrames,
    msPerAudioSecond: 20,
  },
  rag: {
    maxUploadBytes: 10 * 1024 * 1024,
    notProvisionedSeconds: 5,
    provisioningSeconds: 20,
    idleAfterSeconds: 900,
    resumeSeconds: 10,
    indexBaseSeconds: 1,
    indexBytesPerSecond: 256 * 1024,
    ...DEFAULT_DOCUMENT_LIMITS,
  },
  proxyTo: null,
  proxyTimeoutMs: 60_000,
  record: null,
  replay: null,
  store: 'memory',
  instanceId: null,
  instances: 1,
  latencyProfile: 'instant',
  tls: false,
  tlsCert: null,
  tlsKey: null,
  state: null,
  persist: null,
  persistInterval: 30,
  extra: {},
};

export type EmulatorOptions = Partial<Omit<EmulatorConfig, 'demo' | 'stt' | 'rag'>> & {
  demo?: Partial<EmulatorConfig['demo']>;
  stt?: Partial<EmulatorConfig['stt']>;
  rag?: Partial<EmulatorConfig['rag']>;
  /** A JSON config file to read first. */
  config?: string;
};

export { ConfigError };

export function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read config file ${path}: ${(err as Error).message}`);
  }
  const deep = jsonDepthOverflow(text);
  if (deep >= 0) throw new ConfigError(`config file ${path}: ${depthMessage('the config', deep)}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`config file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  const docs = loadDocuments();
  const validators = createValidators({ [GATEWAY_DOC_ID]: docs.gateway, [ADMIN_DOC_ID]: docs.admin });
  try {
    assertValid(compileSchema(validators, ADMIN_DOC_ID, 'EmulatorConfig'), data, 'config');
  } catch (err) {
    throw new ConfigError(`config file ${path}: ${(err as Error).message}`);
  }
  return data as Record<string, unknown>;
}

/** Merges options over the defaults (and over the config file named by `options.config`). */
export function resolveConfig(options: EmulatorOptions = {}): EmulatorConfig {
  const fromFile = options.config ? (readConfigFile(options.config) as EmulatorOptions) : {};
  const merged = {
    ...DEFAULT_CONFIG,
    ...stripUndefined(fromFile),
    ...stripUndefined(options),
  } as EmulatorConfig;
  merged.demo = { ...DEFAULT_CONFIG.demo, ...fromFile.demo, ...options.demo };
  merged.stt = { ...DEFAULT_CONFIG.stt, ...fromFile.stt, ...options.stt };
  merged.rag = { ...DEFAULT_CONFIG.rag, ...fromFile.rag, ...options.rag };
  merged.extra = { ...DEFAULT_CONFIG.extra, ...fromFile.extra, ...options.extra };
  if (merged.timeScale !== 1 && options.clockMode === undefined && fromFile.clockMode === undefined)
    merged.clockMode = 'scaled';
  delete (merged as any).config;
  if ((merged.tlsCert === null) !== (merged.tlsKey === null)) {
    throw new ConfigError(
      merged.tlsCert === null
        ? '--tls-key needs --tls-cert (the certificate of that key)'
        : '--tls-cert needs --tls-key (the private key of that certificate)',
    );
  }
  if (merged.instances > 1 && (merged.state || merged.persist)) {
    // Each process would load the file at start and overwrite it at exit; one instance owns a state file.
    throw new ConfigError(
      `--${merged.persist ? 'persist' : 'state'} works with one instance, not --instances ${merged.instances}: with Redis the state lives in Redis (keep it with Redis persistence), and 'svc-emulator state load FILE --admin-url URL' loads a document into all instances at once (docs/state.md)`,
    );
  }
  return merged;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
