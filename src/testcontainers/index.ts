// `svc-emulator/testcontainers`: kept out of the main entry so that only its users need `testcontainers`.
export {
  SvcEmulatorContainer,
  StartedSvcEmulatorContainer,
  SVC_EMULATOR_PORT,
  DEFAULT_SVC_EMULATOR_IMAGE,
  SVC_EMULATOR_STOP_TIMEOUT_MS,
  type SvcEmulatorConfig,
  type SvcEmulatorScenario,
  type SvcEmulatorDemoKeys,
} from './svc-emulator-container.js';
