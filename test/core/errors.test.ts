/**
 * Malformed requests (400), unknown routes (404), wrong methods (405), unexpected failures (500), and the
 * one envelope they all leave through: problem+json with a request id.
 */
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDocuments } from '../../src/contract/documents.js';
import { sendJson } from '../../src/http/context.js';
import { bearer, buildEmulator, spyHandler, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

let t: TestEmulator;

beforeAll(async () => {
  t = await buildEmulator();
  t.emulator.handlers.set(
    'tts.speak',
    spyHandler(async (ctx) => sendJson(ctx, 200, ctx.body)),
  );
});
afterAll(() => t.emulator.close());

const gatewayPaths = Object.keys(loadDocuments().gateway.paths as object);
const adminPaths = Object.keys(loadDocuments().admin.paths as object);

const rawPost = (path: string, contentType: string | null, body: string | Buffer) => {
  const req = request(t.app).post(path).set('Authorization', bearer(t.keys.live));
  if (contentType) req.set('Content-Type', contentType);
  return req.send(body);
};

describe('malformed JSON bodies → 400', () => {
  it.each([
    ['truncated JSON', '{"text":"مرحبا","voice":"v"', 'invalid_json'],
    ['trailing garbage after the object', '{"text":"a","voice":"v"} garbage', 'invalid_json'],
    ['two objects', '{"text":"a","voice":"v"}{}', 'invalid_json'],
    ['a single quote string', "{'text':'a'}", 'invalid_json'],
  ])('%s → %s', async (_name, body, code) => {
    const res = await rawPost('/v1/tts', 'application/json', body);
    expect(expectProblem(res, 400, code).detail).toMatch(/not valid JSON/);
  });

  it('an empty body → 400 invalid_json, saying the body is empty', async () => {
    const res = await request(t.app)
      .post('/v1/tts')
      .set('Authorization', bearer(t.keys.live))
      .set('Content-Type', 'application/json');
    expect(expectProblem(res, 400, 'invalid_json').detail).toMatch(/empty/);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'Content-Type %s → 400 unsupported_content_type naming the type received',
    async (type) => {
      const res = await rawPost('/v1/tts', type, '{"text":"a","voice":"v"}');
      const problem = expectProblem(res, 400, 'unsupported_content_type');
      expect(problem.detail).toContain('application/json');
      expect(problem.detail).toContain(type);
    },
  );

  it('a non-UTF-8 charset → 400 unsupported_content_type', async () => {
    const res = await rawPost('/v1/tts', 'application/json; charset=latin1', '{"text":"a","voice":"v"}');
    expectProblem(res, 400, 'unsupported_content_type');
  });

  it('a +json media type and a charset parameter are accepted as JSON', async () => {
    const body = '{"text":"a","voice":"v"}';
    expect((await rawPost('/v1/tts', 'application/vnd.svc+json', body)).status).toBe(200);
    expect((await rawPost('/v1/tts', 'application/json; charset=utf-8', body)).status).toBe(200);
  });

  it('a body read directly and one body-parser reads (compressed) give the same value; a byte order mark is dropped as before', async () => {
    const body = '{"text":"مرحبا بكم","voice":"ar-SA-noura","speed":1.25}';
    // Bytes as they are: superagent would write a Buffer sent as JSON as {"type":"Buffer",...}.
    const post = (headers: Record<string, string>, bytes: Buffer) =>
      request(t.app)
        .post('/v1/tts')
        .set('Authorization', bearer(t.keys.live))
        .set(headers)
        .serialize((b: Buffer) => b as unknown as string)
        .send(bytes);
    const plain = await rawPost('/v1/tts', 'application/json', body);
    const withBom = await post(
      { 'Content-Type': 'application/json; charset=UTF-8' },
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]),
    );
    const gzipped = await post(
      { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      gzipSync(body),
    );
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject(JSON.parse(body));
    for (const res of [withBom, gzipped]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual(plain.body);
    }
  });

  it('a body over 1 MiB → 400 body_too_large; exactly at the limit it is parsed', async () => {
    const limit = 1024 * 1024;
    const frame = (n: number) => `{"text":"a","voice":"${'v'.repeat(n)}"}`;
    const atLimit = frame(limit - frame(0).length);
    expect(Buffer.byteLength(atLimit)).toBe(limit);
    expect((await rawPost('/v1/tts', 'application/json', atLimit)).status).toBe(200);
    const over = frame(limit - frame(0).length + 1);
    const res = await rawPost('/v1/tts', 'application/json', over);
    expect(expectProblem(res, 400, 'body_too_large').detail).toContain(String(limit));
  });
});

describe('broken multipart bodies → 400', () => {
  const path = '/v1/stt/transcriptions';

  it('a body cut before its closing boundary → invalid_multipart', async () => {
    const body = '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF';
    const res = await rawPost(path, 'multipart/form-data; boundary=XX', body);
    expectProblem(res, 400, 'invalid_multipart');
  });

  it('garbage where parts should be → invalid_multipart', async () => {
    const res = await rawPost(path, 'multipart/form-data; boundary=XX', 'this is not multipart at all');
    expectProblem(res, 400, 'invalid_multipart');
  });

  it('multipart without a boundary → unsupported_content_type', async () => {
    const res = await rawPost(path, 'multipart/form-data', '--XX\r\n');
    expectProblem(res, 400, 'unsupported_content_type');
  });

  it('JSON sent to a multipart endpoint → unsupported_content_type', async () => {
    const res = await rawPost(path, 'application/json', '{"language":"ar"}');
    expect(expectProblem(res, 400, 'unsupported_content_type').detail).toMatch(/multipart\/form-data/);
  });
});

describe('routes', () => {
  it('an unknown /v1 route → 404 route_not_found listing every route', async () => {
    const res = await request(t.app).get('/v1/voices').set('Authorization', bearer(t.keys.live));
    const problem = expectProblem(res, 404, 'route_not_found');
    for (const path of gatewayPaths) expect(problem.detail).toContain(`/v1${path}`);
  });

  it('an unknown route is 404 even without credentials (routing comes first)', async () => {
    const res = await request(t.app).post('/v1/tts/batch');
    expectProblem(res, 404, 'route_not_found');
  });

  it('an unknown admin route → 404 listing the admin routes', async () => {
    const res = await request(t.app).get('/_emulator/nope');
    const problem = expectProblem(res, 404, 'route_not_found');
    for (const path of adminPaths) expect(problem.detail).toContain(path);
  });

  it('a path outside /v1 and /_emulator → 404 pointing to both prefixes', async () => {
    const res = await request(t.app).get('/tts');
    const problem = expectProblem(res, 404, 'route_not_found');
    expect(problem.detail).toContain('/v1');
    expect(problem.detail).toContain('/_emulator');
  });

  it.each([
    ['PUT', '/v1/tts', '/tts'],
    ['GET', '/v1/tts/stream', '/tts/stream'],
    ['DELETE', '/v1/rag/search', '/rag/search'],
    ['PATCH', '/v1/rag/documents', '/rag/documents'],
    ['POST', '/v1/stt/jobs/job_1', '/stt/jobs/{id}'],
  ])(
    'a wrong method (%s %s) → 405 with Allow listing the methods of the path',
    async (method, url, specPath) => {
      const agent = request(t.app);
      const res = await agent[method.toLowerCase() as 'put'](url).set('Authorization', bearer(t.keys.live));
      expectProblem(res, 405, 'method_not_allowed');
      const expected = Object.keys((loadDocuments().gateway.paths as Record<string, object>)[specPath]).map(
        (m) => m.toUpperCase(),
      );
      expect(String(res.headers.allow).split(', ').sort()).toEqual(expected.sort());
    },
  );

  it('a wrong method on an admin route → 405 with Allow', async () => {
    const res = await request(t.app).put('/_emulator/orgs');
    expectProblem(res, 405, 'method_not_allowed');
    expect(String(res.headers.allow).split(', ').sort()).toEqual(['GET', 'POST']);
  });

  // The spec's 400 row covers JSON/multipart operations; these GETs list 422 for a bad parameter.
  it.each(['/v1/stt/jobs/%E0%A4%A', '/v1/rag/documents/%zz', '/v1/rag/jobs/abc%'])(
    'malformed percent-encoding in a path segment (%s) → 422 validation_failed naming the segment',
    async (url) => {
      const res = await request(t.app).get(url).set('Authorization', bearer(t.keys.live));
      const problem = expectProblem(res, 422, 'validation_failed');
      expect(problem.detail).toMatch(/percent-encoding/);
      expect(problem.detail).toContain(url.split('/').pop());
    },
  );

  it('a well-encoded path segment is decoded before it reaches the handler', async () => {
    const e = await buildEmulator();
    try {
      e.emulator.handlers.set(
        'rag.getDocument',
        spyHandler(async (ctx) => sendJson(ctx, 200, ctx.params)),
      );
      const res = await request(e.app)
        .get('/v1/rag/documents/%D9%88%D8%AB%D9%8A%D9%82%D8%A9')
        .set('Authorization', bearer(e.keys.live));
      expect(res.body).toEqual({ id: 'وثيقة' });
    } finally {
      await e.emulator.close();
    }
  });

  it('a plain GET on a WebSocket endpoint → 400 upgrade_required, after authentication', async () => {
    expectProblem(await request(t.app).get('/v1/stt/realtime'), 401, 'missing_api_key');
    const res = await request(t.app).get('/v1/stt/realtime').set('Authorization', bearer(t.keys.live));
    expectProblem(res, 400, 'upgrade_required');
  });
});

describe('the envelope', () => {
  it('an unexpected error in a handler → 500 internal_error without the error message or stack', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const e = await buildEmulator();
    try {
      e.emulator.handlers.set('rag.search', async () => {
        throw new Error('secret internals at /srv/app.js:42');
      });
      const res = await request(e.app)
        .post('/v1/rag/search')
        .set('Authorization', bearer(e.keys.live))
        .send({ query: 'q' });
      expectProblem(res, 500, 'internal_error');
      expect(res.text).not.toContain('secret internals');
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      await e.emulator.close();
    }
  });

  it('instance is the request path without its query string', async () => {
    const res = await request(t.app).post('/v1/rag/search?debug=1').send({ query: 'q' });
    expect(expectProblem(res, 401, 'missing_api_key').instance).toBe('/v1/rag/search');
  });
});

describe('request ids', () => {
  it('every response carries X-Request-Id, equal to request_id in problem bodies', async () => {
    const responses = await Promise.all([
      request(t.app).get('/_emulator/health'),
      request(t.app).get('/v1/nope'),
      request(t.app).post('/v1/tts').send({}),
      request(t.app)
        .post('/v1/tts')
        .set('Authorization', bearer(t.keys.live))
        .send({ text: 'a', voice: 'v' }),
      request(t.app).get('/_emulator/orgs'),
    ]);
    for (const res of responses) expect(res.headers['x-request-id']).toMatch(/^req_[0-9A-Za-z]{20}$/);
    expectProblem(responses[1], 404, 'route_not_found');
    expectProblem(responses[2], 401, 'missing_api_key');
    const ids = responses.map((r) => r.headers['x-request-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the ws-token success body carries request_id equal to X-Request-Id', async () => {
    const res = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(t.keys.live))
      .send({ scopes: ['rag:query'] });
    expect(res.status).toBe(201);
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
  });

  it('the same seed and the same requests give the same request ids', async () => {
    const idsOf = async () => {
      const e = await buildEmulator({ seed: 'request-id-determinism' });
      try {
        const ids: string[] = [];
        for (const path of ['/v1/tts', '/v1/nope', '/_emulator/health'])
          ids.push(String((await request(e.app).get(path)).headers['x-request-id']));
        return ids;
      } finally {
        await e.emulator.close();
      }
    };
    expect(await idsOf()).toEqual(await idsOf());
  });
});

describe('large uploads', () => {
  it('a large body without credentials still gets its 401, not a reset connection', async () => {
    const res = await request(t.app)
      .post('/v1/stt/transcriptions')
      .attach('file', Buffer.alloc(4 * 1024 * 1024, 1), 'big.wav');
    expectProblem(res, 401, 'missing_api_key');
  });

  it('a file over the STT upload limit → 422 file_too_large naming the limit', async () => {
    const e = await buildEmulator();
    try {
      e.emulator.registry.uploadLimits.set('stt.transcribe', {
        maxFileBytes: 1024,
        tooLargeCode: 'file_too_large',
      });
      const res = await request(e.app)
        .post('/v1/stt/transcriptions')
        .set('Authorization', bearer(e.keys.live))
        .attach('file', Buffer.alloc(4096), 'a.wav');
      expect(expectProblem(res, 422, 'file_too_large').detail).toContain('1024');
    } finally {
      await e.emulator.close();
    }
  });
});
