/** --record writes every exchange, redacted, in the documented format; --replay answers from it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav, float32ToS16le } from '../../src/audio/index.js';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import { TEXT_AR, VOICES, speech } from '../stt/support.js';
import {
  auth,
  exchangesOf,
  filesOf,
  json,
  recordTraffic,
  SEARCH_BODY,
  startPair,
  TTS_BODY,
  type Pair,
} from './support.js';

const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

let pair: Pair;
let token: string;
const pcm = speech(TEXT_AR, 16000, VOICES.noura);
const wav = encodeWav(pcm, 16000);

beforeAll(async () => {
  pair = await startPair();
  ({ token } = await recordTraffic(pair, { differ: false, wav, pcm: float32ToS16le(pcm) }));
});
afterAll(() => pair.close());

describe('recording', () => {
  it('writes one file per exchange, in arrival order, valid against openapi/recording.schema.json', () => {
    const exchanges = exchangesOf(pair.dir);
    expect(exchanges.map((e) => `${e.request.method} ${e.request.path} ${e.response.status}`)).toEqual([
      'POST /v1/tts 200',
      'POST /v1/stt/transcriptions 200',
      'POST /v1/auth/ws-token 201',
      'GET /v1/stt/realtime 101',
      'POST /v1/rag/search 200',
    ]);
    const schema = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'openapi', 'recording.schema.json'), 'utf8'),
    );
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    for (const e of exchanges) expect(validate(e) ? [] : validate.errors, e.id).toEqual([]);
  });

  it('keeps bodies: JSON inline, audio beside with its hash, uploads as a summary with file hashes', () => {
    const [tts, stt, , realtime, search] = exchangesOf(pair.dir);
    expect(tts.request.body).toEqual({ kind: 'json', json: TTS_BODY });
    expect(tts.response.body).toMatchObject({
      kind: 'binary',
      content_type: expect.stringMatching(/^audio\//),
      file: `${tts.id}.response.bin`,
    });
    expect(readFileSync(join(pair.dir, tts.response.body.file)).length).toBe(tts.response.body.size);
    expect(stt.request.body).toMatchObject({
      kind: 'multipart',
      fields: { language: 'ar' },
      files: [{ field: 'file', filename: 'hello.wav', size: wav.length }],
    });
    expect(stt.response.body.json.text).toBe(TEXT_AR);
    expect(search.request.body.json).toEqual(SEARCH_BODY);
    expect(search.response.headers['ratelimit-limit']).toMatch(/^\d+$/);
    // The WebSocket session: an ordered frame list, both directions, binary frames in one file beside.
    expect(realtime.frames[0]).toEqual({ from: 'client', json: { type: 'start', sample_rate: 16000 } });
    expect(realtime.frames.filter((f: any) => f.binary).length).toBeGreaterThan(10);
    expect(realtime.frames.at(-1)).toMatchObject({
      from: 'server',
      json: { type: 'completed', text: TEXT_AR },
    });
    expect(realtime.close).toEqual({ code: 1000, reason: 'completed', by: 'server' });
    expect(realtime.protocol).toBe('wst_[redacted]');
  });

  it('never writes a key, a ws-token or a secret to the disk', () => {
    const secrets = [pair.upstream.keys.test, pair.upstream.keys.test.slice(9, 30), token, token.slice(4)];
    for (const { name, text } of filesOf(pair.dir)) {
      for (const secret of secrets)
        expect(text.includes(secret), `${secret.slice(0, 12)}… found in ${name}`).toBe(false);
    }
    const [tts, , minted] = exchangesOf(pair.dir);
    expect(tts.request.headers.authorization).toBe(`Bearer svc_test_…${pair.upstream.keys.test.slice(-4)}`);
    expect(minted.response.body.json.token).toBe('[redacted]');
  });
});

describe('replay', () => {
  let replay: RunningEmulator;
  beforeAll(async () => {
    replay = await startEmulator({ port: 0, seed: 'replaying', logLevel: 'silent', replay: pair.dir });
  });
  afterAll(() => replay.close());

  it('answers a request that matches a recording from it, and journals it as replayed', async () => {
    const [tts, , , , search] = exchangesOf(pair.dir);
    const res = await fetch(`${replay.baseUrl}/tts`, {
      method: 'POST',
      headers: json(replay.keys.test),
      body: JSON.stringify({ voice: TTS_BODY.voice, text: TTS_BODY.text }),
    });
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(pair.dir, tts.response.body.file))),
    ).toBe(true);
    expect((await replay.admin.requests.waitFor({ path: '/v1/tts' })) as any).toMatchObject({
      replayed: tts.id,
      status: 200,
    });

    // Key order does not matter, and the schema's defaults apply to both sides.
    const found = await fetch(`${replay.baseUrl}/rag/search`, {
      method: 'POST',
      headers: json(replay.keys.test),
      body: JSON.stringify({ top_k: 3, query: SEARCH_BODY.query }),
    });
    expect(await found.json()).toMatchObject({ results: search.response.body.json.results });
    expect((await replay.emulator.part('journal').list({ path: '/v1/rag/search' })).at(-1)?.replayed).toBe(
      search.id,
    );
  });

  it('matches uploads by the audio SHA-256', async () => {
    const [, stt] = exchangesOf(pair.dir);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'renamed.wav');
    const res = await fetch(`${replay.baseUrl}/stt/transcriptions`, {
      method: 'POST',
      headers: auth(replay.keys.test),
      body: form,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { request_id: string };
    expect(
      (await replay.emulator.part('journal').list({ path: '/v1/stt/transcriptions' })).at(-1)?.replayed,
    ).toBe(stt.id);
    expect(body.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('emulates everything else as usual', async () => {
    const res = await fetch(`${replay.baseUrl}/tts`, {
      method: 'POST',
      headers: json(replay.keys.test),
      body: JSON.stringify({ ...TTS_BODY, text: 'نص آخر' }),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(
      (await replay.emulator.part('journal').list({ path: '/v1/tts' })).at(-1)?.replayed,
    ).toBeUndefined();
  });
});
