/**
 * The /v1 flow, written as an integrator writes it against the SDK that @hey-api/openapi-ts generates from
 * openapi/gateway.yaml. Not compiled with the repository: test/client/generated-sdk.test.ts generates the SDK
 * into `./gateway/` beside a copy of this file in a temporary directory, compiles both with one strict tsc
 * program, and runs the compiled steps against an emulator. Every JSON answer is checked by the generated zod
 * schema (`validator: true`); binary answers and error bodies are not, so the steps check those themselves.
 */
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { createClient, createConfig, type Client } from './gateway/client/index.js';
import {
  authCreateWsToken,
  ragDeleteDocument,
  ragGetDocument,
  ragGetJob,
  ragSearch,
  ragUploadDocument,
  sttGetJob,
  sttTranscribe,
  ttsSpeak,
} from './gateway/sdk.gen.js';
import type { SttResult } from './gateway/types.gen.js';
import { zProblem, zSttRealtimeServerFrame } from './gateway/zod.gen.js';

export interface Gateway {
  client: Client;
  baseUrl: string;
}

export function gateway(baseUrl: string, apiKey: string): Gateway {
  // `auth` feeds the bearer scheme the document declares: the SDK sends `Authorization: Bearer <key>`.
  return { client: createClient(createConfig({ baseUrl, auth: apiKey })), baseUrl };
}

/** Polls `read` until `done`: at most 400 reads, 25 ms apart (10 s), then fails with the last answer. */
async function poll<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const attempts = 400;
  let last: T | undefined;
  for (let i = 0; i < attempts; i++) {
    last = await read();
    if (done(last)) return last;
    await delay(25);
  }
  throw new Error(`${what}: not done after ${attempts} polls; last: ${JSON.stringify(last)}`);
}

/** POST /tts with the given `Accept`; the SDK hands back a Blob, checked here by its header bytes. */
export async function speak(
  gw: Gateway,
  text: string,
  accept: 'audio/wav' | 'audio/mpeg',
): Promise<Uint8Array<ArrayBuffer>> {
  const { data, response } = await ttsSpeak({
    client: gw.client,
    throwOnError: true,
    headers: { Accept: accept },
    body: { text, voice: 'ar-SA-noura' },
  });
  assert.equal(response.headers.get('content-type'), accept);
  assert.ok(data instanceof Blob, 'a binary answer is a Blob');
  const bytes = new Uint8Array(await data.arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (accept === 'audio/wav') {
    assert.equal(ascii(0, 4), 'RIFF');
    assert.equal(ascii(8, 12), 'WAVE');
  } else {
    // An ID3 tag, or straight into an MPEG audio frame (11 sync bits).
    const framed = bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;
    assert.ok(ascii(0, 3) === 'ID3' || framed, `an MP3 starts with ID3 or a frame sync (got ${ascii(0, 4)})`);
  }
  return bytes;
}

/** POST /stt/transcriptions; 200 and 202 share one response type, so the status tells them apart. */
export async function transcribe(
  gw: Gateway,
  wav: Uint8Array<ArrayBuffer>,
): Promise<{ status: 200; result: SttResult } | { status: 202; jobId: string }> {
  const { data, response } = await sttTranscribe({
    client: gw.client,
    throwOnError: true,
    body: { file: new Blob([wav], { type: 'audio/wav' }), language: 'ar' },
  });
  if (response.status === 200) {
    assert.ok('text' in data, 'a 200 carries the result');
    return { status: 200, result: data };
  }
  assert.equal(response.status, 202);
  assert.ok('job_id' in data, 'a 202 carries the job');
  assert.equal(data.status, 'processing');
  return { status: 202, jobId: data.job_id };
}

/** GET /stt/jobs/{id} until the job is no longer processing. */
export async function waitForTranscription(gw: Gateway, jobId: string): Promise<SttResult> {
  const job = await poll(
    `STT job ${jobId}`,
    async () => (await sttGetJob({ client: gw.client, throwOnError: true, path: { id: jobId } })).data,
    (j) => j.status !== 'processing',
  );
  assert.equal(job.status, 'completed');
  assert.ok(job.result, 'a completed job has its result');
  assert.equal(job.error, null);
  return job.result;
}

export interface RagRound {
  documentId: string;
  retrieved: string[];
  answer: string | null | undefined;
  afterDelete: string[];
  missingCode: string;
}

/** Upload a document, wait for its indexing job, search it (retrieve, answer), delete it, search again. */
export async function ragRound(gw: Gateway, title: string, text: string, query: string): Promise<RagRound> {
  const upload = await ragUploadDocument({
    client: gw.client,
    throwOnError: true,
    body: { file: new Blob([text], { type: 'text/plain' }), title },
  });
  assert.equal(upload.response.status, 202);
  const documentId = upload.data.document.document_id;
  assert.equal(upload.data.job.document_id, documentId);

  const job = await poll(
    `RAG job ${upload.data.job.job_id}`,
    async () =>
      (await ragGetJob({ client: gw.client, throwOnError: true, path: { id: upload.data.job.job_id } })).data,
    (j) => j.status !== 'processing',
  );
  assert.equal(job.status, 'completed');
  const stored = await ragGetDocument({ client: gw.client, throwOnError: true, path: { id: documentId } });
  assert.equal(stored.data.status, 'ready');
  assert.equal(stored.data.title, title);

  const retrieve = await ragSearch({
    client: gw.client,
    throwOnError: true,
    body: { query, mode: 'retrieve', top_k: 3 },
  });
  assert.equal(retrieve.data.mode, 'retrieve');
  const answer = await ragSearch({
    client: gw.client,
    throwOnError: true,
    body: { query, mode: 'answer', document_ids: [documentId] },
  });
  assert.equal(answer.data.mode, 'answer');
  assert.ok(answer.data.results.every((r) => r.document_id === documentId));

  const deleted = await ragDeleteDocument({
    client: gw.client,
    throwOnError: true,
    path: { id: documentId },
  });
  assert.equal(deleted.response.status, 204);
  // Error answers are not validated by the SDK (its validator runs on 2xx JSON only): parse the problem here.
  const gone = await ragGetDocument({ client: gw.client, path: { id: documentId } });
  assert.ok(gone.response, 'an answer');
  assert.equal(gone.response.status, 404);
  assert.match(gone.response.headers.get('content-type') ?? '', /^application\/problem\+json\b/);
  const problem = zProblem.parse(gone.error);
  const after = await ragSearch({ client: gw.client, throwOnError: true, body: { query, mode: 'retrieve' } });

  return {
    documentId,
    retrieved: retrieve.data.results.map((r) => r.document_id),
    answer: answer.data.answer,
    afterDelete: after.data.results.map((r) => r.document_id),
    missingCode: problem.code,
  };
}

/**
 * POST /auth/ws-token, then the token on /stt/realtime: the SDK cannot open a WebSocket (its `sttRealtime` is
 * a plain GET), so `ws` does, and every server frame is checked with the generated frame schema.
 */
export async function realtimeWithToken(gw: Gateway): Promise<{ expiresIn: number; frames: string[] }> {
  const { data, response } = await authCreateWsToken({
    client: gw.client,
    throwOnError: true,
    body: { scopes: ['stt:transcribe'] },
  });
  assert.equal(response.status, 201);
  assert.deepEqual(data.scopes, ['stt:transcribe']);

  const url = `${gw.baseUrl.replace(/^http/, 'ws')}/stt/realtime`;
  const ws = new WebSocket(url, [data.token]);
  const frames: string[] = [];
  const closed = new Promise<number>((resolve, reject) => {
    ws.on('message', (raw, binary) => {
      if (binary) return;
      const frame = zSttRealtimeServerFrame.parse(JSON.parse(String(raw)));
      frames.push(frame.type);
    });
    ws.on('close', (code) => resolve(code));
    ws.on('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  assert.equal(ws.protocol, data.token, 'the server selects the token as the subprotocol');
  ws.send(JSON.stringify({ type: 'start', sample_rate: 16000, language: 'ar' }));
  ws.send(new Uint8Array(3200)); // 0.1 s of silence
  ws.send(JSON.stringify({ action: 'close_stream' }));
  assert.equal(await closed, 1000);
  return { expiresIn: data.expires_in, frames };
}
