// A strict consumer of the optional `svc-emulator/testcontainers` entry, with `testcontainers` installed:
// compiled without skipLibCheck by test/package/consumer.test.ts. Every public name of docs/docker.md is touched.
import type { AdminClient } from 'svc-emulator';
import {
  DEFAULT_SVC_EMULATOR_IMAGE,
  SVC_EMULATOR_PORT,
  SvcEmulatorContainer,
  type StartedSvcEmulatorContainer,
  type SvcEmulatorConfig,
  type SvcEmulatorDemoKeys,
  type SvcEmulatorScenario,
} from 'svc-emulator/testcontainers';

const config: SvcEmulatorConfig = { demo: { credits: 500 } };
const scenario: SvcEmulatorScenario = { name: 'none', description: 'Nothing.', steps: [] };

export async function start(): Promise<{
  keys: SvcEmulatorDemoKeys;
  admin: AdminClient;
  stop: () => Promise<unknown>;
}> {
  const started: StartedSvcEmulatorContainer = await new SvcEmulatorContainer(DEFAULT_SVC_EMULATOR_IMAGE)
    .withSeed('ci')
    .withAdminToken('change-me-long-token')
    .withConfig(config)
    .withScenario(scenario)
    .withScenario('upstream-outage')
    .withConfig('./config.json')
    .start();
  const urls: string[] = [
    started.getBaseUrl(),
    started.getAdminUrl(),
    String(started.getPort() + SVC_EMULATOR_PORT),
  ];
  void urls;
  return { keys: await started.getDemoKeys(), admin: started.getAdminClient(), stop: () => started.stop() };
}
