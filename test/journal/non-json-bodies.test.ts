/**
 * Issue 37: a response whose body is empty or not JSON (the `empty_body`, `truncate_json`, `html_error` and
 * `wrong_content_type` faults) is journaled as its text with `body_format: "text"`, and every journal read
 * that includes it answers 200, in memory and over Redis. Before, one `empty_body` answer made every such
 * read a 500 until a reset: the journal parsed `''` as JSON when the entry was read.
 */
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { htmlErrorPage } from '../../src/faults/html-page.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { startRedis, type TestRedis } from '../support/redis.js';

const SCOPE = 'non-json-bodies';
const SEARCH = { query: 'إجازة', mode: 'retrieve', top_k: 1 };

interface Case {
  rule: Record<string, unknown>;
  /** The body the journal shows, from the body the client received. */
  journaled: (received: string) => string;
}

const CASES: Record<string, Case> = {
  empty_body: { rule: { kind: 'empty_body' }, journaled: () => '' },
  truncate_json: {
    rule: { kind: 'truncate_json', after_bytes: 12, length_header: 'truncated' },
    journaled: (received) => received,
  },
  html_error: { rule: { kind: 'html_error', status: 502 }, journaled: () => htmlErrorPage(502) },
  wrong_content_type: {
    rule: { kind: 'wrong_content_type', content_type: 'text/plain' },
    journaled: (received) => received,
  },
};

for (const store of ['memory', 'redis'] as const) {
  describe(`journal entries of non-JSON answers (${store})`, () => {
    let redis: TestRedis | undefined;
    let t: TestEmulator;
    beforeAll(async () => {
      if (store === 'redis') redis = await startRedis();
    });
    afterAll(async () => redis?.stop());
    beforeEach(async () => {
      t = await buildEmulator({ seed: 'non-json-bodies', ...(redis ? { store: redis.url } : {}) });
    });
    afterEach(() => t.emulator.close());

    const journal = async (query: Record<string, string> = {}) => {
      const res = await request(t.app).get('/_emulator/requests').query(query);
      expect(res.status, res.text).toBe(200);
      return res.body.requests as { request_id: string; response: Record<string, unknown> }[];
    };

    for (const [kind, { rule, journaled }] of Object.entries(CASES)) {
      it(`${kind}: the entry shows the text as sent, marked not JSON, in every read`, async () => {
        const added = await request(t.app)
          .post('/_emulator/faults')
          .send({ ...rule, match: { operation: 'rag.search' }, times: 1 });
        expect(added.status, added.text).toBe(201);
        const res = await request(t.app)
          .post('/v1/rag/search')
          .set('Authorization', bearer(t.keys.live))
          .set('X-Emulator-Scope', SCOPE)
          .buffer(true)
          .parse((r, done) => {
            let text = '';
            r.setEncoding('utf8');
            r.on('data', (chunk: string) => (text += chunk));
            r.on('end', () => done(null, text));
          })
          .send(SEARCH);
        const received = res.body as string;
        const id = res.headers['x-request-id'];

        const one = await request(t.app).get(`/_emulator/requests/${id}`);
        expect(one.status, one.text).toBe(200);
        expect(one.body.response).toMatchObject({
          body: journaled(received),
          body_format: 'text',
          body_truncated: false,
        });
        for (const list of [await journal(), await journal({ scope: SCOPE })])
          expect(list.find((e) => e.request_id === id)?.response).toMatchObject({ body_format: 'text' });

        // The next answer is JSON again and shown parsed, with no marker.
        const next = await request(t.app)
          .post('/v1/rag/search')
          .set('Authorization', bearer(t.keys.live))
          .send(SEARCH);
        expect(next.status).toBe(200);
        const after = await request(t.app).get(`/_emulator/requests/${next.headers['x-request-id']}`);
        expect(after.body.response.body).toEqual(next.body);
        expect(after.body.response).not.toHaveProperty('body_format');
      });
    }
  });
}
