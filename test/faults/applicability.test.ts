/**
 * Issue 37, defect 4: a fault rule whose kind can act on none of the /v1 operations its match reaches is
 * refused with 422, naming the kind, the operations and what the kind needs (read from what each operation
 * documents in openapi/gateway.yaml); a rule that reaches at least one operation it can act on is accepted.
 * The same for `X-Emulator-Fault` on a request to an operation the kind cannot act on.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { SHORT_TEXT, VOICE } from '../tts/support.js';

let t: TestEmulator;
beforeAll(async () => {
  t = await buildEmulator({ faultHeader: true, demoCorpus: false });
});
afterAll(() => t.emulator.close());

const add = (body: Record<string, unknown>) => request(t.app).post('/_emulator/faults').send(body);

async function refused(body: Record<string, unknown>, detail: RegExp): Promise<void> {
  const res = await add(body);
  const problem = expectProblem(res, 422, 'validation_failed');
  expect(problem.detail).toMatch(detail);
  expect((await request(t.app).get('/_emulator/faults')).body.faults, 'nothing stored').toEqual([]);
}

describe('POST /_emulator/faults refuses a rule that can never fire', () => {
  it.each(['truncate_json', 'empty_body', 'wrong_content_type', 'omit_optional', 'extra_fields'])(
    '%s on tts.speak, whose answers are audio',
    async (kind) => {
      await refused(
        { kind, match: { operation: 'tts.speak' } },
        new RegExp(
          `^kind ${kind}: \`${kind}\` cannot apply to tts\\.speak \\(what match operation=tts\\.speak reaches\\): it changes .*; it applies to .*rag\\.search`,
        ),
      );
    },
  );

  it.each([
    [
      'ws_stall',
      { operation: 'rag.search' },
      /cannot apply to rag\.search .*: it acts on a WebSocket session; it applies to tts\.realtime, stt\.realtime$/,
    ],
    [
      'ws_frame_delay',
      { method: 'POST' },
      /cannot apply to tts\.speak, tts\.stream, .*rag\.search.*: it acts on a WebSocket session/,
    ],
    [
      'ws_close',
      { path: '/v1/rag/*' },
      /cannot apply to rag\.search, .*rag\.getJob.*: it acts on a WebSocket session/,
    ],
    [
      'stream_truncate',
      { operation: 'tts.speak' },
      /cannot apply to tts\.speak .*: it acts on a chunked stream; it applies to tts\.stream$/,
    ],
    [
      'job_fail',
      { operation: 'rag.search' },
      /cannot apply to rag\.search .*: it acts on a job an operation accepts with 202; it applies to stt\.transcribe, rag\.uploadDocument$/,
    ],
    [
      'job_stuck',
      { path: '/v1/rag/documents/doc_1*' },
      /cannot apply to rag\.getDocument, rag\.deleteDocument /,
    ],
    ['truncate_json', { path: '/v1/tts*' }, /cannot apply to tts\.speak, tts\.stream, tts\.realtime /],
    ['truncate_json', { operation: 'tts.realtime' }, /cannot apply to tts\.realtime /],
  ])('%s with match %j', async (kind, match, detail) => {
    await refused(
      {
        kind,
        ...(kind === 'ws_frame_delay' ? { delay_ms: 10 } : {}),
        ...(kind === 'stream_truncate' ? { after_bytes: 10 } : {}),
        ...(kind === 'ws_close' ? { close_code: 1011 } : {}),
        match,
      },
      detail,
    );
  });

  it('a match that reaches no operation at all, whatever the kind', async () => {
    await refused(
      { kind: 'error', status: 502, match: { path: '/v1/rag/serch' } },
      /^kind error: match \(path=\/v1\/rag\/serch\) reaches no \/v1 operation; operations: tts\.speak \(POST \/v1\/tts\), /,
    );
    await refused(
      { kind: 'truncate_json', match: { operation: 'rag.listDocuments', mode: 'answer' } },
      /reaches no \/v1 operation/,
    );
  });

  it('webhook kinds with operation fields, and match.event on other kinds', async () => {
    await refused(
      { kind: 'webhook_delay', delay_ms: 10, match: { operation: 'stt.transcribe' } },
      /^kind webhook_delay: `webhook_delay` acts on webhook deliveries, which have no `operation`/,
    );
    await refused(
      { kind: 'webhook_wrong_secret', match: { event: 'ping', key_id: 'key_x', scope: 'suite' } },
      /^kind webhook_wrong_secret: `webhook_wrong_secret` acts on webhook deliveries, which have no `key_id`, `scope`: match\.key_id can never match one/,
    );
    await refused(
      { kind: 'error', status: 502, match: { event: 'job.completed' } },
      /^kind error: match\.event names a webhook event, which only webhook kinds match/,
    );
  });
});

describe('POST /_emulator/faults accepts a rule that can fire somewhere', () => {
  it.each([
    ['extra_fields', { operation: 'tts.realtime' }],
    ['truncate_json', { path: '/v1/*' }],
    ['truncate_json', {}],
    ['omit_optional', { operation: 'rag.search', mode: 'answer' }],
    ['ws_stall', { path: '/v1/tts/*' }],
    ['job_fail', { path: '/v1/rag/doc*' }],
    ['job_stuck', { path: '/v1/stt/transcriptions' }],
    ['stream_slow', { operation: 'tts.stream' }],
    ['error', { path: '/v1/rag/documents/doc_1' }],
    ['webhook_duplicate', { event: 'ping' }],
  ])('%s with match %j', async (kind, match) => {
    const res = await add({
      kind,
      ...(kind === 'stream_slow' ? { bytes_per_second: 100 } : {}),
      ...(kind === 'error' ? { status: 502 } : {}),
      match,
    });
    expect(res.status, res.text).toBe(201);
    await request(t.app).delete('/_emulator/faults');
  });
});

describe('X-Emulator-Fault', () => {
  it('a kind the request operation cannot act on is refused before the handler, naming both', async () => {
    const res = await request(t.app)
      .post('/v1/tts')
      .set('Authorization', bearer(t.keys.live))
      .set('X-Emulator-Fault', 'truncate_json')
      .send({ text: SHORT_TEXT, voice: VOICE });
    const problem = expectProblem(res, 422, 'invalid_fault_header');
    expect(problem.detail).toBe(
      'X-Emulator-Fault `truncate_json` cannot apply to tts.speak (POST /v1/tts): it changes the 2xx JSON answer of an HTTP operation',
    );
    const stall = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(t.keys.live))
      .set('X-Emulator-Fault', 'ws_stall')
      .send({ scopes: ['tts:speak'] });
    expect(expectProblem(stall, 422, 'invalid_fault_header').detail).toMatch(
      /^X-Emulator-Fault `ws_stall` cannot apply to auth\.createWsToken \(POST \/v1\/auth\/ws-token\): it acts on a WebSocket session$/,
    );
  });

  it('a kind the operation can act on still applies', async () => {
    const res = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(t.keys.live))
      .set('X-Emulator-Fault', 'error; status=503')
      .send({ scopes: ['tts:speak'] });
    expectProblem(res, 503, 'injected_fault');
  });

  it('a JSON kind through the header changes the answer with no stored rule (issue 37: it never applied)', async () => {
    expect((await request(t.app).get('/_emulator/faults')).body.faults).toEqual([]);
    const res = await request(t.app)
      .post('/v1/auth/ws-token')
      .set('Authorization', bearer(t.keys.live))
      .set('X-Emulator-Fault', 'empty_body')
      .send({ scopes: ['tts:speak'] });
    expect(res.status).toBe(201);
    expect(res.text).toBe('');
  });
});
