/**
 * What a recording may hold: never an API key, a ws-token or a secret. Headers that carry credentials
 * keep only a display form; JSON fields named like a credential are replaced; any string shaped like a
 * key or a ws-token is reduced to its display form wherever it appears.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { displayKey, redactApiKeys } from '../core/api-keys.js';
import { WS_TOKEN_PREFIX } from '../auth/ws-tokens.js';

export const REDACTED = '[redacted]';

const SECRET_HEADERS = new Set([
  'cookie',
  'set-cookie',
  'x-admin-token',
  'svc-signature',
  'proxy-authorization',
]);
const SECRET_FIELDS = /^(token|ws_token|secret|signing_secret|api_key|key|password|authorization)$/i;
const WS_TOKEN_RE = new RegExp(`${WS_TOKEN_PREFIX}[0-9A-Za-z_-]{8,}`, 'g');

export function redactText(text: string): string {
  return redactApiKeys(text).replace(WS_TOKEN_RE, `${WS_TOKEN_PREFIX}${REDACTED}`);
}

export function redactHeaders(headers: IncomingHttpHeaders | OutgoingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    const lower = name.toLowerCase();
    if (lower === 'authorization') {
      const key = /^Bearer\s+(\S+)$/i.exec(value)?.[1];
      out[lower] = key && /^svc_(live|test)_/.test(key) ? `Bearer ${displayKey(key)}` : REDACTED;
    } else if (SECRET_HEADERS.has(lower)) out[lower] = REDACTED;
    else out[lower] = redactText(value);
  }
  return out;
}

export function redactJson(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_FIELDS.test(k) && typeof v === 'string' ? REDACTED : redactJson(v),
      ]),
    );
  }
  return value;
}
