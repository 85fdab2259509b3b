/**
 * Redaction for everything the emulator records or prints about a request (journal, request log): API
 * keys, ws-tokens and webhook secrets keep only their prefix and last 4 characters, the admin token is
 * replaced whole. Applied to text as it is recorded, so nothing downstream can leak a credential.
 */
import { redactApiKeys } from '../core/api-keys.js';

const WS_TOKEN_RE = /wst_[0-9A-Za-z_-]{8,}/g;
const WEBHOOK_SECRET_RE = /whsec_[0-9A-Za-z]{8,}/g;
export const ADMIN_TOKEN_PLACEHOLDER = '[admin token]';

export class Redactor {
  constructor(private readonly adminToken: string | null) {}

  text(text: string): string {
    // Each pattern below starts with one of these three prefixes: text with none of them (most header values,
    // most bodies) skips three regular-expression scans.
    if (
      !text.includes('svc_') &&
      !text.includes('wst_') &&
      !text.includes('whsec_') &&
      !(this.adminToken && text.includes(this.adminToken))
    )
      return text;
    let out = redactApiKeys(text)
      .replace(WS_TOKEN_RE, (t) => `wst_…${t.slice(-4)}`)
      .replace(WEBHOOK_SECRET_RE, (s) => `whsec_…${s.slice(-4)}`);
    if (this.adminToken && out.includes(this.adminToken))
      out = out.split(this.adminToken).join(ADMIN_TOKEN_PLACEHOLDER);
    return out;
  }

  /** Header names lower-cased; the admin token header replaced whole, every other value redacted as text. */
  headers(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined) continue;
      const lower = name.toLowerCase();
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      out[lower] = lower === 'x-admin-token' ? ADMIN_TOKEN_PLACEHOLDER : this.text(text);
    }
    return out;
  }
}
