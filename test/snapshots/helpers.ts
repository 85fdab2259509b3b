/**
 * Helpers of the snapshot tests: raw HTTP against a listening emulator (so gzip is seen as sent, not inflated
 * by a client library), a varied state built through the public API, and hostile documents made from a valid one.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { expect } from 'vitest';
import type { Emulator } from '../../src/app/emulator.js';
import { bearer } from '../support/emulator.js';
import { SHORT_TEXT, VOICE } from '../tts/support.js';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP exchange with the bytes as they were sent; `body` may be a stream (written as it reads). */
export function raw(
  url: string,
  method: 'GET' | 'PUT',
  headers: Record<string, string> = {},
  body?: Buffer | Readable,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body === undefined) req.end();
    else if (Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}

/** The document as GET /state sends it, inflated if it came gzip. */
export function documentOf(res: RawResponse): Buffer {
  expect(res.status, res.body.toString().slice(0, 300)).toBe(200);
  return res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;
}

export function problemOf(res: RawResponse): { status: number; code: string; detail: string } {
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  return JSON.parse(res.body.toString()) as { status: number; code: string; detail: string };
}

/** A varied state through the admin API and /v1: a second organization with keys, credits spent, a webhook endpoint. */
export async function buildState(emulator: Emulator): Promise<{ orgId: string; key: string }> {
  const app = emulator.app;
  const org = await request(app).post('/_emulator/orgs').send({ name: 'Snapshot Co' });
  expect(org.status, org.text).toBe(201);
  const orgId = (org.body as { id: string }).id;
  const key = await request(app)
    .post(`/_emulator/orgs/${orgId}/keys`)
    .send({ environment: 'live', scopes: ['tts:speak', 'rag:query', 'stt:transcribe'], name: 'snap' });
  expect(key.status, key.text).toBe(201);
  const secret = (key.body as { key: string }).key;
  const tts = await request(app)
    .post('/v1/tts')
    .set('Authorization', bearer(secret))
    .send({ text: SHORT_TEXT, voice: VOICE });
  expect(tts.status, tts.text).toBeLessThan(500);
  const endpoint = await request(app)
    .post(`/_emulator/orgs/${orgId}/webhook-endpoints`)
    .send({ url: 'http://127.0.0.1:9/hook', events: ['ping'] });
  expect(endpoint.status, endpoint.text).toBeLessThan(300);
  return { orgId, key: secret };
}

/**
 * The document with the request-id counter of the `ids` section blanked: every HTTP request mints a request
 * id (`X-Request-Id`), the GET that reads the state and a refused PUT included, so that count moves with each.
 */
export function sansRequestCount(doc: Buffer): string {
  return doc.toString().replace(/("ids":\{"counters":\{(?:[^{}]*,)?"req":)\d+/, '$1"…"');
}
