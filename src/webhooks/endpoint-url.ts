import { ApiError } from '../core/errors.js';

/** The longest endpoint URL accepted (characters), like common browsers' and proxies' practical limit. */
export const MAX_ENDPOINT_URL_LENGTH = 2048;

/**
 * The rules for a webhook endpoint URL (decision W12): `http` or `https` only, no user name or password
 * (they would show in listings and the delivery log), at most 2,048 characters, a port from 1 to 65535.
 * Returns the URL as given; throws a 422 `validation_failed` naming the rule. `field` names the input.
 */
export function checkEndpointUrl(raw: string, field = 'url'): string {
  const fail = (rule: string): never => {
    throw new ApiError('validation_failed', `${field} ${rule}`);
  };
  if (raw.length > MAX_ENDPOINT_URL_LENGTH)
    fail(`must be at most ${MAX_ENDPOINT_URL_LENGTH} characters (got ${raw.length})`);
  // WHATWG URL parsing rejects a port over 65535 itself; the explicit check below names the rule.
  const port = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:(\d+)(?:[/?#]|$)/i.exec(raw)?.[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535))
    fail(`must have a port from 1 to 65535 (got ${port})`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(`must be an absolute http:// or https:// URL (got '${raw.slice(0, 80)}')`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    fail(`must use http or https (got '${url.protocol.slice(0, -1)}')`);
  if (url.username !== '' || url.password !== '') fail('must not contain a user name or password');
  if (url.hostname === '') fail('must name a host');
  return raw;
}
