import type { Environment } from '../core/api-keys.js';
import type { ApiKeyRecord, Organization, Scope } from '../orgs/store.js';

/** Who is calling: resolved by the auth stage from an API key or a ws-token. */
export interface Principal {
  org: Organization;
  key: ApiKeyRecord;
  orgId: string;
  keyId: string;
  keyDisplay: string;
  environment: Environment;
  livemode: boolean;
  scopes: Scope[];
  via: 'api_key' | 'ws_token';
}

export function principalFor(
  org: Organization,
  key: ApiKeyRecord,
  via: Principal['via'],
  scopes?: Scope[],
): Principal {
  return {
    org,
    key,
    orgId: org.id,
    keyId: key.id,
    keyDisplay: key.display,
    environment: key.environment,
    livemode: key.environment === 'live',
    scopes: scopes ?? key.scopes,
    via,
  };
}
