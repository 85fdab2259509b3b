/**
 * A Testcontainers module for the svc-emulator image (`svc-emulator/testcontainers`), in the style of
 * `@testcontainers/redis`: options become the image's `SVC_EMULATOR_*` variables (or files copied in), and
 * the started container gives the URLs on the mapped port, the demo keys and a ready admin client.
 * Any other CLI option: `withEnvironment({ SVC_EMULATOR_…: … })` (docs/cli.md lists them).
 */
import {
  AbstractStartedContainer,
  GenericContainer,
  type StartedTestContainer,
  type StopOptions,
  type StoppedTestContainer,
} from 'testcontainers';
import { AdminClient, type AdminSchemas } from '../client/admin-client.js';
import { ReadyWaitStrategy } from './ready-wait-strategy.js';

/** The port the image listens on (`SVC_EMULATOR_PORT` in the Dockerfile). */
export const SVC_EMULATOR_PORT = 4747;
/**
 * The tag docs/docker.md builds (`docker build -t svc-emulator .`); no registry publishes the image yet, so
 * pass your own name when it lives elsewhere.
 */
export const DEFAULT_SVC_EMULATOR_IMAGE = 'svc-emulator:latest';
/**
 * How long `stop()` lets the emulator shut down after SIGTERM before the engine kills it (ms). It takes well
 * under a second: it closes its connections (and writes `--persist` state) and exits 0.
 */
export const SVC_EMULATOR_STOP_TIMEOUT_MS = 10_000;

// Copied in rather than mounted, so the module works with a remote engine too. /tmp: writable in any base.
const CONFIG_TARGET = '/tmp/svc-emulator/config.json';
const SCENARIO_TARGET = '/tmp/svc-emulator/scenario.json';
const READABLE = 0o644; // the image runs as the unprivileged `node` user

export type SvcEmulatorConfig = AdminSchemas['EmulatorConfig'];
export type SvcEmulatorScenario = AdminSchemas['Scenario'];
export type SvcEmulatorDemoKeys = AdminSchemas['DemoKeys'];

export class SvcEmulatorContainer extends GenericContainer {
  private adminToken: string | undefined;

  constructor(image: string = DEFAULT_SVC_EMULATOR_IMAGE) {
    super(image);
    this.withExposedPorts(SVC_EMULATOR_PORT)
      // Ready, not only listening: 503 until the demo corpus is indexed; an exit fails at once.
      .withWaitStrategy(new ReadyWaitStrategy(SVC_EMULATOR_PORT, '/_emulator/health?ready=1'))
      .withStartupTimeout(60_000);
  }

  /** `--seed`: the demo keys, ids and generated content follow from it (same seed, same keys). */
  withSeed(seed: string): this {
    return this.withEnvironment({ SVC_EMULATOR_SEED: seed });
  }

  /**
   * `--config`: a config object (schema `EmulatorConfig`), or the path of a JSON config file on this host.
   * The image's variables win over the file, so its `host` and `port` keep the container reachable.
   */
  withConfig(config: SvcEmulatorConfig | string): this {
    if (typeof config === 'string') {
      this.withCopyFilesToContainer([{ source: config, target: CONFIG_TARGET, mode: READABLE }]);
    } else {
      this.withCopyContentToContainer([
        { content: JSON.stringify(config), target: CONFIG_TARGET, mode: READABLE },
      ]);
    }
    return this.withEnvironment({ SVC_EMULATOR_CONFIG: CONFIG_TARGET });
  }

  /**
   * `--scenario`, applied at start and after every reset: a built-in name (`upstream-outage`…), a scenario
   * object, or the path of a scenario file on this host (a string ending in `.json` or containing `/`, the
   * CLI's own rule for telling a file from a name).
   */
  withScenario(scenario: string | SvcEmulatorScenario): this {
    if (typeof scenario === 'string' && !scenario.endsWith('.json') && !scenario.includes('/')) {
      return this.withEnvironment({ SVC_EMULATOR_SCENARIO: scenario });
    }
    if (typeof scenario === 'string') {
      this.withCopyFilesToContainer([{ source: scenario, target: SCENARIO_TARGET, mode: READABLE }]);
    } else {
      this.withCopyContentToContainer([
        { content: JSON.stringify(scenario), target: SCENARIO_TARGET, mode: READABLE },
      ]);
    }
    return this.withEnvironment({ SVC_EMULATOR_SCENARIO: SCENARIO_TARGET });
  }

  /** `--admin-token`: the admin API wants `X-Admin-Token`; the started container's admin client sends it. */
  withAdminToken(token: string): this {
    this.adminToken = token;
    return this.withEnvironment({ SVC_EMULATOR_ADMIN_TOKEN: token });
  }

  override async start(): Promise<StartedSvcEmulatorContainer> {
    return new StartedSvcEmulatorContainer(await super.start(), this.adminToken);
  }
}

export class StartedSvcEmulatorContainer extends AbstractStartedContainer {
  private adminClient: AdminClient | undefined;

  constructor(
    started: StartedTestContainer,
    private readonly adminToken: string | undefined,
  ) {
    super(started);
  }

  /**
   * Stops the emulator gracefully, then removes the container: SIGTERM, so the emulator closes its connections
   * (a client's pooled keep-alive connection gets its FIN while the container's network still exists) and
   * writes its `--persist` state; killed after `timeout` ms (SVC_EMULATOR_STOP_TIMEOUT_MS). `{ timeout: 0 }`
   * kills it at once, as a GenericContainer does by default. A SIGKILL leaves the emulator's open connections
   * to the kernel, whose FIN can be lost while the engine tears the network down: the next request on such a
   * pooled connection then waits for an answer that never comes.
   */
  override stop(options: Partial<StopOptions> = {}): Promise<StoppedTestContainer> {
    return super.stop({ timeout: SVC_EMULATOR_STOP_TIMEOUT_MS, ...options });
  }

  /** The host port mapped to the emulator's. */
  getPort(): number {
    return this.getMappedPort(SVC_EMULATOR_PORT);
  }

  /** `http://HOST:PORT/v1`, as this host reaches the container. */
  getBaseUrl(): string {
    return `${this.origin()}/v1`;
  }

  /** `http://HOST:PORT/_emulator`. */
  getAdminUrl(): string {
    return `${this.origin()}/_emulator`;
  }

  getAdminToken(): string | undefined {
    return this.adminToken;
  }

  /** The typed admin client (src/client/admin-client.ts) on this container, with its admin token. */
  getAdminClient(): AdminClient {
    this.adminClient ??= new AdminClient({ adminUrl: this.getAdminUrl(), adminToken: this.adminToken });
    return this.adminClient;
  }

  /**
   * `GET /_emulator/demo`: the demo organization and its full keys, with the URLs as this host reaches
   * them (the emulator inside knows only its own address in the container).
   */
  async getDemoKeys(): Promise<SvcEmulatorDemoKeys> {
    const demo = await this.getAdminClient().demo();
    return { ...demo, base_url: this.getBaseUrl(), admin_url: this.getAdminUrl() };
  }

  private origin(): string {
    const host = this.getHost();
    return `http://${host.includes(':') ? `[${host}]` : host}:${this.getPort()}`;
  }
}
