/**
 * An organization's live ws-tokens in a state document (issue 25): a loaded emulator accepts a token minted
 * before the save, once, until it expires on its organization's clock, as the saved one would have. A token
 * is a bearer credential, so it is left out of a snapshot without secrets (`?include=secrets` not asked):
 * docs/decisions.md.
 */
import type { Scope } from '../orgs/store.js';
import type { ExportOptions, StateProblem } from '../store/state-unit.js';
import type { TokenRecord } from './ws-token-state.js';

export interface WsTokenExport {
  /** Live tokens, soonest to expire first (then by value). */
  tokens: { token: string; keyId: string; scopes: Scope[]; expiresAt: number }[];
}

/** The section from every token there is: the organization's live ones (`now` on its clock), or undefined. */
export function wsTokenExport(
  all: Iterable<[string, TokenRecord]>,
  orgId: string,
  now: number,
  options: ExportOptions | undefined,
): WsTokenExport | undefined {
  if (options?.secrets === false) return undefined;
  const tokens: WsTokenExport['tokens'] = [];
  for (const [token, r] of all)
    if (r.orgId === orgId && r.expiresAt > now)
      tokens.push({ token, keyId: r.keyId, scopes: [...r.scopes], expiresAt: r.expiresAt });
  if (tokens.length === 0) return undefined;
  return {
    tokens: tokens.sort(
      (x, y) => x.expiresAt - y.expiresAt || (x.token < y.token ? -1 : x.token > y.token ? 1 : 0),
    ),
  };
}

/** The records of a section, in its order (the order they expire in, which the memory sweep relies on). */
export function importedTokens(orgId: string, data: unknown): [string, TokenRecord][] {
  return (data as WsTokenExport).tokens.map(({ token, keyId, scopes, expiresAt }) => [
    token,
    { orgId, keyId, scopes: [...scopes], expiresAt },
  ]);
}

/** What `perOrg.check` refuses beyond the schema: a token twice. */
export function checkWsTokenSection(_orgId: string, data: unknown): StateProblem | null {
  const seen = new Set<string>();
  for (const [i, { token }] of (data as WsTokenExport).tokens.entries()) {
    if (seen.has(token)) return { path: `/tokens/${i}/token`, message: 'the same token appears twice' };
    seen.add(token);
  }
  return null;
}
