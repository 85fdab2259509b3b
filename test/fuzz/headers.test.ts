/**
 * Headers and paths over every /v1 operation: random Content-Type and charset, Accept values,
 * Authorization variants, odd path ids (including broken percent-encoding), and Content-Length values
 * that disagree with the body (sent over a raw socket, since no HTTP client allows it).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerHeader,
  buildFuzzEmulator,
  checkCase,
  countCase,
  expectUnchanged,
  fcParams,
  installCrashRecorder,
  assertNoCrash,
  rawBody,
  send,
  sendRaw,
  snapshot,
  type FuzzEmulator,
} from './support.js';

installCrashRecorder();

let t: FuzzEmulator;
beforeAll(async () => {
  t = await buildFuzzEmulator('fuzz-headers');
});
afterAll(async () => {
  await t.emulator.close();
});

interface Op {
  method: string;
  path: (id: string) => string;
  body?: string;
}

/** Every /v1 operation (the WebSocket ones as plain HTTP too: they must say upgrade_required). */
const OPS: Record<string, Op> = {
  'tts.speak': {
    method: 'POST',
    path: () => '/v1/tts',
    body: '{"text":"مرحبا","voice":"ar-SA-noura","quality":"fast"}',
  },
  'tts.stream': {
    method: 'POST',
    path: () => '/v1/tts/stream',
    body: '{"text":"مرحبا","voice":"ar-SA-noura","quality":"fast"}',
  },
  'tts.realtime': { method: 'GET', path: () => '/v1/tts/realtime' },
  'stt.transcribe': {
    method: 'POST',
    path: () => '/v1/stt/transcriptions',
    body: '--b\r\nContent-Disposition: form-data; name="language"\r\n\r\nar\r\n--b--\r\n',
  },
  'stt.getJob': { method: 'GET', path: (id) => `/v1/stt/jobs/${id}` },
  'stt.realtime': { method: 'GET', path: () => '/v1/stt/realtime' },
  'rag.search': { method: 'POST', path: () => '/v1/rag/search', body: '{"query":"leave"}' },
  'rag.uploadDocument': {
    method: 'POST',
    path: () => '/v1/rag/documents',
    body: '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--b--\r\n',
  },
  'rag.listDocuments': { method: 'GET', path: (id) => `/v1/rag/documents?limit=${id}` },
  'rag.getDocument': { method: 'GET', path: (id) => `/v1/rag/documents/${id}` },
  'rag.deleteDocument': { method: 'DELETE', path: (id) => `/v1/rag/documents/${id}` },
  'rag.getJob': { method: 'GET', path: (id) => `/v1/rag/jobs/${id}` },
  'auth.createWsToken': { method: 'POST', path: () => '/v1/auth/ws-token', body: '{"scopes":["tts:speak"]}' },
};

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=UTF-16',
    'application/json; charset=latin1',
    'application/json; charset=bogus',
    'application/json; charset="utf-8"',
    'application/merge-patch+json',
    'APPLICATION/JSON',
    'text/plain',
    'multipart/form-data',
    'multipart/form-data; boundary=b',
    'multipart/form-data; boundary=',
    'multipart/mixed; boundary=b',
    'application/x-www-form-urlencoded',
    'application/octet-stream',
    ';',
    '',
  ),
  printable,
);

const accept = fc.oneof(
  fc.constantFrom(
    'audio/wav',
    'audio/mpeg',
    'audio/*',
    '*/*',
    'audio/wav;q=0.5, audio/mpeg;q=0.9',
    'audio/wav;q=abc',
    'audio/wav;q=2',
    'application/json',
    'audio/wav;q=0',
    ',,,',
    '',
  ),
  printable,
);

const authorization = () => {
  const live = t.keys.live;
  return fc.oneof(
    fc.constantFrom(
      `Bearer ${live}`,
      `bearer ${live}`,
      `Bearer  ${live}`,
      `Bearer ${live} `,
      `Bearer ${live.slice(0, -1)}x`,
      `Bearer ${live.slice(0, -6)}`,
      `Bearer ${live},${live}`,
      `Basic ${Buffer.from(`${live}:`).toString('base64')}`,
      `Token ${live}`,
      'Bearer',
      'Bearer ',
      'Bearer svc_live_',
      'Bearer svc_live_00000000000000000000000000000000000000',
      'Bearer svc_prod_00000000000000000000000000000000000000',
      live,
      '',
    ),
    printable.map((s) => `Bearer ${s}`),
    printable,
  );
};

const id = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/),
  fc.constantFrom(
    '%',
    '%ZZ',
    '%E0%A4%A',
    '..',
    '%2e%2e',
    '..%2F..%2Fetc',
    '%00',
    'x'.repeat(101),
    'job_%F0%9F%98%80',
    '__proto__',
    'constructor',
    '-1',
    '1e999',
  ),
  printable.map((s) => encodeURIComponent(s || 'x')),
);

describe('headers and paths', () => {
  it('any Content-Type, Accept, Authorization and path id is answered soundly; a rejection changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(OPS)),
        fc.option(contentType, { nil: undefined }),
        fc.option(accept, { nil: undefined }),
        fc.oneof(
          fc.constant(bearerHeader(t.keys.live).Authorization),
          fc.constant(undefined),
          authorization(),
        ),
        id,
        async (name, ct, acc, auth, pathId) => {
          const op = OPS[name];
          const headers: Record<string, string> = {};
          if (ct !== undefined) headers['Content-Type'] = ct;
          if (acc !== undefined) headers.Accept = acc;
          if (auth !== undefined) headers.Authorization = auth;
          const what = `${name} ${JSON.stringify(headers)} id=${pathId}`;
          await checkCase(t, 'headers: content-type, accept, authorization, ids', what, () =>
            send(t, { method: op.method, path: op.path(pathId), headers, body: op.body }),
          );
        },
      ),
      fcParams(150),
    );
  });

  it('a Content-Length that disagrees with the body never yields a 5xx or a state change', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'tts.speak',
          'rag.search',
          'auth.createWsToken',
          'stt.transcribe',
          'rag.uploadDocument',
        ),
        fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(1_000_000, 2_000_000, 99_999_999_999)),
        async (name, delta) => {
          countCase('headers: content-length mismatch');
          const op = OPS[name];
          const body = Buffer.from(op.body ?? '');
          const declared = Math.max(0, body.length + delta);
          const ct = op.body?.startsWith('--') ? 'multipart/form-data; boundary=b' : 'application/json';
          const head =
            `${op.method} ${op.path('x')} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.keys.live}\r\n` +
            `Content-Type: ${ct}\r\nContent-Length: ${declared}\r\nConnection: close\r\n\r\n`;
          const before = await snapshot(t);
          const res = await sendRaw(t, head, body);
          if (res.status !== null) {
            expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
            if (res.status >= 400) {
              expect(res.text).toMatch(/content-type: application\/problem\+json/i);
              expect(() => JSON.parse(rawBody(res.text)) as unknown).not.toThrow();
            }
          }
          assertNoCrash();
          if (res.status === null || res.status >= 400)
            expectUnchanged(
              before,
              await snapshot(t),
              `${name} Content-Length ${declared} for ${body.length} bytes`,
            );
        },
      ),
      fcParams(40),
    );
  });
});
