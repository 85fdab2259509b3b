/**
 * The authentication stage (spec, Authentication): only `Authorization: Bearer <API_KEY>` is read —
 * never a cookie, never a query parameter. The checksum is verified before any lookup.
 */
import type { IncomingMessage } from 'node:http';
import { PARSE_FAILURE_DETAIL, parseApiKey } from '../core/api-keys.js';
import { ApiError } from '../core/errors.js';
import { andThen } from '../core/maybe.js';
import type { KeyLookup, OrgStore, Scope } from '../orgs/store.js';
import { principalFor, type Principal } from './principal.js';

const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="svc-emulator"' };
const QUERY_KEY_NAMES = ['api_key', 'apikey', 'key', 'token', 'access_token', 'authorization'];

function unauthorized(
  code: 'missing_api_key' | 'malformed_api_key' | 'invalid_api_key' | 'api_key_revoked',
  detail: string,
) {
  return new ApiError(code, detail, WWW_AUTHENTICATE);
}

/** Names a credential passed in the query string, which is never accepted. */
export function credentialInQuery(url: string | undefined): string | undefined {
  const query = new URL(url ?? '/', 'http://x').searchParams;
  return QUERY_KEY_NAMES.find((name) => query.has(name));
}

/**
 * Synchronous from what this instance knows; a promise only when organizations are shared and this instance
 * has not seen the key yet (created on another instance a moment ago), which is then looked up in the store.
 */
export function authenticateApiKey(req: IncomingMessage, orgs: OrgStore): Principal | Promise<Principal> {
  const header = req.headers.authorization;
  if (!header) {
    const inQuery = credentialInQuery(req.url);
    throw unauthorized(
      'missing_api_key',
      inQuery
        ? `credentials are accepted only in the Authorization header, never in the query string (found '${inQuery}')`
        : 'send the API key as Authorization: Bearer <API_KEY>',
    );
  }
  const match = /^(\S+)\s+(\S+)\s*$/.exec(header);
  if (!match || match[1].toLowerCase() !== 'bearer') {
    // Name the scheme only when there is one: a bare header value is the credential itself.
    const scheme =
      match && /^[A-Za-z][A-Za-z0-9-]{0,19}$/.test(match[1]) ? ` (got the scheme '${match[1]}')` : '';
    throw unauthorized('missing_api_key', `Authorization must be 'Bearer <API_KEY>'${scheme}`);
  }
  const secret = match[2];
  const parsed = parseApiKey(secret);
  if (!parsed.ok) throw unauthorized('malformed_api_key', PARSE_FAILURE_DETAIL[parsed.reason]);
  return andThen(orgs.lookup(secret), (found) => principalOf(found, parsed.display));
}

function principalOf(found: KeyLookup, display: string): Principal {
  if (!found.ok) {
    if (found.reason === 'revoked')
      throw unauthorized('api_key_revoked', `the API key ${display} has been revoked`);
    throw unauthorized('invalid_api_key', `no active API key ${display} exists`);
  }
  return principalFor(found.org, found.key, 'api_key');
}

export function assertScopes(principal: Principal, required: readonly string[], what: string): void {
  const missing = required.filter((s) => !principal.scopes.includes(s as Scope));
  if (missing.length > 0) {
    throw new ApiError(
      'insufficient_scope',
      `${what} needs the scope ${missing.join(', ')}; this ${principal.via === 'ws_token' ? 'ws-token' : 'key'} has ${principal.scopes.join(', ') || 'no scopes'}`,
    );
  }
}
