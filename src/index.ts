export { startEmulator, createApp, type RunningEmulator } from './app/library.js';
export {
  connectSandboxes,
  type Sandbox,
  type SandboxOptions,
  type SandboxClock,
  type SandboxFaults,
  type SandboxSource,
  type ConnectOptions,
  type SandboxRequestFilter,
  type SandboxDeliveryFilter,
  type SandboxReportFilter,
  type ClientReport,
} from './app/sandbox.js';
export {
  createAdminClient,
  AdminClient,
  AdminApiError,
  AdminWaitTimeoutError,
  type AdminClientOptions,
  type AdminSchemas,
  type AdminProblem,
  type WaitOptions,
  type RequestFilter,
  type DeliveryFilter,
  type UsageFilter,
  type FaultRuleInput,
  type SandboxCreate,
  type SandboxView,
} from './client/admin-client.js';
export type {
  paths as AdminPaths,
  components as AdminComponents,
  operations as AdminOperations,
} from './client/admin-api.js';
export { createEmulator, Emulator, DEMO_ORG_ID, type DemoState } from './app/emulator.js';
export { type EmulatorOptions, type EmulatorConfig, DEFAULT_CONFIG } from './app/config.js';
export {
  generateApiKey,
  parseApiKey,
  displayKey,
  checksumTail,
  type Environment,
  type ParsedApiKey,
} from './core/api-keys.js';
export { Clock, type ClockMode, type ClockState } from './core/clock.js';
export { Random } from './core/random.js';
export { SUPPORTED_NODE_LINES, UnsupportedNodeError, VERSION } from './core/runtime.js';
export { ALL_SCOPES, type Scope } from './orgs/store.js';
export { type Problem } from './http/problem.js';
export { errorCatalog } from './app/errors.js';
export type { ErrorCode } from './core/errors.js';
export {
  verifyWebhookSignature,
  signPayload,
  SIGNATURE_HEADER,
  DEFAULT_TOLERANCE_SECONDS,
  type VerifyWebhookOptions,
} from './webhooks/signature.js';
export { type EmulatorHealth, type DemoKeys } from './app/readiness.js';
export { type DriftReport, type DriftOptions, type DriftCase } from './proxy/drift.js';
export { runDrift } from './app/run-drift.js';
