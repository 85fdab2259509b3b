export { startEmulator, createApp, type RunningEmulator } from './library.js';
export { createEmulator, Emulator, DEMO_ORG_ID, type DemoState } from './emulator.js';
export { type EmulatorOptions, type EmulatorConfig, DEFAULT_CONFIG } from './config.js';
export { generateApiKey, parseApiKey, displayKey, checksumTail, type Environment, type ParsedApiKey } from './core/api-keys.js';
export { Clock, type ClockMode, type ClockState } from './core/clock.js';
export { Random } from './core/random.js';
export { ALL_SCOPES, type Scope } from './orgs/store.js';
export { type Problem } from './http/problem.js';
export { errorCatalog, type ErrorCode } from './http/errors.js';
