/** Scripted clips through /_emulator/tts/scripts: duration (read by ffprobe), format, errors, queue, scope. */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LAMEJS_ENCODER_DELAY, QUALITY_TIERS } from '../../src/audio/index.js';
import { HAS_FFMPEG, ffprobe } from '../../src/audio/test-support/ffmpeg.js';
import { buildEmulator, createKey, createOrg, type TestEmulator } from '../support/emulator.js';
import { expectProblem } from '../support/problem.js';
import { SHORT_TEXT, VOICE, arabicText, binaryParser, newScope, postTts, settled } from './support.js';
import { bearer } from '../support/emulator.js';

let t: TestEmulator;
beforeAll(async () => {
  t = await buildEmulator({ seed: 'tts-scripts' });
});
afterAll(async () => {
  await t.emulator.close();
});
beforeEach(async () => {
  await request(t.app).delete('/_emulator/tts/scripts').expect(200);
});

const addScript = (body: Record<string, unknown>) => request(t.app).post('/_emulator/tts/scripts').send(body);
const RATE = QUALITY_TIERS.standard.sampleRate;
/** One MP3 frame plus the encoder delay: what MP3 adds to the PCM length. */
const MP3_SLACK = (LAMEJS_ENCODER_DELAY + 1152) / RATE + 0.001;

describe.skipIf(!HAS_FFMPEG)('scripted TTS clip duration, read by ffprobe', () => {
  it.each([
    ['a short text padded', SHORT_TEXT, 3.2],
    ['a long text cut', arabicText(200), 1.5],
  ])('%s to the scripted duration, WAV and MP3 and the stream', async (_name, text, seconds) => {
    await addScript({ duration_seconds: seconds, queue: 3 });
    const wav = await postTts(t.app, t.keys.live, { text, voice: VOICE }, 'audio/wav');
    expect(wav.status).toBe(200);
    expect(ffprobe(wav.body as Buffer, 'wav').duration).toBeCloseTo(seconds, 3);
    const mp3 = await postTts(t.app, t.keys.live, { text, voice: VOICE }, 'audio/mpeg');
    const d = ffprobe(mp3.body as Buffer, 'mp3').duration;
    expect(d).toBeGreaterThanOrEqual(seconds - 1152 / RATE);
    expect(d - seconds).toBeLessThanOrEqual(MP3_SLACK);
    const stream = await request(t.app)
      .post('/v1/tts/stream')
      .set('Authorization', bearer(t.keys.live))
      .buffer(true)
      .parse(binaryParser)
      .send({ text, voice: VOICE });
    expect(stream.status).toBe(200);
    expect(ffprobe(stream.body as Buffer, 'mp3').duration - seconds).toBeLessThanOrEqual(MP3_SLACK);
    // Used up: the next clip has its natural length again.
    const natural = await postTts(t.app, t.keys.live, { text, voice: VOICE }, 'audio/wav');
    expect(Math.abs(ffprobe(natural.body as Buffer, 'wav').duration - seconds)).toBeGreaterThan(0.01);
  });
});

describe('scripted TTS clips', () => {
  it('a format override answers WAV whatever Accept asked, billed by characters as usual', async () => {
    await addScript({ format: 'wav', org_id: t.orgId });
    const scope = newScope();
    const res = await postTts(t.app, t.keys.live, { text: SHORT_TEXT, voice: VOICE }, 'audio/mpeg', scope);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^audio\/wav/);
    expect((res.body as Buffer).subarray(0, 4).toString('latin1')).toBe('RIFF');
    await settled(t.emulator, scope);
    const entries = await t.emulator.part('metering').entries({ orgId: t.orgId, product: 'tts' });
    expect(entries[0]).toMatchObject({ quantity: [...SHORT_TEXT].length });
  });

  it('a scripted error is returned, not billed, and only for its organization', async () => {
    const org = await createOrg(t.app, { name: 'Other' });
    const key = (await createKey(t.app, org.id, { scopes: ['tts:speak'] })).key;
    await addScript({ org_id: org.id, error: { status: 429, code: 'rate_limited' } });
    expect((await postTts(t.app, t.keys.live, { text: SHORT_TEXT, voice: VOICE })).status).toBe(200);
    const failed = await request(t.app)
      .post('/v1/tts')
      .set('Authorization', bearer(key))
      .send({ text: SHORT_TEXT, voice: VOICE });
    expectProblem(failed, 429, 'rate_limited');
    expect(await t.emulator.part('metering').entries({ orgId: org.id, product: 'tts' })).toEqual([]);
  });

  it.each([
    [{}, 'duration_seconds'],
    [{ duration_seconds: 0 }, 'duration_seconds'],
    [{ duration_seconds: 1000 }, 'duration_seconds'],
    [{ format: 'ogg' }, 'format'],
    [{ error: { status: 503, code: 'x' }, duration_seconds: 1 }, 'error'],
  ])('refuses %j with 422 naming %s', async (body, field) => {
    expect(expectProblem(await addScript(body), 422, 'validation_failed').detail).toContain(field);
  });

  it('lists by organization, deletes one, and unknown organizations are 404', async () => {
    const a = await addScript({ duration_seconds: 1, org_id: t.orgId });
    expect(
      (await request(t.app).get('/_emulator/tts/scripts').query({ org_id: t.orgId })).body.scripts,
    ).toEqual([expect.objectContaining({ id: a.body.id, remaining: 1, matched: 0 })]);
    await request(t.app).delete(`/_emulator/tts/scripts/${a.body.id}`).expect(204);
    expectProblem(await addScript({ duration_seconds: 1, org_id: 'org_nope' }), 404, 'not_found');
  });
});
