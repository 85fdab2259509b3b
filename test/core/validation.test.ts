/**
 * Every rule of every /v1 request schema, through HTTP. A body that passes validation reaches the handler:
 * here a spy that echoes what it received, so defaults and coercions are visible.
 */
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, type OperationContext } from '../../src/http/context.js';
import { bearer, buildEmulator, spyHandler, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';

let t: TestEmulator;

beforeAll(async () => {
  t = await buildEmulator();
  const echo = async (ctx: OperationContext) =>
    sendJson(ctx, 200, {
      body: ctx.body,
      files: Object.fromEntries(Object.entries(ctx.files).map(([n, f]) => [n, f.size])),
    });
  for (const op of ['tts.speak', 'tts.stream', 'rag.search', 'stt.transcribe', 'auth.createWsToken'])
    t.emulator.handlers.set(op, spyHandler(echo));
});
afterAll(() => t.emulator.close());

const post = (path: string, body: unknown) =>
  request(t.app)
    .post(path)
    .set('Authorization', bearer(t.keys.live))
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));

/** Passes validation: the handler was reached and saw this body. */
async function expectAccepted(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await post(path, body);
  expect(res.status, res.text).toBe(200);
  return (res.body as { body: Record<string, unknown> }).body;
}

async function expectRejected(path: string, body: unknown, detail: RegExp): Promise<void> {
  const res = await post(path, body);
  const problem = expectProblem(res, 422, 'validation_failed');
  expect(problem.detail).toMatch(detail);
}

describe.each(['/v1/tts', '/v1/tts/stream'])('TtsRequest on %s', (path) => {
  const ok = { text: 'مرحبا بكم', voice: 'v' };

  it('accepts a minimal valid request and applies the defaults (speed 1, quality standard)', async () => {
    const body = await expectAccepted(path, ok);
    expect(body).toEqual({ ...ok, speed: 1, quality: 'standard' });
  });

  it.each([
    ['text is missing', { voice: 'v' }, /^text is required/],
    ['voice is missing', { text: 'a' }, /^voice is required/],
    ['text is empty', { text: '', voice: 'v' }, /^text must be at least 1 character/],
    ['voice is empty', { text: 'a', voice: '' }, /^voice must be at least 1 character/],
    ['text is not a string', { text: 5, voice: 'v' }, /^text must be a string/],
    ['speed is a string', { ...ok, speed: '1' }, /^speed must be a number/],
    [
      'quality is not in the enum',
      { ...ok, quality: 'ultra' },
      /^quality must be one of fast, standard, high \(got 'ultra'\)/,
    ],
    ['an unknown field is present', { ...ok, format: 'wav' }, /^format is not an allowed field/],
    ['the body is an array', [ok], /^body must be an object/],
  ])('rejects when %s', async (_name, body, detail) => {
    await expectRejected(path, body, detail);
  });

  it.each(['fast', 'standard', 'high'])('accepts quality %s', async (quality) => {
    expect((await expectAccepted(path, { ...ok, quality })).quality).toBe(quality);
  });

  describe('text length counts Unicode code points, 1 to 500', () => {
    const cases: [string, string, boolean][] = [
      ['500 Arabic letters', 'ب'.repeat(500), true],
      ['501 Arabic letters', 'ب'.repeat(501), false],
      ['500 one-code-point emoji (1000 UTF-16 units)', '😀'.repeat(500), true],
      ['501 one-code-point emoji', '😀'.repeat(501), false],
      ['250 flags (two code points each)', '🇸🇦'.repeat(250), true],
      ['251 flags (502 code points)', '🇸🇦'.repeat(251), false],
      ['1 character', 'ا', true],
    ];
    it.each(cases)('%s', async (_name, text, passes) => {
      if (passes) expect((await expectAccepted(path, { text, voice: 'v' })).text).toBe(text);
      else
        await expectRejected(
          path,
          { text, voice: 'v' },
          new RegExp(`^text must be at most 500 characters \\(got ${[...text].length}\\)`),
        );
    });
  });

  it.each([0.5, 1, 1.75, 2])('accepts speed %s', async (speed) => {
    expect((await expectAccepted(path, { ...ok, speed })).speed).toBe(speed);
  });

  it.each([0.49, 0, -1, 2.01, 10])('rejects speed %s, saying what is allowed', async (speed) => {
    await expectRejected(
      path,
      { ...ok, speed },
      new RegExp(`^speed must be between 0.5 and 2 \\(got ${speed}\\)`),
    );
  });

  it('any speed in [0.5, 2] passes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ min: 0.5, max: 2, noNaN: true }), async (speed) => {
        const res = await post(path, { ...ok, speed });
        expect(res.status).toBe(200);
      }),
      { numRuns: 25 },
    );
  });

  it('any finite speed outside [0.5, 2] fails (property)', async () => {
    const outside = fc.oneof(
      fc.double({ max: 0.5, maxExcluded: true, noNaN: true, noDefaultInfinity: true }),
      fc.double({ min: 2, minExcluded: true, noNaN: true, noDefaultInfinity: true }),
    );
    await fc.assert(
      fc.asyncProperty(outside, async (speed) => {
        const res = await post(path, { ...ok, speed });
        expectProblem(res, 422, 'validation_failed');
        expect(res.body.detail).toMatch(/^speed must be between 0.5 and 2/);
      }),
      { numRuns: 25 },
    );
  });
});

describe('RagSearchRequest on /v1/rag/search', () => {
  const path = '/v1/rag/search';

  it('applies the defaults: top_k 10, mode retrieve, detail full, no query rewrite', async () => {
    const body = await expectAccepted(path, { query: 'ما هي السياسة؟' });
    expect(body).toEqual({
      query: 'ما هي السياسة؟',
      top_k: 10,
      mode: 'retrieve',
      detail: 'full',
      enable_rewrite_search_query: false,
    });
  });

  it('accepts every field at once', async () => {
    const full = {
      query: 'q',
      mode: 'answer',
      top_k: 5,
      min_score: 0.25,
      detail: 'minimal',
      document_ids: ['doc_1', 'doc_2'],
      language: 'ar',
      file_type: 'pdf',
      metadata_filters: { department: 'hr', year: 2024, tags: ['a', 'b'], nested: { x: null } },
      enable_rewrite_search_query: true,
      rewrite_search_query_instructions: 'expand acronyms',
    };
    expect(await expectAccepted(path, full)).toEqual(full);
  });

  it.each(['retrieve', 'answer', 'analyze'])('accepts mode %s', async (mode) => {
    expect((await expectAccepted(path, { query: 'q', mode })).mode).toBe(mode);
  });
  it.each(['minimal', 'full'])('accepts detail %s', async (detail) => {
    expect((await expectAccepted(path, { query: 'q', detail })).detail).toBe(detail);
  });
  it.each([1, 100])('accepts top_k %s', async (top_k) => {
    expect((await expectAccepted(path, { query: 'q', top_k })).top_k).toBe(top_k);
  });
  it.each([0, 1])('accepts min_score %s', async (min_score) => {
    expect((await expectAccepted(path, { query: 'q', min_score })).min_score).toBe(min_score);
  });
  it.each(['auto', 'none', 'ar', 'en'])('accepts language %s', async (language) => {
    expect((await expectAccepted(path, { query: 'q', language })).language).toBe(language);
  });

  it.each([
    ['query is missing', {}, /^query is required/],
    ['query is empty', { query: '' }, /^query must be at least 1 character/],
    ['mode is unknown', { query: 'q', mode: 'generate' }, /^mode must be one of retrieve, answer, analyze/],
    ['detail is unknown', { query: 'q', detail: 'verbose' }, /^detail must be one of minimal, full/],
    ['top_k is 0', { query: 'q', top_k: 0 }, /^top_k must be between 1 and 100 \(got 0\)/],
    ['top_k is 101', { query: 'q', top_k: 101 }, /^top_k must be between 1 and 100 \(got 101\)/],
    ['top_k is not an integer', { query: 'q', top_k: 2.5 }, /^top_k must be an integer \(got number\)/],
    ['top_k is a numeric string', { query: 'q', top_k: '10' }, /^top_k must be an integer \(got string\)/],
    ['min_score is below 0', { query: 'q', min_score: -0.01 }, /^min_score must be between 0 and 1/],
    ['min_score is above 1', { query: 'q', min_score: 1.01 }, /^min_score must be between 0 and 1/],
    [
      'document_ids holds a number',
      { query: 'q', document_ids: ['a', 7] },
      /^document_ids\[1\] must be a string/,
    ],
    ['document_ids is a string', { query: 'q', document_ids: 'a' }, /^document_ids must be an array/],
    ['language is three letters', { query: 'q', language: 'ara' }, /^language must match/],
    ['language is upper case', { query: 'q', language: 'AR' }, /^language must match/],
    ['language has a region', { query: 'q', language: 'ar-SA' }, /^language must match/],
    [
      'metadata_filters is not an object',
      { query: 'q', metadata_filters: ['hr'] },
      /^metadata_filters must be an object/,
    ],
    [
      'enable_rewrite_search_query is not a boolean',
      { query: 'q', enable_rewrite_search_query: 'yes' },
      /^enable_rewrite_search_query must be a boolean/,
    ],
    [
      'rewrite_search_query_instructions is empty',
      { query: 'q', rewrite_search_query_instructions: '' },
      /^rewrite_search_query_instructions must be at least 1 character/,
    ],
    ['an unknown field is present', { query: 'q', stream: true }, /^stream is not an allowed field/],
  ])('rejects when %s', async (_name, body, detail) => {
    await expectRejected(path, body, detail);
  });

  describe('enable_rewrite_search_query true requires rewrite_search_query_instructions', () => {
    it('rejects true without instructions, naming the missing field', async () => {
      await expectRejected(
        path,
        { query: 'q', enable_rewrite_search_query: true },
        /^rewrite_search_query_instructions is required/,
      );
    });
    it('accepts true with instructions', async () => {
      await expectAccepted(path, {
        query: 'q',
        enable_rewrite_search_query: true,
        rewrite_search_query_instructions: 'x',
      });
    });
    it('accepts false without instructions, and instructions without the flag', async () => {
      await expectAccepted(path, { query: 'q', enable_rewrite_search_query: false });
      await expectAccepted(path, { query: 'q', rewrite_search_query_instructions: 'x' });
    });
  });

  it('any integer top_k in [1, 100] passes and any outside fails (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -1000, max: 1000 }), async (top_k) => {
        const res = await post(path, { query: 'q', top_k });
        expect(res.status).toBe(top_k >= 1 && top_k <= 100 ? 200 : 422);
      }),
      { numRuns: 40 },
    );
  });
});

describe('WsTokenRequest on /v1/auth/ws-token', () => {
  const path = '/v1/auth/ws-token';

  it('accepts the three scopes', async () => {
    const scopes = ['tts:speak', 'stt:transcribe', 'rag:query'];
    expect((await expectAccepted(path, { scopes })).scopes).toEqual(scopes);
  });

  it.each([
    ['scopes is missing', {}, /^scopes is required/],
    ['scopes is empty', { scopes: [] }, /^scopes must have at least 1 item/],
    [
      'a scope is repeated',
      { scopes: ['tts:speak', 'tts:speak'] },
      /^scopes must not contain duplicate items/,
    ],
    [
      'a scope is unknown',
      { scopes: ['admin'] },
      /^scopes\[0\] must be one of tts:speak, stt:transcribe, rag:query \(got 'admin'\)/,
    ],
    ['scopes is a string', { scopes: 'tts:speak' }, /^scopes must be an array/],
    ['an unknown field is present', { scopes: ['tts:speak'], ttl: 600 }, /^ttl is not an allowed field/],
  ])('rejects when %s', async (_name, body, detail) => {
    await expectRejected(path, body, detail);
  });
});

describe('STT transcription parameters (multipart) on /v1/stt/transcriptions', () => {
  const path = '/v1/stt/transcriptions';
  const audio = Buffer.from('RIFF....WAVEfmt ');
  const upload = (fields: Record<string, string> = {}, withFile = true) => {
    let req = request(t.app).post(path).set('Authorization', bearer(t.keys.live));
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    if (withFile) req = req.attach('file', audio, 'clip.wav');
    return req;
  };

  it('accepts a file alone and applies the defaults (language auto, diarize and word_timestamps false)', async () => {
    const res = await upload();
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      body: { language: 'auto', diarize: false, word_timestamps: false },
      files: { file: audio.length },
    });
  });

  it('turns boolean fields into booleans', async () => {
    const res = await upload({ diarize: 'true', word_timestamps: 'false', language: 'ar', model: 'large' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.body).toEqual({ diarize: true, word_timestamps: false, language: 'ar', model: 'large' });
  });

  it.each(['auto', 'ar', 'en', 'fil', 'ar-SA', 'zh-Hant'])('accepts language %s', async (language) => {
    const res = await upload({ language });
    expect(res.status, res.text).toBe(200);
  });

  it('ignores unknown fields (decision D8)', async () => {
    const res = await upload({ prompt: 'hello' });
    expect(res.status, res.text).toBe(200);
  });

  it.each([
    ['diarize is not a boolean', { diarize: 'maybe' }, /^diarize must be a boolean/],
    [
      'word_timestamps is not a boolean',
      { word_timestamps: 'yes please' },
      /^word_timestamps must be a boolean/,
    ],
    ['language is a name, not a code', { language: 'Arabic' }, /^language must match/],
    ['language is upper case', { language: 'AR' }, /^language must match/],
    ['model is empty', { model: '' }, /^model must be at least 1 character/],
  ])('rejects when %s', async (_name, fields, detail) => {
    const res = await upload(fields);
    expect(expectProblem(res, 422, 'validation_failed').detail).toMatch(detail);
  });

  it('rejects a missing file', async () => {
    const res = await upload({ language: 'ar' }, false);
    expect(expectProblem(res, 422, 'validation_failed').detail).toMatch(/^file is required/);
  });

  it('rejects a file sent as a text field', async () => {
    const res = await upload({ file: 'not a file' }, false);
    expect(expectProblem(res, 422, 'validation_failed').detail).toMatch(/^file must be a file part/);
  });

  it('rejects a second file', async () => {
    const res = await upload().attach('other', audio, 'b.wav');
    expectProblem(res, 422, 'validation_failed');
  });
});

describe('without a spy, a valid request reaches the product handler', () => {
  // The handler may still refuse on its own terms (an unknown voice), but never as a schema failure.
  it('is neither a 400 nor a validation_failed 422', async () => {
    const plain = await buildEmulator();
    try {
      const res = await request(plain.app)
        .post('/v1/tts')
        .set('Authorization', bearer(plain.keys.live))
        .send({ text: '😀'.repeat(500), voice: 'v' });
      expect(res.status).not.toBe(400);
      expect(res.body?.code).not.toBe('validation_failed');
      const over = await request(plain.app)
        .post('/v1/tts')
        .set('Authorization', bearer(plain.keys.live))
        .send({ text: '😀'.repeat(501), voice: 'v' });
      expectProblem(over, 422, 'validation_failed');
    } finally {
      await plain.emulator.close();
    }
  });
});
