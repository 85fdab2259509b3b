/**
 * GET /_emulator/requests/{id}/audio: the dashboard's Play button. The audio of a journaled TTS answer comes
 * back byte for byte (rendered again, deterministic) and nothing more is billed.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmulator, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { binaryParser, postTts, SHORT_TEXT, VOICE } from './support.js';

let t: TestEmulator;
beforeAll(async () => {
  // The clip cache off, so the audio is really rendered again; tts-cache.test.ts answers it from the cache.
  t = await buildEmulator({ seed: 'tts-request-audio', ttsCacheMb: 0 });
});
afterAll(() => t.emulator.close());

function getAudio(id: string) {
  return request(t.app).get(`/_emulator/requests/${id}/audio`).buffer(true).parse(binaryParser);
}

describe('GET /_emulator/requests/{id}/audio', () => {
  it.each([
    ['audio/mpeg', 'audio/mpeg'],
    ['audio/wav', 'audio/wav'],
  ])(
    'returns the same %s bytes the request was answered with, billing nothing more',
    async (accept, type) => {
      const answer = await postTts(
        t.app,
        t.keys.live,
        { text: SHORT_TEXT, voice: VOICE, speed: 1.25, quality: 'high' },
        accept,
      );
      expect(answer.status).toBe(200);
      const billed = (await t.emulator.part('metering').entries({ orgId: t.orgId, status: 'billed' })).length;
      const replay = await getAudio(String(answer.headers['x-request-id']));
      expect(replay.status).toBe(200);
      expect(replay.headers['content-type']).toContain(type);
      expect(Buffer.compare(replay.body as Buffer, answer.body as Buffer)).toBe(0);
      expect(await t.emulator.part('metering').entries({ orgId: t.orgId, status: 'billed' })).toHaveLength(
        billed,
      );
    },
  );

  it('is 404 for an entry that was not answered with audio, and for an unknown id', async () => {
    const refused = await postTts(t.app, t.keys.live, { text: SHORT_TEXT, voice: 'nobody' });
    expect(refused.status).toBe(422);
    const notAudio = expectProblem(
      await request(t.app).get(`/_emulator/requests/${String(refused.headers['x-request-id'])}/audio`),
      404,
      'not_found',
    );
    expect(notAudio.detail).toMatch(/was not answered with TTS audio/);
    const missing = expectProblem(
      await request(t.app).get('/_emulator/requests/req_missing/audio'),
      404,
      'not_found',
    );
    expect(missing.detail).toMatch(/no request req_missing/);
  });
});
