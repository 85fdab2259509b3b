/**
 * Issue 12, "Bad input": every JSON input has a maximum depth (32) checked before any handler, with its own
 * 422 code; nothing stored can poison a later read; a failed upload is not billed; invalid UTF-8 in a JSON
 * body is a 400 naming the byte; multipart file names are UTF-8 (plain and RFC 5987 `filename*`).
 * Every hostile input is generated here.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ConfigError } from '../../src/app/config.js';
import { Clock } from '../../src/core/clock.js';
import { createEmulator } from '../../src/app/emulator.js';
import { MAX_JSON_DEPTH } from '../../src/http/json-limits.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { closed, openWs } from '../support/ws.js';
import { putTenant } from '../rag/helpers.js';
import { noise, transcribe, wav } from '../stt/support.js';

/** JSON text nested `depth` levels deep: objects and arrays alternating, a string at the bottom. */
function nested(depth: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    open += i % 2 === 0 ? '{"a":' : '[';
    close = (i % 2 === 0 ? '}' : ']') + close;
  }
  return `${open}"x"${close}`;
}

let t: TestEmulator;
let clock: Clock;
let wsUrl: string;
let httpUrl: string;

beforeAll(async () => {
  clock = new Clock({ mode: 'frozen', startAt: Date.parse('2030-01-01T00:00:00Z') });
  t = await buildEmulator({ seed: 'bad-input' }, { clock });
  await putTenant({ ...t, clock }, t.orgId, { state: 'ready' });
  const { port } = await t.emulator.listen(0, '127.0.0.1');
  wsUrl = `ws://127.0.0.1:${port}/v1`;
  httpUrl = `http://127.0.0.1:${port}`;
});
afterAll(() => t.emulator.close());

const live = () => bearer(t.keys.live);
const uploadsBilled = async () =>
  (await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'rag_upload', status: 'billed' }))
    .length;

describe(`JSON nested deeper than ${MAX_JSON_DEPTH}`, () => {
  it.each([MAX_JSON_DEPTH + 1, 20_000])(
    'a /v1 body (metadata_filters) %i deep → 422 json_too_deep',
    async (depth) => {
      const body = `{"query":"x","mode":"retrieve","metadata_filters":${nested(depth - 1)}}`;
      const res = await request(t.app)
        .post('/v1/rag/search')
        .set('Authorization', live())
        .set('Content-Type', 'application/json')
        .send(body);
      const problem = expectProblem(res, 422, 'json_too_deep');
      expect(problem.detail).toContain(`more than ${MAX_JSON_DEPTH} levels`);
    },
  );

  it('exactly the maximum depth is not refused for its depth', async () => {
    const body = `{"query":"x","mode":"retrieve","metadata_filters":${nested(MAX_JSON_DEPTH - 1)}}`;
    const res = await request(t.app)
      .post('/v1/rag/search')
      .set('Authorization', live())
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.body.code).not.toBe('json_too_deep');
    expect(res.status).toBeLessThan(500);
  });

  it('an admin body (webhooks/trigger data) 20,000 deep → 422 json_too_deep', async () => {
    const body = `{"org_id":"${t.orgId}","event":"ping","data":${nested(20_000)}}`;
    expectProblem(
      await request(t.app)
        .post('/_emulator/webhooks/trigger')
        .set('Content-Type', 'application/json')
        .send(body),
      422,
      'json_too_deep',
    );
  });

  it('a RAG upload metadata part 20,000 deep → 422 json_too_deep, nothing stored, nothing billed, listings still answer', async () => {
    const billed = await uploadsBilled();
    const res = await request(t.app)
      .post('/v1/rag/documents')
      .set('Authorization', live())
      .field('title', 'deep')
      .field('metadata', nested(20_000))
      .attach('file', Buffer.from('نص قصير'), 'deep.txt');
    expectProblem(res, 422, 'json_too_deep');
    expect(await uploadsBilled()).toBe(billed);
    const list = await request(t.app).get('/v1/rag/documents').set('Authorization', live());
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('deep.txt');
  });

  it('a WebSocket frame 20,000 deep → error frame json_too_deep, close 4400', async () => {
    const ws = await openWs(`${wsUrl}/tts/realtime`, undefined, { Authorization: live() });
    const frames: Record<string, unknown>[] = [];
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) frames.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>);
    });
    const done = closed(ws);
    ws.send(`{"type":"start","x":${nested(20_000)}}`);
    expect((await done).code).toBe(4400);
    expect(frames.at(-1)).toMatchObject({ type: 'error', code: 'json_too_deep' });
  });

  it('an STT realtime text frame 20,000 deep → close 4400 json_too_deep', async () => {
    const ws = await openWs(`${wsUrl}/stt/realtime`, undefined, { Authorization: live() });
    const frames: string[] = [];
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) frames.push(data.toString('utf8'));
    });
    const done = closed(ws);
    ws.send(nested(20_000));
    expect((await done).code).toBe(4400);
    expect(frames.join('\n')).toContain('json_too_deep');
    expect(ws.readyState).toBe(WebSocket.CLOSED);
  });

  it('a config file 20,000 deep is refused at start with a message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-deep-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, `{"extra":${nested(20_000)}}`);
    await expect(createEmulator({ config: file, logLevel: 'silent' })).rejects.toThrow(ConfigError);
    await expect(createEmulator({ config: file, logLevel: 'silent' })).rejects.toThrow(
      /nested more than 32 levels/,
    );
  });
});

describe('invalid UTF-8 in a JSON body', () => {
  const prefix = Buffer.from('{"text":"');
  it.each([
    ['a lone continuation byte', [0x80]],
    ['0xFF', [0xff]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ])('%s → 400 malformed_request naming the byte offset', async (_name, bytes) => {
    const body = Buffer.concat([prefix, Buffer.from(bytes), Buffer.from('","voice":"ar-SA-noura"}')]);
    // The raw bytes go out as they are (a client library would re-encode a string).
    const res = await fetch(`${httpUrl}/v1/tts`, {
      method: 'POST',
      headers: { Authorization: live(), 'Content-Type': 'application/json' },
      body,
    });
    const problem = expectProblem(
      { status: res.status, headers: Object.fromEntries(res.headers), body: await res.json() },
      400,
      'malformed_request',
    );
    expect(problem.detail).toContain(`byte ${prefix.length}`);
  });

  it('valid UTF-8 (Arabic, emoji) is accepted', async () => {
    const res = await request(t.app)
      .post('/v1/tts')
      .set('Authorization', live())
      .send({ text: 'مرحبا 👋', voice: 'ar-SA-noura' });
    expect(res.status).toBe(200);
  });
});

describe('multipart file names', () => {
  const NAME = 'تقرير.txt';

  /** A multipart body written by hand, so the Content-Disposition header is exactly what is under test. */
  function multipart(disposition: string, content: string): { type: string; body: Buffer } {
    const boundary = 'svcboundary12';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nreport\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: text/plain\r\n\r\n`,
        'utf8',
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { type: `multipart/form-data; boundary=${boundary}`, body };
  }

  it.each([
    ['filename= in UTF-8', `filename="${NAME}"`],
    ["RFC 5987 filename*=UTF-8''", `filename="report.txt"; filename*=UTF-8''${encodeURIComponent(NAME)}`],
  ])('%s keeps the Arabic name', async (_label, disposition) => {
    const { type, body } = multipart(disposition, 'هذا تقرير قصير');
    const res = await request(t.app)
      .post('/v1/rag/documents')
      .set('Authorization', live())
      .set('Content-Type', type)
      .send(body);
    expect(res.status).toBe(202);
    expect(res.body.document.file_name).toBe(NAME);
  });

  it('an STT script keyed by an Arabic file name matches the upload', async () => {
    await request(t.app)
      .post('/_emulator/stt/scripts')
      .send({ org_id: t.orgId, file_name: 'مقابلة.wav', text: 'نص مكتوب' })
      .expect(201);
    const res = await transcribe(t.app, t.keys.live, wav(noise(1)), { fileName: 'مقابلة.wav' });
    expect(res.status).toBe(200);
    expect(res.body.text).toBe('نص مكتوب');
  });
});
