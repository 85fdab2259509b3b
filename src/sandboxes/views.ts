/** A sandbox as the admin API shows it (openapi/admin.yaml `Sandbox`, `SandboxCreated`). */
import { clockView } from '../clock/admin.js';
import type { OrgClocks } from '../core/clocks.js';
import type { OrgStore } from '../orgs/store.js';
import type { Secrets } from './materialize.js';
import type { SandboxRecord } from './sandbox-state.js';

export interface ViewDeps {
  orgs: Pick<OrgStore, 'getKey'>;
  clocks: Pick<OrgClocks, 'own'>;
  /** The emulator's URLs once it listens (null in-process, before `listen()`). */
  urls: () => { baseUrl: string; adminUrl: string } | undefined;
}

/** Full keys and the webhook secret only with `secrets`: the create answer. */
export function sandboxView(deps: ViewDeps, record: SandboxRecord, secrets?: Secrets) {
  const urls = deps.urls();
  const key = (environment: 'live' | 'test') => {
    const id = record.key_ids[environment];
    return {
      id,
      ...(secrets ? { key: secrets.keys[environment] } : {}),
      display: deps.orgs.getKey(id)?.display ?? null,
    };
  };
  const webhook = record.options.webhook;
  const own = deps.clocks.own(record.org_id);
  return {
    id: record.id,
    org_id: record.org_id,
    name: record.options.name,
    created_at: record.created_at,
    scope: record.id,
    base_url: urls?.baseUrl ?? null,
    admin_url: urls?.adminUrl ?? null,
    keys: { live: key('live'), test: key('test') },
    webhook_endpoint:
      webhook && record.webhook_endpoint_id
        ? {
            id: record.webhook_endpoint_id,
            url: webhook.url,
            ...(secrets?.webhookSecret ? { secret: secrets.webhookSecret } : {}),
          }
        : null,
    clock: record.clock && own ? clockView(own) : null,
    options: record.options,
  };
}
