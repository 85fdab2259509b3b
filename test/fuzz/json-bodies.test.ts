/**
 * Mutated JSON bodies on every /v1 operation that takes one: POST /tts, /tts/stream, /rag/search and
 * /auth/ws-token. Each case starts from a valid body and drops, duplicates or retypes fields, puts huge,
 * deeply nested, out-of-bounds, NaN-ish or broken-unicode values in them, or adds `__proto__` /
 * `constructor` / `prototype` keys (at the top and inside `metadata_filters`).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  applyMutations,
  expectNoPrototypePollution,
  mutation,
  objectText,
  protoKey,
  anyJson,
} from './arbitraries.js';
import {
  bearerHeader,
  buildFuzzEmulator,
  checkCase,
  fcParams,
  installCrashRecorder,
  send,
  type FuzzEmulator,
} from './support.js';

installCrashRecorder();

let t: FuzzEmulator;
beforeAll(async () => {
  t = await buildFuzzEmulator('fuzz-json');
});
afterAll(async () => {
  await t.emulator.close();
});

/** Valid seeds. `analyze` is left out: it waits on the (frozen) clock. */
const SEEDS: Record<string, { path: string; body: Record<string, unknown> }> = {
  'tts.speak': {
    path: '/v1/tts',
    body: { text: 'مرحبا بكم', voice: 'ar-SA-noura', speed: 1, quality: 'fast' },
  },
  'tts.stream': {
    path: '/v1/tts/stream',
    body: { text: 'أهلا', voice: 'ar-SA-fahad', speed: 1.5, quality: 'standard' },
  },
  'rag.search': {
    path: '/v1/rag/search',
    body: {
      query: 'إجازة سنوية',
      mode: 'retrieve',
      top_k: 5,
      min_score: 0,
      detail: 'full',
      document_ids: [],
      language: 'auto',
      file_type: 'pdf',
      metadata_filters: { dept: 'hr' },
      enable_rewrite_search_query: true,
      rewrite_search_query_instructions: 'keep "annual leave"',
    },
  },
  'auth.createWsToken': { path: '/v1/auth/ws-token', body: { scopes: ['stt:transcribe', 'tts:speak'] } },
};

const operation = fc.constantFrom(...Object.keys(SEEDS));
const key = () => fc.constantFrom(t.keys.live, t.keys.test);

function post(path: string, body: string, k: string) {
  return send(t, {
    method: 'POST',
    path,
    headers: { ...bearerHeader(k), 'Content-Type': 'application/json' },
    body,
  });
}

describe('mutated JSON bodies', () => {
  it('every mutation of a valid body is answered soundly and a rejection changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        operation,
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        key(),
        async (op, mutations, k) => {
          const { path, body } = SEEDS[op];
          const text = applyMutations(body, mutations);
          await checkCase(t, 'json: mutated bodies', `${op} ${text.slice(0, 200)}`, () =>
            post(path, text, k),
          );
          expectNoPrototypePollution();
        },
      ),
      fcParams(120),
    );
  });

  it('__proto__, constructor and prototype keys inside metadata_filters are plain data', async () => {
    const filters = fc.array(fc.tuple(fc.oneof(protoKey, fc.constantFrom('dept', 'tags')), anyJson), {
      minLength: 1,
      maxLength: 4,
    });
    await fc.assert(
      fc.asyncProperty(filters, fc.constantFrom('retrieve', 'answer'), async (entries, mode) => {
        const inner = objectText(entries.map(([k, v]) => [k, JSON.stringify(v) ?? 'null']));
        const text = `{"query":"leave policy","mode":"${mode}","metadata_filters":${inner}}`;
        await checkCase(t, 'json: metadata_filters keys', text.slice(0, 200), () =>
          post('/v1/rag/search', text, t.keys.live),
        );
        expectNoPrototypePollution();
      }),
      fcParams(60),
    );
  });

  it('arbitrary JSON values and arbitrary bytes as the body', async () => {
    const body = fc.oneof(
      anyJson.map((v) => JSON.stringify(v) ?? 'null'),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
    );
    await fc.assert(
      fc.asyncProperty(operation, body, async (op, text) => {
        await checkCase(t, 'json: arbitrary bodies', `${op} ${text.slice(0, 100)}`, () =>
          post(SEEDS[op].path, text, t.keys.live),
        );
      }),
      fcParams(80),
    );
  });
});
