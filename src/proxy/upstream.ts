/**
 * The upstream gateway of proxy mode: its base URL (ending in /v1, as the spec's `{base_url}`), and the
 * request headers passed on to it. Hop-by-hop and handshake headers belong to each connection, not to
 * the exchange, so they are never forwarded.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { ConfigError } from '../core/config-error.js';
import { displayKey, parseApiKey } from '../core/api-keys.js';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'sec-websocket-protocol',
  'sec-websocket-accept',
  // The emulator's own per-request fault (--fault-header): the real gateway knows nothing of it.
  'x-emulator-fault',
]);

export interface Upstream {
  /** `http://host:port/prefix/v1`, without a trailing slash. */
  base: URL;
  /** The upstream URL for a path of the emulator's /v1 surface (`/v1/tts?x=1`). */
  url(pathAndQuery: string, ws?: boolean): URL;
}

export function parseUpstream(value: string): Upstream {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`--proxy-to must be an absolute http(s) URL ending in /v1 (got '${value}')`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (!/^https?:$/.test(url.protocol) || !path.endsWith('/v1') || url.search || url.hash) {
    throw new ConfigError(
      `--proxy-to must be an http(s) base URL ending in /v1, without query (got '${value}')`,
    );
  }
  url.pathname = path;
  return {
    base: url,
    url(pathAndQuery, ws = false) {
      const target = new URL(url.href);
      const [p, q] = splitQuery(pathAndQuery);
      target.pathname = path + p.replace(/^\/v1/, '');
      target.search = q;
      if (ws) target.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      return target;
    },
  };
}

function splitQuery(pathAndQuery: string): [string, string] {
  const i = pathAndQuery.indexOf('?');
  return i < 0 ? [pathAndQuery, ''] : [pathAndQuery.slice(0, i), pathAndQuery.slice(i)];
}

/** The caller's headers, minus those of the connection. The caller's key goes through untouched. */
export function forwardedHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name, v]) => v !== undefined && !HOP_BY_HOP.has(name)),
  );
}

/** The upstream's response headers to pass back (the framing is the proxy's own). */
export function returnedHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name, v]) => v !== undefined && !HOP_BY_HOP.has(name) && name !== 'content-length',
    ),
  );
}

/**
 * Who is calling, as far as the proxy can tell without the upstream's key store: the key's display form,
 * its environment, and a stable pseudo id (a hash of the key) so the journal and the client report can
 * group the caller's requests. Faults match on these (an `org_id` match never does: orgs are upstream).
 */
export interface ProxyCaller {
  orgId: string;
  keyId: string;
  keyDisplay: string;
  environment: 'live' | 'test';
}

export function callerOf(authorization: string | undefined): ProxyCaller | null {
  const key = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!key) return null;
  const parsed = parseApiKey(key);
  return {
    orgId: '',
    keyId: `upstream_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`,
    keyDisplay: displayKey(key),
    environment: parsed.ok ? parsed.environment : key.startsWith('svc_test_') ? 'test' : 'live',
  };
}
