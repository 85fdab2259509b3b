/**
 * The authentication stage (spec, Authentication): only `Authorization: Bearer <API_KEY>` is read —
 * never a cookie, never a query parameter. The checksum is verified before any lookup.
 */
import type { IncomingMessage } from 'node:http';
import { type OrgStore } from '../orgs/store.js';
import { type Principal } from './principal.js';
/** Names a credential passed in the query string, which is never accepted. */
export declare function credentialInQuery(url: string | undefined): string | undefined;
/**
 * Synchronous from the local structures; a promise only when organizations are shared and this instance has
 * not seen the key yet (created on another instance a moment ago), which is then looked up in the store.
 */
export declare function authenticateApiKey(req: IncomingMessage, orgs: OrgStore): Principal | Promise<Principal>;
export declare function assertScopes(principal: Principal, required: readonly string[], what: string): void;
