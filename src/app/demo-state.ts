/**
 * The demo organization the emulator boots with: its two keys and the `--webhook-url` endpoint, made again
 * with the same ids at each reset.
 */
import type { EmulatorConfig } from './config.js';
import { IdFactory, Random } from '../core/random.js';
import { ALL_SCOPES, type OrgStore } from '../orgs/store.js';
import type { StateStore } from '../store/index.js';
import { checkEndpointUrl } from '../webhooks/endpoint-url.js';
import { REGISTRABLE_EVENTS, type WebhookEngine } from '../webhooks/index.js';

export const DEMO_ORG_ID = 'org_demo';

export interface DemoState {
  orgId: string;
  keys: { live: string; test: string };
  keyIds: { live: string; test: string };
  /** The endpoint registered by `--webhook-url`, with its signing secret. */
  webhookEndpoint?: { id: string; secret: string };
  /** Set after a load whose state has no usable demo organization or keys: why (demo-after-load.ts). */
  absent?: string;
}

export interface DemoStateDeps {
  orgs: Pick<OrgStore, 'getOrg' | 'createOrg' | 'createKey'>;
  webhooks: { endpoints: Pick<WebhookEngine['endpoints'], 'create'> };
  config: Pick<EmulatorConfig, 'seed' | 'webhookUrl'>;
  store: Pick<StateStore, 'shared'>;
}

/**
 * Creates the demo organization (unless it is there) and its two keys, and registers the `--webhook-url`
 * endpoint. `previous` is the demo state before a reset, whose ids are used again.
 */
export function createDemoState(deps: DemoStateDeps, previous: DemoState | undefined): DemoState {
  // The demo keys and the --webhook-url endpoint keep their ids across resets (the seeded randomness starts
  // over, so their secrets are the same too); every other id keeps counting (IdFactory).
  // With a shared store every instance derives the demo keys from the seed alone, so all agree on them.
  const demoSource = deps.store.shared
    ? { random: new Random(deps.config.seed), ids: new IdFactory(deps.config.seed) }
    : undefined;
  const org =
    deps.orgs.getOrg(DEMO_ORG_ID) ??
    deps.orgs.createOrg({ id: DEMO_ORG_ID, name: 'Demo Organization', ragEntitled: true });
  const demoKey = (environment: 'live' | 'test', id: string | undefined) =>
    deps.orgs.createKey(org.id, {
      environment,
      scopes: ALL_SCOPES,
      name: `demo ${environment} key`,
      id: id ?? demoSource?.ids.next('key', 16),
      random: demoSource?.random,
    });
  const live = demoKey('live', previous?.keyIds.live);
  const test = demoKey('test', previous?.keyIds.test);
  const demo: DemoState = {
    orgId: org.id,
    keys: { live: live.secret, test: test.secret },
    keyIds: { live: live.record.id, test: test.record.id },
  };
  if (deps.config.webhookUrl) {
    const url = checkEndpointUrl(deps.config.webhookUrl, '--webhook-url');
    const endpoint = deps.webhooks.endpoints.create(org.id, {
      url,
      events: [...REGISTRABLE_EVENTS],
      id: previous?.webhookEndpoint?.id,
    });
    demo.webhookEndpoint = { id: endpoint.id, secret: endpoint.secret };
  }
  return demo;
}
