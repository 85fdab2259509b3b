import { describe, expect, it } from 'vitest';
import { generateApiKey } from '../core/api-keys.js';
import { redactHeaders, redactJson } from './redact.js';
import { parseUpstream } from './upstream.js';

const key = generateApiKey('test');
const token = 'wst_0123456789abcdefABCDEF';

describe('redaction', () => {
  it('keeps only the display form of a key and hides ws-tokens and secret headers', () => {
    const out = redactHeaders({
      authorization: `Bearer ${key}`,
      'sec-websocket-protocol': `${token}, other`,
      cookie: 'a=b',
      'x-admin-token': 't',
      'x-note': `see ${key}`,
    });
    expect(out).toEqual({
      authorization: `Bearer svc_test_…${key.slice(-4)}`,
      'sec-websocket-protocol': 'wst_[redacted], other',
      cookie: '[redacted]',
      'x-admin-token': '[redacted]',
      'x-note': `see svc_test_…${key.slice(-4)}`,
    });
  });

  it('replaces credential fields and credential-shaped strings anywhere in JSON', () => {
    const out = JSON.stringify(
      redactJson({ token, secret: 'whsec_1', nested: [{ api_key: key, text: `key ${key} token ${token}` }] }),
    );
    expect(out).not.toContain(key.slice(9));
    expect(out).not.toContain(token.slice(4));
    expect(out).not.toContain('whsec_1');
  });
});

describe('parseUpstream', () => {
  it('maps /v1 paths and WebSocket URLs onto the upstream base, keeping its prefix', () => {
    const up = parseUpstream('http://127.0.0.1:9/gw/v1/');
    expect(up.url('/v1/tts?x=1').href).toBe('http://127.0.0.1:9/gw/v1/tts?x=1');
    expect(up.url('/v1/stt/realtime', true).href).toBe('ws://127.0.0.1:9/gw/v1/stt/realtime');
  });

  it.each(['127.0.0.1:9/v1', 'ftp://127.0.0.1/v1', 'http://127.0.0.1:9/api', 'http://127.0.0.1:9/v1?x=1'])(
    'refuses %s',
    (bad) => {
      expect(() => parseUpstream(bad)).toThrow(/ending in \/v1/);
    },
  );
});
