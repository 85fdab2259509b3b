/**
 * Builds a sandbox's organization from its record: the organization, its two keys, credits, test quotas, RAG
 * tenant and webhook endpoint, always with the same ids, and keys and secret drawn from the record's seed. A
 * create and every reset run this on an organization with no state, so they leave exactly the same state.
 */
import { Random } from '../core/random.js';
import type { AdminInvoker } from '../admin/invoke.js';
import type { Metering } from '../metering/index.js';
import type { QuotaProduct } from '../metering/quotas.js';
import type { OrgStore } from '../orgs/store.js';
import type { WebhookEngine } from '../webhooks/index.js';
import { newWebhookSecret } from '../webhooks/signature.js';
import type { SandboxRecord } from './sandbox-state.js';

export interface MaterializeDeps {
  orgs: Pick<OrgStore, 'createOrg' | 'createKey'>;
  metering: Pick<Metering, 'setGrant' | 'setBalance' | 'setTestQuota'>;
  webhooks: { endpoints: Pick<WebhookEngine['endpoints'], 'create'> };
  /** The RAG tenant's state is set through its admin operation (`PUT /orgs/{id}/rag`), as a test would. */
  invoke: AdminInvoker;
}

/** What exists only at the moment it is made: the full keys and the signing secret. */
export interface Secrets {
  keys: { live: string; test: string };
  webhookSecret: string | null;
}

export async function materialize(deps: MaterializeDeps, record: SandboxRecord): Promise<Secrets> {
  const o = record.options;
  const orgId = record.org_id;
  const random = new Random(record.seed);
  deps.orgs.createOrg({ id: orgId, name: o.name, ragEntitled: o.rag_entitled });
  const key = (environment: 'live' | 'test') =>
    deps.orgs.createKey(orgId, {
      environment,
      scopes: o.scopes,
      name: `sandbox ${environment} key`,
      id: record.key_ids[environment],
      random,
    }).secret;
  const keys = { live: key('live'), test: key('test') };
  if (o.credits !== null) {
    deps.metering.setGrant(orgId, o.credits);
    deps.metering.setBalance(orgId, o.credits);
  }
  for (const [product, quota] of Object.entries(o.test_quotas)) {
    deps.metering.setTestQuota(orgId, product as QuotaProduct, quota);
  }
  if (o.rag !== null) {
    await deps.invoke({ method: 'PUT', path: `/orgs/${orgId}/rag`, body: { state: o.rag.state } });
  }
  let webhookSecret: string | null = null;
  if (o.webhook && record.webhook_endpoint_id) {
    webhookSecret = newWebhookSecret(random);
    deps.webhooks.endpoints.create(orgId, {
      url: o.webhook.url,
      events: o.webhook.events,
      id: record.webhook_endpoint_id,
      secret: webhookSecret,
    });
  }
  return { keys, webhookSecret };
}
