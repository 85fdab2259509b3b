// A strict TypeScript consumer of the packed package: compiled without skipLibCheck under node16 and bundler
// resolution by test/package/consumer.test.ts. Every public name a README example uses is touched here.
import {
  AdminApiError,
  Clock,
  DEFAULT_TOLERANCE_SECONDS,
  SIGNATURE_HEADER,
  createApp,
  createEmulator,
  errorCatalog,
  parseApiKey,
  startEmulator,
  verifyWebhookSignature,
  type DemoKeys,
  type EmulatorHealth,
  type EmulatorOptions,
  type RunningEmulator,
  type VerifyWebhookOptions,
} from 'svc-emulator';
import { connectSandboxes, useSandbox, type Sandbox } from 'svc-emulator/testing';
import * as nodeTest from 'node:test';

export async function useEverything(): Promise<void> {
  const options: EmulatorOptions = { port: 0, seed: 'consumer', demoCorpus: false, logLevel: 'silent' };
  const emu: RunningEmulator = await startEmulator(options);
  const health = (await (await fetch(`${emu.adminUrl}/health`)).json()) as EmulatorHealth;
  const demo = (await (await fetch(`${emu.adminUrl}/demo`)).json()) as DemoKeys;
  const rule = await emu.admin.faults.add({ kind: 'error', status: 502, code: 'upstream_error', times: 1 });
  const verify: VerifyWebhookOptions = { toleranceSeconds: DEFAULT_TOLERANCE_SECONDS };
  const ok: boolean = verifyWebhookSignature('{}', 't=1,v1=00', 'whsec_x', verify);
  const parsed = parseApiKey(demo.keys.live);
  console.log(
    health.ready,
    rule.id,
    ok,
    parsed.ok,
    SIGNATURE_HEADER,
    errorCatalog.not_found.status,
    emu.emulator.demo.orgId,
  );
  await emu.close();
  const app = await createApp({ demoCorpus: false });
  app.emulator.clock.state();
  // An area's part, typed through the declarations the library's types load (src/app/area-parts.ts).
  const orgName: string | undefined = app.emulator.part('orgs').getOrg(app.emulator.demo.orgId)?.name;
  const entries: number = (await app.emulator.part('metering').entries({ orgId: app.emulator.demo.orgId }))
    .length;
  console.log(orgName, entries);
  const frozen = await createEmulator({ demoCorpus: false }, { clock: new Clock({ mode: 'frozen' }) });
  await frozen.clock.advance(1000);
  await frozen.close();
  if (!(new Error() instanceof AdminApiError)) return;
}

/** The test hooks' subpath: a handle per file from a runner's hooks, and the same handle from an admin URL. */
export async function useSandboxes(emu: RunningEmulator): Promise<string> {
  const perFile: Sandbox = useSandbox(nodeTest, { emulator: () => emu, credits: 10, each: 'file' });
  const perTest = useSandbox(
    { beforeEach: nodeTest.beforeEach, afterEach: nodeTest.afterEach },
    { each: 'test' },
  );
  const remote: Sandbox = await connectSandboxes(emu.adminUrl).sandbox({ clock: { mode: 'frozen' } });
  const own: Sandbox = await emu.sandbox();
  const now = (await remote.clock.get()).now;
  await Promise.all([remote.close(), own.close()]);
  return `${perFile.scope} ${perTest.id} ${now}`;
}
