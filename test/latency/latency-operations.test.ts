/**
 * A latency profile holds the answer of every kind of operation (JSON, audio clip, audio stream, multipart
 * upload) without changing a byte of it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tone, transcribe, wav } from '../stt/support.js';
import { bearer, buildEmulator, type TestEmulator } from '../support/emulator.js';
import { SHORT_TEXT, VOICE, binaryParser, postTts } from '../tts/support.js';

const fixed = (ms: number, perChar?: number) => ({
  median_ms: ms,
  p90_ms: ms,
  max_ms: 1000,
  ...(perChar ? { per_character_ms: perChar } : {}),
});
const PROFILE = {
  operations: {
    'tts.speak': fixed(10, 2),
    'tts.stream': fixed(15),
    'stt.transcribe': { ...fixed(20), per_audio_second_ms: 10 },
    'rag.uploadDocument': fixed(25),
  },
};

let instant: TestEmulator;
let delayed: TestEmulator;
beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'latency-ops-')), 'profile.json');
  writeFileSync(file, JSON.stringify(PROFILE));
  [instant, delayed] = await Promise.all([
    buildEmulator({ seed: 'latency-ops' }),
    buildEmulator({ seed: 'latency-ops', latencyProfile: file }),
  ]);
});
afterAll(async () => {
  await Promise.all([instant.emulator.close(), delayed.emulator.close()]);
});

async function latencyOf(t: TestEmulator, operationId: string): Promise<number | undefined> {
  const res = await request(t.app).get('/_emulator/requests').query({ operation_id: operationId });
  return (res.body as { requests: { latency_ms?: number }[] }).requests[0].latency_ms;
}

const stream = (t: TestEmulator) =>
  request(t.app)
    .post('/v1/tts/stream')
    .set('Authorization', bearer(t.keys.live))
    .buffer(true)
    .parse(binaryParser)
    .send({ text: SHORT_TEXT, voice: VOICE });

describe('latency on each kind of answer', () => {
  it('TTS: the clip and the stream are the same bytes, held by the profile (speak per character)', async () => {
    const body = { text: SHORT_TEXT, voice: VOICE };
    const [a, b] = [
      await postTts(instant.app, instant.keys.live, body),
      await postTts(delayed.app, delayed.keys.live, body),
    ];
    expect(b.status).toBe(200);
    expect((b.body as Buffer).equals(a.body as Buffer)).toBe(true);
    expect(await latencyOf(delayed, 'tts.speak')).toBe(10 + 2 * SHORT_TEXT.length);
    const [s, t] = [await stream(instant), await stream(delayed)];
    expect(t.status).toBe(200);
    expect((t.body as Buffer).equals(s.body as Buffer)).toBe(true);
    expect(await latencyOf(delayed, 'tts.stream')).toBe(15);
    expect(await latencyOf(instant, 'tts.stream')).toBeUndefined();
  });

  it('STT sync transcription and a RAG upload answer as without a profile, held by it', async () => {
    const audio = wav(tone(1, 440));
    const [a, b] = [
      await transcribe(instant.app, instant.keys.live, audio),
      await transcribe(delayed.app, delayed.keys.live, audio),
    ];
    expect(b.status).toBe(a.status);
    // Request ids count every request of the emulator, and the two did not see the same ones.
    expect({ ...b.body, request_id: 'x' }).toEqual({ ...a.body, request_id: 'x' });
    // 20 ms plus 10 ms per second of the audio the answer says it decoded (1 s).
    expect(b.body.duration_seconds).toBe(1);
    expect(await latencyOf(delayed, 'stt.transcribe')).toBe(20 + 10 * 1);
    const upload = await request(delayed.app)
      .post('/v1/rag/documents')
      .set('Authorization', bearer(delayed.keys.live))
      .field('title', 'a.txt')
      .attach('file', Buffer.from('latency profiles hold answers'), 'a.txt');
    expect(upload.status).toBe(202);
    expect(await latencyOf(delayed, 'rag.uploadDocument')).toBe(25);
  });
});
