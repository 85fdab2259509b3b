/**
 * Emulator options: defaults < config file < SVC_EMULATOR_* environment variables < CLI flags.
 * The config file is JSON and validated against the `EmulatorConfig` schema of openapi/admin.yaml.
 */
import { readFileSync } from 'node:fs';
import { assertValid, compileSchema, createValidators } from './contract/compile.js';
import { ADMIN_DOC_ID, GATEWAY_DOC_ID, loadDocuments } from './contract/documents.js';
import { depthMessage, jsonDepthOverflow } from './http/json-limits.js';
import { DEFAULT_DOCUMENT_LIMITS } from './rag/engine/limits.js';
import { DEFAULT_POOL_OPTIONS } from './workers/pool.js';
import { DEFAULT_AUDIO_LIMITS } from './audio/errors.js';
import { DEFAULT_MP3_ENCODER } from './audio/encoders.js';
import { DEFAULT_TTS_CACHE_MB } from './tts/clip-cache.js';
export const DEFAULT_CONFIG = {
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
    extra: {},
};
export class ConfigError extends Error {
    name = 'ConfigError';
}
export function readConfigFile(path) {
    let text;
    try {
        text = readFileSync(path, 'utf8');
    }
    catch (err) {
        throw new ConfigError(`cannot read config file ${path}: ${err.message}`);
    }
    const deep = jsonDepthOverflow(text);
    if (deep >= 0)
        throw new ConfigError(`config file ${path}: ${depthMessage('the config', deep)}`);
    let data;
    try {
        data = JSON.parse(text);
    }
    catch (err) {
        throw new ConfigError(`config file ${path} is not valid JSON: ${err.message}`);
    }
    const docs = loadDocuments();
    const validators = createValidators({ [GATEWAY_DOC_ID]: docs.gateway, [ADMIN_DOC_ID]: docs.admin });
    try {
        assertValid(compileSchema(validators, ADMIN_DOC_ID, 'EmulatorConfig'), data, 'config');
    }
    catch (err) {
        throw new ConfigError(`config file ${path}: ${err.message}`);
    }
    return data;
}
/** Merges options over the defaults (and over the config file named by `options.config`). */
export function resolveConfig(options = {}) {
    const fromFile = options.config ? readConfigFile(options.config) : {};
    const merged = { ...DEFAULT_CONFIG, ...stripUndefined(fromFile), ...stripUndefined(options) };
    merged.demo = { ...DEFAULT_CONFIG.demo, ...fromFile.demo, ...options.demo };
    merged.stt = { ...DEFAULT_CONFIG.stt, ...fromFile.stt, ...options.stt };
    merged.rag = { ...DEFAULT_CONFIG.rag, ...fromFile.rag, ...options.rag };
    merged.extra = { ...DEFAULT_CONFIG.extra, ...fromFile.extra, ...options.extra };
    if (merged.timeScale !== 1 && options.clockMode === undefined && fromFile.clockMode === undefined)
        merged.clockMode = 'scaled';
    delete merged.config;
    return merged;
}
function stripUndefined(o) {
    return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
